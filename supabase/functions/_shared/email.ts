// The rally's emails as the functions send them: each row the database hands a function
// (claim_email, claim_webhook_delivery) becomes the props of its template, rendered by
// _shared/emails (React Email: every template, typed, in one place, with an HTML and a text part),
// and the one sender: an HTTP email API in Resend's shape (EMAIL_API_URL, EMAIL_API_KEY; locally
// the emulator's mail catcher).
//
// The confirmation and the acknowledgement go to whatever address was typed into a public form,
// so they say only fixed words and, at most, the booking reference: their templates take no
// visitor text (_shared/emails/registration.tsx).
//
// Every fact of the rally (its name, dates, deposit) is the row's own edition's: claim_email and
// claim_webhook_delivery answer the row with its edition's facts under `edition`
// (supabase/schemas/submissions.sql), so each entrant reads their own edition's name, dates and deposit, and the
// sender's name is the edition's. Nothing here states a year, a date or an amount
// (tests/lint/hard-coded-facts.test.ts).
import {
  type EditionFacts,
  type Email,
  type EmailKind,
  type EmailProps,
  ORGANISATION,
  renderEmail,
  type TeamPage,
} from './emails/index.tsx';

export type { EditionFacts, Email, TeamPage };

// EMAIL_FROM is the sending address, with or without a display name; each email names itself.
const FROM_ADDRESS = () => {
  const from = (Deno.env.get('EMAIL_FROM') ?? '').trim();
  return from.match(/<([^<>]+)>\s*$/)?.[1] ?? (from || 'hello@europerally.example');
};
const SITE = () => (Deno.env.get('SITE_URL') ?? 'http://localhost:5173').replace(/\/+$/, '');

/**
 * A sender: 'Name <address>'. The name is the organiser's text: what would end the name or the
 * header (quotes, angle brackets, backslashes, line breaks) becomes a space, and a name with
 * other punctuation is quoted, so it stays one display name (RFC 5322) that Resend accepts.
 */
export function sender(name: string | undefined): string {
  const display = (name ?? ORGANISATION).replace(/["<>\\\s]+/g, ' ').trim() || ORGANISATION;
  const quoted = /[^\w .'-]/.test(display) ? `"${display}"` : display;
  return `${quoted} <${FROM_ADDRESS()}>`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : NaN;

/** The row's edition, as claim_email and claim_webhook_delivery add it; throws without one. */
export function editionOf(row: Record<string, unknown>): EditionFacts {
  const edition = row.edition;
  if (typeof edition !== 'object' || edition === null)
    throw new Error(`The row ${text(row.id)} came without its edition`);
  const facts = edition as Record<string, unknown>;
  const found: EditionFacts = {
    id: text(facts.id),
    year: whole(facts.year),
    name: text(facts.name),
    startDate: text(facts.start_date),
    endDate: text(facts.end_date),
    deposit: whole(facts.deposit),
  };
  if (!found.id || !found.name || Number.isNaN(found.year) || Number.isNaN(found.deposit))
    throw new Error(`The edition of row ${text(row.id)} is incomplete`);
  return found;
}

/** Renders one email of `kind`, the site's address (SITE_URL) filled in. */
export function composeEmail<K extends EmailKind>(
  kind: K,
  to: string,
  props: Omit<EmailProps<K>, 'site'>,
): Promise<Email> {
  return renderEmail(kind, to, { ...props, site: SITE() } as EmailProps<K>);
}

export function registrationConfirmation(
  row: Record<string, unknown>,
  teamPage?: TeamPage,
): Promise<Email> {
  return composeEmail('registrationConfirmation', text(row.lead_driver_email), {
    edition: editionOf(row),
    reference: text(row.id),
    // The hold is private.place_hold(); a second registration from one network holds none; one
    // made through a waiting-list offer is held by the offer until it expires.
    holdsPlace: row.holds_place !== false,
    heldUntil: typeof row.place_held_until === 'string' ? row.place_held_until : undefined,
    teamPage,
  });
}

export function depositReceipt(row: Record<string, unknown>, teamPage?: TeamPage): Promise<Email> {
  return composeEmail('depositReceipt', text(row.lead_driver_email), {
    edition: editionOf(row),
    reference: text(row.id),
    teamPage,
    leadDriverName: text(row.lead_driver_name),
    teamName: text(row.team_name),
    payment: {
      amount: typeof row.deposit_amount === 'number' ? row.deposit_amount : 0,
      currency: text(row.deposit_currency),
      paidAt: text(row.deposit_paid_at),
      paymentId: text(row.payment_id),
    },
  });
}

export function enquiryAcknowledgement(row: Record<string, unknown>): Promise<Email> {
  return composeEmail('enquiryAcknowledgement', text(row.email), { edition: editionOf(row) });
}

/** Tells an existing account that an administrator gave it the administrator role. */
export function administratorGranted(to: string): Promise<Email> {
  return composeEmail('administratorGranted', to, {});
}

/** The email API's refusal: its status and the name Resend gives the error ('validation_error'). */
export class EmailRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    answer: string,
  ) {
    super(`The email API answered ${status}: ${answer.slice(0, 200)}`);
  }
}

/**
 * Sends one email; throws with the provider's answer when it is refused or unreachable. With an
 * `idempotencyKey` (Resend's Idempotency-Key header, kept 24 hours) a repeat of the same send
 * delivers nothing: the mailings send each recipient's row id, so a row sent again after a crash
 * reaches its person once.
 */
export async function sendEmail(
  email: Email,
  options: { idempotencyKey?: string } = {},
): Promise<void> {
  const base = (Deno.env.get('EMAIL_API_URL') ?? '').replace(/\/+$/, '');
  if (!base) throw new Error('EMAIL_API_URL is not set');
  const response = await fetch(`${base}/emails`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${Deno.env.get('EMAIL_API_KEY') ?? ''}`,
      'content-type': 'application/json',
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      from: sender(email.fromName),
      to: [email.to],
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.headers ? { headers: email.headers } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const answer = await response.text();
    let name = '';
    try {
      const named: unknown = (JSON.parse(answer) as { name?: unknown }).name;
      name = typeof named === 'string' ? named : '';
    } catch {
      // Not Resend's JSON: the status and the text say what happened.
    }
    throw new EmailRefused(response.status, name, answer);
  }
}
