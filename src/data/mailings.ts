// The admin's mailings (supabase/schemas/mailings.sql and the `mailings` Edge
// Function): the list with each mailing's counts, a mailing's log per recipient, a draft written
// and changed, the audience's count before sending, send_mailing (which snapshots the audience),
// then one batch per call of the function until none remains, and "Send test to me". Only the
// admin imports this, so none of it lands in the public bundle.
import type { DbClient } from './client';
import { callFunction, type FunctionsCaller } from './functions';

export const AUDIENCES = [
  'subscribers',
  'teams',
  'teams-deposit-paid',
  'teams-balance-due',
  'teams-paid-in-full',
  'waiting-list',
] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The audiences in the organiser's words; the edition's name follows the teams' and the list's. */
export const AUDIENCE_LABELS: Record<Audience, string> = {
  subscribers: 'Newsletter subscribers (confirmed)',
  teams: 'All teams',
  'teams-deposit-paid': 'Teams that paid a deposit',
  'teams-balance-due': 'Teams with a balance due',
  'teams-paid-in-full': 'Teams paid in full',
  'waiting-list': 'The waiting list',
};

/** Marketing is mail to the subscribers: it carries an unsubscribe link. */
export const isMarketing = (audience: Audience) => audience === 'subscribers';

export const SUBJECT_MAX = 200;

export type MailingStatus = 'draft' | 'sending' | 'sent';

export type Mailing = {
  id: string;
  audience: Audience;
  edition_id: string | null;
  subject: string;
  body: string;
  status: MailingStatus;
  created_at: string;
  sent_at: string | null;
  recipients: number;
  sent: number;
  failed: number;
};

export type RecipientStatus = 'queued' | 'sending' | 'sent' | 'failed';

export type MailingRecipient = {
  id: string;
  email: string;
  name: string | null;
  status: RecipientStatus;
  error: string | null;
  sent_at: string | null;
};

export type MailingDraft = {
  audience: Audience;
  edition_id: string | null;
  subject: string;
  body: string;
};

export type BatchResult = { sent: number; failed: number; remaining: number };

const MAILING_COLUMNS =
  'id, audience, edition_id, subject, body, status, created_at, sent_at, recipients, sent, failed';

export async function listMailings(db: DbClient): Promise<Mailing[]> {
  const { data } = await db
    .from('mailings_with_counts')
    .select(MAILING_COLUMNS)
    .order('created_at', { ascending: false })
    .throwOnError();
  return (data ?? []) as Mailing[];
}

export async function getMailing(db: DbClient, id: string): Promise<Mailing | null> {
  const { data } = await db
    .from('mailings_with_counts')
    .select(MAILING_COLUMNS)
    .eq('id', id)
    .maybeSingle()
    .throwOnError();
  return (data as Mailing | null) ?? null;
}

export async function listRecipients(db: DbClient, mailing: string): Promise<MailingRecipient[]> {
  const { data } = await db
    .from('mailing_recipients')
    .select('id, email, name, status, error, sent_at')
    .eq('mailing_id', mailing)
    .order('email')
    .throwOnError();
  return (data ?? []) as MailingRecipient[];
}

/** Writes a new draft, or changes the draft `id`; answers its id. */
export async function saveDraft(db: DbClient, draft: MailingDraft, id?: string): Promise<string> {
  const row = { ...draft, edition_id: isMarketing(draft.audience) ? null : draft.edition_id };
  const { data } = id
    ? await db.from('mailings').update(row).eq('id', id).select('id').single().throwOnError()
    : await db.from('mailings').insert(row).select('id').single().throwOnError();
  return data.id;
}

export async function countRecipients(
  db: DbClient,
  audience: Audience,
  edition: string | null,
): Promise<number> {
  const { data } = await db
    .rpc('mailing_recipient_count', {
      audience,
      ...(isMarketing(audience) || !edition ? {} : { edition }),
    })
    .throwOnError();
  return data ?? 0;
}

/** Snapshots the audience and starts the sending; answers how many it reaches. */
export async function startSending(db: DbClient, mailing: string): Promise<number> {
  const { data } = await db.rpc('send_mailing', { mailing }).throwOnError();
  return data ?? 0;
}

/** Sends one batch; the screen calls it again while `remaining` is above 0. */
export function sendBatch(caller: FunctionsCaller, mailing: string): Promise<BatchResult> {
  return callFunction<BatchResult>(
    caller,
    'mailings',
    { mailing },
    {
      unreachable: 'The mailing could not be sent. Please try again.',
    },
  );
}

/** "Send test to me": the mailing, marked [Test], to the signed-in administrator. */
export function sendTest(caller: FunctionsCaller, mailing: string): Promise<{ sent_to: string }> {
  return callFunction<{ sent_to: string }>(
    caller,
    'mailings',
    { mailing, test: true },
    { unreachable: 'The test could not be sent. Please try again.' },
  );
}
