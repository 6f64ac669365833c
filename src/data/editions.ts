// The rally's editions (public.editions, supabase/schemas/editions.sql): one row per year holding its
// facts (dates, places, prices in pence, capacity, registration window), one of them current.
// The public reads only published editions (RLS); the administrator reads drafts too, saves an
// edition, makes one current (make_current_edition(), which switches under a lock) and deletes one
// without registrations. The client is a parameter, as everywhere in src/data; errors are thrown.
// A refusal that names its column (the database's `details`) carries it as `refusal`, so the
// form core shows it beside that field.
import type { FieldRefusal } from '../lib/validation';
import type { DbClient } from './client';
import type { Edition, EditionInsert } from './types';

/** The columns an administrator writes; the current flag is make_current_edition()'s alone. */
export type EditionInput = Omit<EditionInsert, 'id' | 'is_current' | 'created_at' | 'updated_at'>;

/** The SQLSTATEs with which the database refuses an edition's value, naming it in `details`. */
const FIELD_REFUSALS = new Set(['23514', '23505', '23503', 'PT400']);

/** The database refused an edition (a date out of order, a year taken, registrations kept it). */
export class EditionRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    field: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EditionRefusedError';
    this.refusal = field ? { field, message } : null;
  }
  /** The refused field (the column), when the database named one. */
  readonly refusal: FieldRefusal | null;
}

type Answer = { code?: string; message: string; details?: string | null } | null;

/** Throws the database's refusal as EditionRefusedError, or the error itself. */
function refused(error: Answer): void {
  if (!error) return;
  if (error.code && FIELD_REFUSALS.has(error.code)) {
    throw new EditionRefusedError(error.message, error.code, error.details || null, {
      cause: error,
    });
  }
  throw error;
}

/** The current edition (null when none can be read). */
export async function getCurrentEdition(db: DbClient): Promise<Edition | null> {
  const { data } = await db
    .from('editions')
    .select('*')
    .eq('is_current', true)
    .maybeSingle()
    .throwOnError();
  return data;
}

/** The editions the public may see, oldest year first (an administrator also sees drafts). */
export async function listPublishedEditions(
  db: DbClient,
  signal?: AbortSignal,
): Promise<Edition[]> {
  const query = db.from('editions').select('*').eq('status', 'published').order('year');
  const { data } = await (signal ? query.abortSignal(signal) : query).throwOnError();
  return data;
}

/** One year's edition, or null (a draft is null for the public). */
export async function getEditionByYear(db: DbClient, year: number): Promise<Edition | null> {
  const { data } = await db
    .from('editions')
    .select('*')
    .eq('year', year)
    .maybeSingle()
    .throwOnError();
  return data;
}

/** The published edition after `current`, by year (what the site announces as next), or null. */
export function nextEdition(editions: readonly Edition[], current: Edition | null): Edition | null {
  if (!current) return null;
  return (
    editions
      .filter((edition) => edition.status === 'published' && edition.year > current.year)
      .sort((a, b) => a.year - b.year)[0] ?? null
  );
}

/** The site's "raised to date" in pence: the editions', the past tours' and the offline funds. */
export async function getFundsRaisedToDate(db: DbClient, signal?: AbortSignal): Promise<number> {
  const query = db.rpc('funds_raised_to_date');
  const { data } = await (signal ? query.abortSignal(signal) : query).throwOnError();
  return data;
}

/** The cars with a paid deposit of a published edition (edition_cars()), or null for none. */
export async function countEditionCars(db: DbClient, year: number): Promise<number | null> {
  const { data } = await db.rpc('edition_cars', { edition_year: year }).throwOnError();
  return data;
}

/** Every edition, drafts included, newest year first: the administrator's list. */
export async function listEditions(db: DbClient): Promise<Edition[]> {
  const { data } = await db
    .from('editions')
    .select('*')
    .order('year', { ascending: false })
    .throwOnError();
  return data;
}

