// Money: integer pence in, en-GB text out. The one money formatter of the site, the admin and the
// emails (a module of formats/, which the site and the Edge Functions both import).
//
// The rule: a payment (what was paid or is due, to the penny: receipts, the inbox) always shows
// its pence, 12000 → '£120.00'; any other amount (the prices and figures the site states) shows
// whole pounds when it is whole, 12000 → '£120', and its pence when it is not, 12050 → '£120.50'.
// Pounds are hand-written rather than Intl's (the public pages' reason is in dates.ts); money.test.ts
// holds them equal to Intl. Another currency (a payment Stripe reported in one) is Intl's.

/** An amount in the currency's minor unit: pence for pounds. Always a whole number. */
export type Pence = number;

/** A whole-pounds setting (120) as pence (12000): the settings' one way in. */
export const penceFromPounds = (pounds: number): Pence => Math.round(pounds * 100);

const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

export type MoneyStyle = {
  /** The currency's ISO code, any case; pounds when absent. */
  currency?: string | null;
  /** A payment: show the pence even when there are none ('£120.00'). */
  payment?: boolean;
};

/** 12000 → '£120'; 12050 → '£120.50'; with { payment: true } 12000 → '£120.00'; null → ''. */
export function formatMoney(amount: Pence | null, style: MoneyStyle = {}): string {
  if (amount === null || !Number.isFinite(amount)) return '';
  const currency = (style.currency || 'gbp').toUpperCase();
  if (currency !== 'GBP') return foreignMoney(amount, currency);
  const pence = Math.round(Math.abs(amount));
  const rest = pence % 100;
  const pounds = thousands(String((pence - rest) / 100));
  const shown = rest !== 0 || style.payment ? `${pounds}.${String(rest).padStart(2, '0')}` : pounds;
  return `${amount < 0 && pence !== 0 ? '-' : ''}£${shown}`;
}

/** 12000 jpy → 'JP¥12,000': the minor unit in the currency's own decimals, as Stripe sends it. */
function foreignMoney(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // A code Intl does not know: the number as sent, with the code.
    return `${minor} ${currency.toLowerCase()}`;
  }
}
