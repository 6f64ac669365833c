// What the database holds about one email address, for the admin's "Personal data" screen
// (supabase/schemas/personal_data.sql): personal_data(email) finds it, grouped,
// case-insensitively; erase_personal_data(email) anonymises it and answers how many rows of each
// kind it changed; the personal-data-files Edge Function then deletes the documents' files the
// erasure queued (through Storage, as hosted Supabase requires). Administrators only: the
// database refuses everyone else.
import type { DbClient } from './client';
import { callFunction, type FunctionsCaller } from './functions';

type Rows = Record<string, unknown>[];

/** One registration the address leads or is the co-driver of, with what hangs from it. */
export type PersonalRegistration = {
  role: 'lead driver' | 'co-driver';
  edition: string;
  registration: Record<string, unknown>;
  drivers: Rows;
  documents: Rows;
  payments: Rows;
};

/** The answer of personal_data(email): each group a list, empty when nothing is held. */
export type PersonalData = {
  email: string;
  registrations: PersonalRegistration[];
  sponsorship_enquiries: Rows;
  contact_messages: Rows;
  newsletter_subscriptions: Rows;
  waiting_list_entries: Rows;
  consent_records: Rows;
  emails_sent: Rows;
  mailings_received: Rows;
};

export type PersonalDataGroup = Exclude<keyof PersonalData, 'email'>;

/** The groups in the screen's order, with their headings. */
export const PERSONAL_DATA_GROUPS: readonly { key: PersonalDataGroup; title: string }[] = [
  { key: 'registrations', title: 'Registrations' },
  { key: 'sponsorship_enquiries', title: 'Sponsorship enquiries' },
  { key: 'contact_messages', title: 'Contact messages' },
  { key: 'newsletter_subscriptions', title: 'Newsletter subscriptions' },
  { key: 'waiting_list_entries', title: 'Waiting-list entries' },
  { key: 'consent_records', title: 'Consent records' },
  { key: 'emails_sent', title: 'Emails sent' },
  { key: 'mailings_received', title: 'Mailings received' },
];

/** How many rows of each kind an erasure changed (erase_personal_data's answer). */
export type ErasureCounts = Record<string, number>;

/** The database's refusal of the address typed ('Please enter an email address.'). */
export class PersonalDataRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PersonalDataRefusedError';
  }
}

function refused(error: { code?: string; message: string } | null): void {
  if (!error) return;
  if (error.code === 'PT400') throw new PersonalDataRefusedError(error.message, { cause: error });
  throw error;
}

export async function findPersonalData(db: DbClient, email: string): Promise<PersonalData> {
  const { data, error } = await db.rpc('personal_data', { email });
  refused(error);
  return data as unknown as PersonalData;
}

/** Whether nothing at all is held about the address. */
export const holdsNothing = (found: PersonalData) =>
  PERSONAL_DATA_GROUPS.every(({ key }) => found[key].length === 0);

export async function erasePersonalData(db: DbClient, email: string): Promise<ErasureCounts> {
  const { data, error } = await db.rpc('erase_personal_data', { email });
  refused(error);
  return data as unknown as ErasureCounts;
}

export const FILES_NOT_DELETED =
  'The files could not be deleted just now; the nightly job deletes them.';

/** Deletes the files erasures queued; answers how many went. */
export async function deleteErasedFiles(caller: FunctionsCaller): Promise<number> {
  const answer = await callFunction<{ files_deleted: number }>(
    caller,
    'personal-data-files',
    {},
    { unreachable: FILES_NOT_DELETED },
  );
  return answer.files_deleted;
}

/** The export's file name: the day it was made, never the address. */
export const exportFileName = (day: string) => `personal-data-${day}.json`;
