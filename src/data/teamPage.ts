// Each team's own page, reached by the secret in its link (never by the registration's id): the
// database's functions that take the secret (supabase/schemas/registrations.sql:
// team_page, update_team_details, cancellation_quote, cancel_registration, request_team_link) and
// the checkout Edge Function that prices the balance. A wrong, altered or expired secret gets
// null from each, which these calls answer as null too: the page then shows nothing personal.
import { publicDb, type DbClient } from './client';
import type { FunctionsCaller } from './functions';
import { sendQueued } from './participantEmails';
import { throwIfRefused } from './submissions';
import type { CalendarDate } from '../config/site-defaults';
import type { Pence } from '../../supabase/functions/_shared/formats/money';

/** What the team's page and the co-driver's page say when their secret opens nothing. */
export const LINK_NOT_VALID = 'This link is not valid or has expired';

/** The registration's money state, derived from the ledger (private.registration_money). */
export type MoneyState =
  | 'awaiting deposit'
  | 'deposit paid'
  | 'balance due'
  | 'overdue'
  | 'paid in full'
  | 'cancelled'
  | 'refunded';

export type TeamMoney = {
  price_pence: Pence;
  supplement_pence: Pence;
  total_pence: Pence;
  deposit_pence: Pence;
  deposit_paid_pence: Pence;
  paid_pence: Pence;
  refunded_pence: Pence;
  refund_due_pence: Pence | null;
  balance_pence: Pence;
  balance_due_on: CalendarDate | null;
  currency: string;
  state: MoneyState;
};

/** What team_page(secret) answers. */
export type TeamPage = {
  reference: string;
  team_name: string;
  lead_driver_name: string;
  lead_driver_email: string;
  lead_driver_phone: string;
  co_driver_name: string;
  co_driver_email: string;
  co_driver_phone: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_colour: string;
  registration_plate: string;
  separate_rooms: boolean;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  edition: {
    year: number;
    name: string;
    start_date: CalendarDate;
    end_date: CalendarDate;
    start_place: string;
    finish_place: string;
    balance_due: CalendarDate | null;
  };
  money: TeamMoney;
  cancelled: boolean;
  cancelled_at: string | null;
  refund_due_pence: Pence | null;
  details_editable_until: CalendarDate;
  details_editable: boolean;
  may_cancel: boolean;
};

/** The page's editable details, named as the forms name them (the database's refusals name these). */
export type TeamDetails = {
  leadDriverName: string;
  leadDriverEmail: string;
  leadDriverPhone: string;
  coDriverName: string;
  coDriverEmail: string;
  coDriverPhone: string;
  teamName: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColour: string;
  registrationPlate: string;
  separateRooms: boolean;
  emergencyContactName: string;
  emergencyContactPhone: string;
};

export function detailsOf(team: TeamPage): TeamDetails {
  return {
    leadDriverName: team.lead_driver_name,
    leadDriverEmail: team.lead_driver_email,
    leadDriverPhone: team.lead_driver_phone,
    coDriverName: team.co_driver_name,
    coDriverEmail: team.co_driver_email,
    coDriverPhone: team.co_driver_phone,
    teamName: team.team_name,
    vehicleMake: team.vehicle_make,
    vehicleModel: team.vehicle_model,
    vehicleColour: team.vehicle_colour,
    registrationPlate: team.registration_plate,
    separateRooms: team.separate_rooms,
    emergencyContactName: team.emergency_contact_name,
    emergencyContactPhone: team.emergency_contact_phone,
  };
}

/** The team's page, or null for a secret that opens nothing. */
export async function getTeamPage(
  secret: string,
  db: DbClient = publicDb,
): Promise<TeamPage | null> {
  const { data } = await db.rpc('team_page', { secret }).throwOnError();
  return (data as TeamPage | null) ?? null;
}

/**
 * Saves the details (each trimmed) and answers the page as it now is, or null for a secret that
 * opens nothing. Throws a SubmissionError naming the refused field, or the cut-off's sentence.
 */
