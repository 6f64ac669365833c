// The waiting list's public calls (supabase/schemas/waiting_list.sql): joining
// the list of a full edition (join_waiting_list, which checks the fields and the consent, limits
// tries like submit_registration and answers the place in the queue), and the offer a freed place
// sends by email, read and declined by the secret in its link (waiting_list_offer,
// decline_waiting_list_offer). A wrong, altered, expired or used secret gets null: the page then
// shows nothing personal. The emails either queues are sent at once by participant-emails
// ({ only: 'waiting_list' }). Registering through the offer is submit_registration with the secret
// (registrations.ts). The organiser's calls are in waitingListAdmin.ts, out of the public pages.
import { WAITING_LIST_CONSENT } from '../config/consent';
import { publicDb, type DbClient } from './client';
import { sendQueued } from './participantEmails';
import { throwIfRefused } from './submissions';

/** What the waiting-list form sends; the field names are the ones the database's refusals name. */
export type WaitingListInput = {
  name: string;
  email: string;
  phone: string;
  /** The consent box: ticked sends the wording's version the visitor was shown. */
  consent: boolean;
  /** The honeypot, passed on as typed: the database decides. */
  website: string;
};

/**
 * Puts the visitor on the current edition's waiting list and answers their place in the queue
 * (the same address again answers its existing place). Throws a SubmissionError when refused: a
 * field, places still left (reason 'places-left': they can register) or too many tries (429).
 */
export async function joinWaitingList(
  input: WaitingListInput,
  db: DbClient = publicDb,
): Promise<number> {
  const answer = await db.rpc('join_waiting_list', {
    name: input.name.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    consent_version: input.consent ? WAITING_LIST_CONSENT.version : '',
    ...(input.website ? { website: input.website } : {}),
  });
  throwIfRefused(answer);
  // The acknowledgement now rather than at the next scheduled run.
  await sendQueued('waiting_list');
  const { position } = (answer.data ?? {}) as { position?: number };
  return position ?? 0;
}

/** What waiting_list_offer(secret) answers for a standing offer. */
export type WaitingListOffer = {
  edition_year: number;
  edition_name: string;
  /** Null for an entry carried over from the old email-only box, which asked for nothing else. */
  name: string | null;
  email: string;
  phone: string | null;
  /** When the place is no longer held for them (a timestamp). */
  expires_at: string;
  status: string;
};

/** The standing offer of this link, or null for one that opens nothing. */
export async function getWaitingListOffer(
  secret: string,
  db: DbClient = publicDb,
): Promise<WaitingListOffer | null> {
  const { data } = await db.rpc('waiting_list_offer', { secret }).throwOnError();
  return (data as WaitingListOffer | null) ?? null;
}

/** Gives the place back (it goes to the next person waiting); false when the link opens nothing. */
export async function declineWaitingListOffer(
  secret: string,
  db: DbClient = publicDb,
): Promise<boolean> {
  const { data } = await db.rpc('decline_waiting_list_offer', { secret }).throwOnError();
  // The place went on to the next person waiting: their offer now.
  if (data === true) await sendQueued('waiting_list');
  return data === true;
}
