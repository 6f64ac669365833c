// Sends the mailings written on the admin's "Mailings" screen (supabase/schemas/mailings.sql).
//
// POST { mailing } from an administrator (or the service role) → sends one batch of the mailing's
//   recipients that send_mailing snapshotted → { sent, failed, remaining }. The screen calls it
//   again while `remaining` is above 0, and "Resume sending" does the same after an interruption.
// POST { mailing, test: true } from an administrator → the mailing, its subject prefixed
//   "[Test]", to the administrator's own address only → { sent_to }.
//
// Why a function of its own, not a kind of participant-emails: that one sends the email log's
// rows, one per registration event, and a visitor may call it; a mailing has its own recipients,
// batches and log, and only an administrator may send it.
//
// Why the screen drives the batches: a request sends one batch (BATCH recipients, SENDING_AT_ONCE
// at a time) and answers, so no request outlives the platform's limits and nothing runs in the
// background that could die unseen (EdgeRuntime.waitUntil does not exist locally). Every batch is
// claimed in the database (FOR UPDATE SKIP LOCKED) and each recipient is sent with its row's id as
// the Idempotency-Key, so a batch interrupted anywhere is taken up again by the next call (a claim
// older than five minutes is retried) and reaches nobody twice.
import { callRpc } from '../_shared/database.ts';
import { composeEmail, editionOf, EmailRefused, sendEmail, type Email } from '../_shared/email.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { unsubscribeLinks } from '../_shared/unsubscribe.ts';

/** Recipients per request: 5,000 in a hundred requests, each well inside a request's limits. */
const BATCH = 50;
/** Emails in flight at once within a batch. */
const SENDING_AT_ONCE = 10;
/** Where the rendered mailing carries each recipient's own unsubscribe address. */
const UNSUBSCRIBE_MARK = 'https://unsubscribe.invalid/recipient';

type Mailing = {
  id: string;
  audience: string;
  subject: string;
  body: string;
  edition: Record<string, unknown> | null;
};
type Recipient = { id: string; email: string; unsubscribe_secret: string | null };
type Result = { id: string; ok: boolean; error?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mailingId(body: Record<string, unknown>): string {
  if (typeof body.mailing !== 'string' || !UUID.test(body.mailing))
    throw new Refusal(400, 'mailing must be the id of a mailing', 'mailing');
  return body.mailing;
}

/** The mailing rendered once; marketing mail carries UNSUBSCRIBE_MARK for each person's link. */
function render(mailing: Mailing, to: string, subject = mailing.subject): Promise<Email> {
  return composeEmail('mailing', to, {
    ...(mailing.edition
      ? { edition: editionOf({ id: mailing.id, edition: mailing.edition }) }
      : {}),
    subject,
    body: mailing.body,
    ...(mailing.audience === 'subscribers' ? { unsubscribe: { pageUrl: UNSUBSCRIBE_MARK } } : {}),
  });
}

/** The rendered mailing for one recipient: their own unsubscribe link and headers on marketing. */
function personalised(rendered: Email, recipient: Recipient): Email {
  const email = { ...rendered, to: recipient.email };
  if (!email.html.includes(UNSUBSCRIBE_MARK)) return email;
  const links = unsubscribeLinks(recipient.unsubscribe_secret ?? 'test');
  return {
    ...email,
    html: email.html.replaceAll(UNSUBSCRIBE_MARK, links.pageUrl),
    text: email.text.replaceAll(UNSUBSCRIBE_MARK, links.pageUrl),
    ...(recipient.unsubscribe_secret ? { headers: { ...email.headers, ...links.headers } } : {}),
  };
}

async function sendBatch(id: string): Promise<Response> {
  const claimed = await callRpc<{ mailing: Mailing | null; recipients: Recipient[] }>(
    'claim_mailing_batch',
    { mailing: id, size: BATCH },
  );
  if (!claimed.mailing || claimed.recipients.length === 0) {
    const { remaining } = await callRpc<{ remaining: number }>('finish_mailing_batch', {
      mailing: id,
      results: [],
    });
    return json(200, { sent: 0, failed: 0, remaining });
  }
  const rendered = await render(claimed.mailing, claimed.recipients[0]?.email ?? '');
  const queue = [...claimed.recipients];
  const results: Result[] = [];
  const worker = async () => {
    for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
      try {
        await sendEmail(personalised(rendered, recipient), { idempotencyKey: recipient.id });
        results.push({ id: recipient.id, ok: true });
      } catch (failure) {
        // The key was used by an earlier send of this row that died before it was recorded:
        // the email went then (Resend refuses a changed payload under a used key, and a
        // marketing email's unsubscribe link is minted afresh on each claim).
        if (failure instanceof EmailRefused && failure.code === 'invalid_idempotent_request') {
          results.push({ id: recipient.id, ok: true });
          continue;
        }
        results.push({
          id: recipient.id,
          ok: false,
          error: failure instanceof Error ? failure.message : String(failure),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: SENDING_AT_ONCE }, worker));
  const { remaining } = await callRpc<{ remaining: number }>('finish_mailing_batch', {
    mailing: id,
    results,
  });
  const sent = results.filter((result) => result.ok).length;
  return json(200, { sent, failed: results.length - sent, remaining });
}

/** The signed-in administrator's own address, as the auth server knows it. */
async function callerAddress(request: Request): Promise<string> {
  const response = await fetch(`${Deno.env.get('SUPABASE_URL')}/auth/v1/user`, {
    headers: {
      apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
      authorization: request.headers.get('authorization') ?? '',
    },
  });
  const user = response.ok ? ((await response.json()) as { email?: unknown }) : null;
  if (typeof user?.email !== 'string' || !user.email)
    throw new Refusal(403, 'Your account has no email address to send a test to.');
  return user.email;
}

async function sendTest(id: string, request: Request): Promise<Response> {
  const mailing = await callRpc<Mailing | null>('mailing_for_test', { mailing: id });
  if (!mailing) throw new Refusal(404, 'No such mailing.', 'mailing');
  const to = await callerAddress(request);
  // A test shows where the unsubscribe link goes, but with a secret that opens nothing: a working
  // one would be minted for, and could unsubscribe, the administrator's address.
  const rendered = await render(mailing, to, `[Test] ${mailing.subject}`);
  await sendEmail(personalised(rendered, { id, email: to, unsubscribe_secret: null }));
  return json(200, { sent_to: to });
}

serve(
  {
    name: 'mailings',
    callers: ['admin', 'service'],
    refused: 'Only administrators may send mailings.',
    failure: 'The mailing could not be sent. Please try again.',
  },
  async ({ body, caller, request }) => {
    const id = mailingId(body);
    if (body.test === true) {
      if ((await caller()) !== 'admin')
        throw new Refusal(403, 'A test goes to a signed-in administrator.');
      return sendTest(id, request);
    }
    return sendBatch(id);
  },
);
