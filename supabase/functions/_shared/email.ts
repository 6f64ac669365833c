// The emails the rally sends (registration confirmation, deposit receipt, acknowledgement of an
// enquiry), each as plain text and HTML, and the one sender: an HTTP email API in Resend's shape
// (EMAIL_API_URL, EMAIL_API_KEY; locally the emulator's mail catcher). Every string a visitor
// typed is escaped in the HTML, so a team called "<script>" is text in every mail client.
//
// The confirmation and the acknowledgement go to whatever address was typed into a public form,
// so they say only fixed words and, at most, the booking reference: never a name, a team or a
// message, which would let anyone send their text from the rally's address to anyone.
//
// Every fact of the rally (its name, dates, deposit) is the row's own edition's: claim_email and
// claim_webhook_delivery answer the row with its edition's facts under `edition` (migration
// 20261125000400), so a 2027 entrant reads 2027's name, dates and deposit, and the sender's name
// is the edition's. Nothing here states a year, a date or an amount
// (tests/lint/hard-coded-facts.test.ts).
//
// Amounts, dates and moments are written by the site's own formatters, imported by their paths
// (they import nothing): an amount in pence says what the inbox and the receipt page say.
import { formatDateTime } from '../../../src/lib/dateTime.ts';
import { dateRangeLabel } from '../../../src/lib/format.ts';
import { formatMoney } from '../../../src/lib/money.ts';

/** `fromName` is the sender's display name: the edition's name when the email is about one. */
export type Email = { to: string; subject: string; text: string; html: string; fromName?: string };

/** The facts of a row's edition as the claim functions add them (money in pence). */
export type EditionFacts = {
  id: string;
  year: number;
  name: string;
  startDate: string;
  endDate: string;
  deposit: number;
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

// EMAIL_FROM is the sending address, with or without a display name; each email names itself.
const FROM_ADDRESS = () => {
  const from = (Deno.env.get('EMAIL_FROM') ?? '').trim();
  return from.match(/<([^<>]+)>\s*$/)?.[1] ?? (from || 'hello@europerally.example');
};
/** The organisation's name, for an email no edition is part of. */
const ORGANISATION = 'Europe Rally';
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

/** Lines of label and value, as text and as an HTML table (values escaped). */
function details(rows: [string, string][]): { text: string; html: string } {
  const shown = rows.filter(([, value]) => value.trim() !== '');
  if (shown.length === 0) return { text: '', html: '' };
  return {
    text: shown.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table cellpadding="4">${shown
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

function compose(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  facts: [string, string][],
  edition?: EditionFacts,
): Email {
  const table = details(facts);
  const team = `The ${edition?.name ?? ORGANISATION} team`;
  const signature = `${team}\n${SITE()}`;
  return {
    to,
    subject,
    fromName: edition?.name,
    text: [greeting, ...paragraphs, table.text, signature].filter(Boolean).join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      table.html,
      `<p>${escapeHtml(team)}<br><a href="${escapeHtml(SITE())}">${escapeHtml(SITE())}</a></p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

export function registrationConfirmation(row: Record<string, unknown>): Email {
  const edition = editionOf(row);
  const deposit = formatMoney(edition.deposit);
  return compose(
    text(row.lead_driver_email),
    `Your ${edition.name} registration`,
    'Hello,',
    [
      `Thank you for registering for the ${edition.name} (${dateRangeLabel(edition.startDate, edition.endDate)}). We have your registration.`,
      // The hold is private.place_hold(); a second registration from one network holds none.
      row.holds_place === false
        ? `Please pay the ${deposit} deposit now: your place is secured once the deposit is paid, if a place is still free, and we will send a receipt.`
        : `Your place is held for 5 minutes while you pay the ${deposit} deposit; once the deposit is paid, your place is secured and we will send a receipt.`,
      'If you did not register, you can ignore this email.',
    ],
    [['Booking reference', text(row.id)]],
    edition,
  );
}

export function depositReceipt(row: Record<string, unknown>): Email {
  const edition = editionOf(row);
  const formatted = formatMoney(typeof row.deposit_amount === 'number' ? row.deposit_amount : 0, {
    currency: text(row.deposit_currency),
    payment: true,
  });
  return compose(
    text(row.lead_driver_email),
    `Deposit received: your place on the ${edition.name} is secured`,
    `Dear ${text(row.lead_driver_name)},`,
    [
      `We have received your deposit of ${formatted}. Your place on the ${edition.name} is secured.`,
      'We will send your team pack and the balance payment details.',
    ],
    [
      ['Reference', text(row.id)],
      ['Amount', formatted],
      ['Paid', formatDateTime(text(row.deposit_paid_at), 'long')],
      ['Payment', text(row.payment_id)],
      ['Team', text(row.team_name)],
      ['Rally', `${edition.name}, ${dateRangeLabel(edition.startDate, edition.endDate)}`],
    ],
    edition,
  );
}

export function enquiryAcknowledgement(row: Record<string, unknown>): Email {
  const edition = editionOf(row);
  return compose(
    text(row.email),
    'Thank you for your sponsorship enquiry',
    'Hello,',
    [
      `Thank you for your interest in sponsoring the ${edition.name}. We have your enquiry and will be in touch shortly.`,
      'If you did not send an enquiry, you can ignore this email.',
    ],
    [],
    edition,
  );
}

/** Tells an existing account that an administrator gave it the administrator role. */
export function administratorGranted(to: string): Email {
  return compose(
    to,
    `You are now an administrator of the ${ORGANISATION} website`,
    'Hello,',
    [
      `An administrator of the ${ORGANISATION} website has made your account an administrator.`,
      `Sign in at ${SITE()}/admin with your email address and password. If you did not expect this, reply to this email and tell us.`,
    ],
    [],
  );
}

/** Sends one email; throws with the provider's answer when it is refused or unreachable. */
export async function sendEmail(email: Email): Promise<void> {
  const base = (Deno.env.get('EMAIL_API_URL') ?? '').replace(/\/+$/, '');
  if (!base) throw new Error('EMAIL_API_URL is not set');
  const response = await fetch(`${base}/emails`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${Deno.env.get('EMAIL_API_KEY') ?? ''}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      from: sender(email.fromName),
      to: [email.to],
      subject: email.subject,
      text: email.text,
      html: email.html,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new Error(
      `The email API answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
}