export async function updateTeamDetails(
  secret: string,
  details: TeamDetails,
  db: DbClient = publicDb,
): Promise<TeamPage | null> {
  const answer = await db.rpc('update_team_details', {
    secret,
    details: {
      lead_driver_name: details.leadDriverName.trim(),
      lead_driver_email: details.leadDriverEmail.trim(),
      lead_driver_phone: details.leadDriverPhone.trim(),
      co_driver_name: details.coDriverName.trim(),
      co_driver_email: details.coDriverEmail.trim(),
      co_driver_phone: details.coDriverPhone.trim(),
      team_name: details.teamName.trim(),
      vehicle_make: details.vehicleMake.trim(),
      vehicle_model: details.vehicleModel.trim(),
      vehicle_colour: details.vehicleColour.trim(),
      registration_plate: details.registrationPlate.trim(),
      separate_rooms: details.separateRooms,
      emergency_contact_name: details.emergencyContactName.trim(),
      emergency_contact_phone: details.emergencyContactPhone.trim(),
    },
  });
  throwIfRefused(answer);
  return (answer.data as TeamPage | null) ?? null;
}

/** What the terms give back if the team cancels today (private.cancellation_quote). */
export type CancellationQuote = {
  refund_pence: Pence;
  percent: number;
  days_before: number;
  paid_pence: Pence;
  deposit_pence: Pence;
};

export async function getCancellationQuote(
  secret: string,
  db: DbClient = publicDb,
): Promise<CancellationQuote | null> {
  const { data } = await db.rpc('cancellation_quote', { secret }).throwOnError();
  return (data as CancellationQuote | null) ?? null;
}

export type Cancellation = {
  outcome: 'cancelled' | 'already-cancelled';
  refund_due_pence: Pence | null;
  cancelled_at: string;
};

export async function cancelRegistration(
  secret: string,
  db: DbClient = publicDb,
): Promise<Cancellation | null> {
  const { data } = await db.rpc('cancel_registration', { secret }).throwOnError();
  const cancellation = (data as Cancellation | null) ?? null;
  // The team's and the organiser's emails, queued by the cancellation, go now.
  if (cancellation?.outcome === 'cancelled') await sendQueued('cancellation');
  return cancellation;
}

/**
 * "Email me my link": the same answer whether or not the address is registered. Throws a
 * SubmissionError for an address that is not one (a field refusal) or too many tries (429).
 */
export async function requestTeamLink(
  email: string,
  website: string,
  db: DbClient = publicDb,
): Promise<void> {
  throwIfRefused(
    await db.rpc('request_team_link', { email: email.trim(), ...(website ? { website } : {}) }),
  );
  await sendQueued('team_link');
}

export const CHECKOUT_UNREACHABLE =
  'The payment page could not be opened. Please try again in a moment.';

/** Why the balance's payment page could not be opened, in a sentence for the team. */
export class CheckoutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CheckoutError';
  }
}

/**
 * The balance's Checkout Session (the checkout function prices it in the database): its URL.
 * Throws a CheckoutError with the function's refusal, or CHECKOUT_UNREACHABLE. The functions'
 * client is loaded when asked for, as delivery.ts does: the page's first download stays without it.
 */
export async function startBalanceCheckout(
  secret: string,
  caller?: FunctionsCaller,
): Promise<string> {
  let answer: { url?: unknown };
  try {
    const { callFunction, FunctionError, publicFunctions } = await import('./functions');
    try {
      answer = await callFunction<{ url?: unknown }>(
        caller ?? publicFunctions,
        'checkout',
        { kind: 'balance', secret },
        { unreachable: CHECKOUT_UNREACHABLE },
      );
    } catch (error) {
      throw error instanceof FunctionError ? new CheckoutError(error.message) : error;
    }
  } catch (error) {
    if (error instanceof CheckoutError) throw error;
    throw new CheckoutError(CHECKOUT_UNREACHABLE, { cause: error });
  }
  if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url))
    throw new CheckoutError(CHECKOUT_UNREACHABLE);
  return answer.url;
}
