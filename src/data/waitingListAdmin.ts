// The organiser's side of the waiting list (supabase/schemas/waiting_list.sql):
// an edition's queue (waiting_list, administrators only), "Offer next place" (offer_next_place,
// which refuses with its reason when no place is free) and removing an entry
// (withdraw_waiting_list_entry: an offer it held goes on to the next person). Each runs under the
// places lock in the database. Kept apart from waitingList.ts, whose calls the public pages
// import, so none of this lands in the public bundle.
import type { DbClient } from './client';

/** The entry's state in the queue. */
export type WaitingListStatus =
  'waiting' | 'offered' | 'accepted' | 'expired' | 'declined' | 'withdrawn';

/** One entry as waiting_list(edition) answers it, in queue order. */
export type WaitingListRow = {
  id: string;
  /** Its place among those still waiting; null once offered, accepted or gone. */
  position: number | null;
  name: string | null;
  email: string;
  phone: string | null;
  status: WaitingListStatus;
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
  registration_id: string | null;
  consent_version: string | null;
};

/** The database's refusal of an organiser's action, in its own words ('No place is free…'). */
export class WaitingListRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WaitingListRefusedError';
  }
}

type Answer = { code?: string; message: string } | null;

/** A refusal the database raised on purpose (its message is for the organiser), else the error. */
function refused(error: Answer): void {
  if (!error) return;
  if (error.code && !error.code.startsWith('PGRST') && error.message)
    throw new WaitingListRefusedError(error.message, { cause: error });
  throw error;
}

export async function listWaitingList(db: DbClient, editionId: string): Promise<WaitingListRow[]> {
  const { data } = await db.rpc('waiting_list', { edition: editionId }).throwOnError();
  return (data ?? []) as WaitingListRow[];
}

/** Offers the next free place to the first person waiting; answers the entry's id. */
export async function offerNextPlace(db: DbClient, editionId: string): Promise<string> {
  const { data, error } = await db.rpc('offer_next_place', { edition: editionId });
  refused(error);
  return (data as string | null) ?? '';
}

export async function withdrawWaitingListEntry(db: DbClient, entryId: string): Promise<void> {
  const { error } = await db.rpc('withdraw_waiting_list_entry', { entry: entryId });
  refused(error);
}