/** Adds an edition (id null) or changes one; answers the row as stored. */
export async function saveEdition(
  db: DbClient,
  id: string | null,
  edition: EditionInput,
): Promise<Edition> {
  const { data, error } = id
    ? await db.from('editions').update(edition).eq('id', id).select('*').single()
    : await db.from('editions').insert(edition).select('*').single();
  refused(error);
  if (!data) throw new Error('The edition was not saved.');
  return data;
}

/** Makes the year's edition the current one (published editions only); answers its id. */
export async function makeCurrentEdition(db: DbClient, year: number): Promise<string> {
  const { data, error } = await db.rpc('make_current_edition', { edition_year: year });
  refused(error);
  return data ?? '';
}

/** Deletes an edition; one with registrations (or the current one) is refused with the reason. */
export async function deleteEdition(db: DbClient, id: string): Promise<void> {
  const { error } = await db.from('editions').delete().eq('id', id);
  refused(error);
}

/**
 * An edition's money (pence), as edition_money() computes it from the ledger: deposits and
 * balances received, what teams with a deposit that have not cancelled still owe (outstanding)
 * and the part of it past the balance due date (overdue), refunds paid back and pending, and net
 * (received less refunded).
 */
export type EditionMoney = {
  deposits_received: number;
  balances_received: number;
  outstanding: number;
  overdue: number;
  refunded: number;
  refunds_pending: number;
  net: number;
};

/** An edition's figures for the administrator: paid cars, places taken, and its money. */
export type EditionFigures = EditionMoney & { cars_paid: number; places_taken: number };

/** The edition's money in the order the admin states it, label and pence. */
export const editionMoneyFigures = (
  money: EditionMoney,
): readonly (readonly [string, number])[] => [
  ['Deposits received', money.deposits_received],
  ['Balances received', money.balances_received],
  ['Outstanding', money.outstanding],
  ['Overdue', money.overdue],
  ['Refunded', money.refunded],
  // Said only while a refund waits for Stripe: the six figures otherwise.
  ...(money.refunds_pending ? [['Refunds pending', money.refunds_pending] as const] : []),
  ['Net', money.net],
];

/** Every edition's figures by its id (edition_figures(): administrators only). */
export async function listEditionFigures(db: DbClient): Promise<Map<string, EditionFigures>> {
  const { data } = await db.rpc('edition_figures').throwOnError();
  return new Map(data.map(({ edition_id, ...figures }) => [edition_id, figures] as const));
}

/** One edition's money (edition_money(): administrators only). */
export async function getEditionMoney(db: DbClient, editionId: string): Promise<EditionMoney> {
  const { data } = await db.rpc('edition_money', { edition: editionId }).single().throwOnError();
  return data;
}

/** A row of an edition's ledger as the treasurer reads it (edition_ledger()). */
export type EditionLedgerRow = {
  id: string;
  recorded_at: string;
  /** The team's name, else its lead driver's; '(deleted registration)' once it is gone. */
  team: string;
  kind: 'deposit' | 'balance' | 'refund';
  status: 'succeeded' | 'pending' | 'failed';
  /** As the ledger holds it: positive, a refund's too. */
  amount_pence: number;
  /** The refund's id, or the payment's intent, Checkout Session or charge; null when none. */
  stripe_id: string | null;
};

/** One edition's ledger, oldest first (edition_ledger(): administrators only). */
export async function listEditionLedger(
  db: DbClient,
  editionId: string,
): Promise<EditionLedgerRow[]> {
  const { data } = await db.rpc('edition_ledger', { edition: editionId }).throwOnError();
  // The generated types cannot say that the ledger's checks narrow kind and status, nor that a
  // row may have no Stripe id.
  return data as EditionLedgerRow[];
}

/** Records a finished edition as a (draft) past tour; answers the tour's id. Refused once done. */
export async function addEditionToPastTours(db: DbClient, year: number): Promise<string> {
  const { data, error } = await db.rpc('add_edition_to_past_tours', { edition_year: year });
  refused(error);
  return data ?? '';
}
