// The emails the rally sends (registration confirmation, deposit receipt, acknowledgement of an
// enquiry), each as plain text and HTML, and the one sender: an HTTP email API in Resend's shape
// (EMAIL_API_URL, EMAIL_API_KEY; locally the emulator's mail catcher). Every string a visitor
// typed is escaped in the HTML, so a team called "<script>" is text in every mail client.
//
// The confirmation and the acknowledgement go to whatever address was typed into a public form,
// so they say only fixed words and, at most, the booking reference: never a name, a team or a
// message, which would let anyone send their text from the rally's address to anyone.
//
// Amounts and moments are written by the site's own formatters, imported by their paths (they
// import nothing): an amount in pence says what the inbox and the receipt page say.
import { formatDateTime } from '../../../src/lib/dateTime.ts';
import { formatMoney } from '../../../src/lib/money.ts';

export type Email = { to: string; subject: string; text: string; html: string };

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const FROM = () => Deno.env.get('EMAIL_FROM') ?? '2026 Europe Rally <hello@europerally.example>';
const SITE = () => (Deno.env.get('SITE_URL') ?? 'http://localhost:5173').replace(/\/+$/, '');

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
): Email {
  const table = details(facts);
  const signature = `The 2026 Europe Rally team\n${SITE()}`;
  return {
    to,
    subject,
    text: [greeting, ...paragraphs, table.text, signature].filter(Boolean).join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      table.html,
      `<p>The 2026 Europe Rally team<br><a href="${escapeHtml(SITE())}">${escapeHtml(SITE())}</a></p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function registrationConfirmation(row: Record<string, unknown>): Email {
  return compose(
    text(row.lead_driver_email),
    'Your 2026 Europe Rally registration',
    'Hello,',
    [
      'Thank you for registering for the 2026 Europe Rally (22-28 June 2026). We have your registration.',
      // The hold is private.place_hold(); a second registration from one network holds none.
      row.holds_place === false
        ? 'Please pay the £250 deposit now: your place is secured once the deposit is paid, if a place is still free, and we will send a receipt.'
        : 'Your place is held for 5 minutes while you pay the £250 deposit; once the deposit is paid, your place is secured and we will send a receipt.',
      'If you did not register, you can ignore this email.',
    ],
    [['Booking reference', text(row.id)]],
  );
}

export function depositReceipt(row: Record<string, unknown>): Email {
  const formatted = formatMoney(typeof row.deposit_amount === 'number' ? row.deposit_amount : 0, {
    currency: text(row.deposit_currency),
    payment: true,
  });
  return compose(
    text(row.lead_driver_email),
    'Deposit received: your place on the 2026 Europe Rally is secured',
    `Dear ${text(row.lead_driver_name)},`,
    [
      `We have received your deposit of ${formatted}. Your place on the 2026 Europe Rally is secured.`,
      'We will send your team pack and the balance payment details.',
    ],
    [
      ['Reference', text(row.id)],
      ['Amount', formatted],
      ['Paid', formatDateTime(text(row.deposit_paid_at), 'long')],
      ['Payment', text(row.payment_id)],
      ['Team', text(row.team_name)],
    ],
  );
}

export function enquiryAcknowledgement(row: Record<string, unknown>): Email {
  return compose(
    text(row.email),
    'Thank you for your sponsorship enquiry',
    'Hello,',
    [
      'Thank you for your interest in sponsoring the 2026 Europe Rally. We have your enquiry and will be in touch shortly.',
      'If you did not send an enquiry, you can ignore this email.',
    ],
    [],
  );
}

/** Tells an existing account that an administrator gave it the administrator role. */
export function administratorGranted(to: string): Email {
  return compose(
    to,
    'You are now an administrator of the Europe Rally website',
    'Hello,',
    [
      'An administrator of the Europe Rally website has made your account an administrator.',
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
      from: FROM(),
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
