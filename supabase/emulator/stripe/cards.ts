// Stripe's documented test cards, as the stand-in's test-mode checkout page takes them
// (docs.stripe.com/testing): a number is read as Stripe Checkout reads what a payer types, and
// what happens next is what Stripe's test mode does with that card. 4242 4242 4242 4242 (the
// page's default) and the other brand cards succeed; 4000 0000 0000 0002 and its family are
// declined with Stripe's card error; 4000 0000 0000 0259 succeeds and is then disputed as
// fraudulent; 4000 0000 0000 5126 succeeds and a refund of it fails later
// (expired_or_canceled_card). A number that fails the Luhn check is refused before anything is
// sent, as Checkout's own field refuses it; a real (Luhn-valid) card is declined, as test mode
// declines live cards.
import type { CardDetails, CardError } from './objects';

export type CardOutcome =
  | { kind: 'succeeds'; card: CardDetails }
  | { kind: 'disputed'; card: CardDetails }
  | { kind: 'refund fails'; card: CardDetails }
  | { kind: 'declined'; card: CardDetails; error: CardError }
  | { kind: 'invalid'; message: string };

/** What the checkout page fills in: Stripe's first test card. */
export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';

const EXPIRY = { exp_month: 12, exp_year: 2034 };

const declined = (decline_code: string, message = 'Your card was declined.'): CardError => ({
  type: 'card_error',
  code: 'card_declined',
  decline_code,
  message,
});

type Known = { brand: string; country: string; funding: CardDetails['funding'] } & (
  { kind: 'succeeds' | 'disputed' | 'refund fails' } | { kind: 'declined'; error: CardError }
);

const visa = { brand: 'visa', country: 'US', funding: 'credit' } as const;

/** The test cards the stand-in knows, by number. */
const TEST_CARDS: Record<string, Known> = {
  '4242424242424242': { ...visa, kind: 'succeeds' },
  '4000056655665556': { ...visa, funding: 'debit', kind: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', country: 'US', funding: 'credit', kind: 'succeeds' },
  '378282246310005': { brand: 'amex', country: 'US', funding: 'credit', kind: 'succeeds' },
  '4000008260000000': { ...visa, country: 'GB', kind: 'succeeds' },
  '4000058260000005': { ...visa, country: 'GB', funding: 'debit', kind: 'succeeds' },
  '4000000000000002': { ...visa, kind: 'declined', error: declined('generic_decline') },
  '4000000000009995': {
    ...visa,
    kind: 'declined',
    error: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000009987': { ...visa, kind: 'declined', error: declined('lost_card') },
  '4000000000009979': { ...visa, kind: 'declined', error: declined('stolen_card') },
  '4000000000000069': {
    ...visa,
    kind: 'declined',
    error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000119': {
    ...visa,
    kind: 'declined',
    error: {
      type: 'card_error',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  '4000000000000259': { ...visa, kind: 'disputed' },
  '4000000000005126': { ...visa, kind: 'refund fails' },
};

/** The Luhn check every card number passes (ISO/IEC 7812). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What paying with `typed` (as the payer typed it: spaces and dashes allowed) does. */
export function cardOutcome(typed: string): CardOutcome {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return { kind: 'invalid', message: 'Your card number is invalid.' };
  if (digits.length < 13) return { kind: 'invalid', message: 'Your card number is incomplete.' };
  if (digits.length > 19 || !luhn(digits))
    return { kind: 'invalid', message: 'Your card number is invalid.' };
  const known = TEST_CARDS[digits];
  const base = { country: 'US', ...EXPIRY, last4: digits.slice(-4) };
  if (!known)
    return {
      kind: 'declined',
      card: { ...base, brand: digits.startsWith('4') ? 'visa' : 'unknown', funding: 'credit' },
      error: declined(
        'test_mode_live_card',
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      ),
    };
  const card: CardDetails = {
    ...base,
    brand: known.brand,
    country: known.country,
    funding: known.funding,
  };
  return known.kind === 'declined'
    ? { kind: 'declined', card, error: known.error }
    : { kind: known.kind, card };
}
