// Rally registrations: the visitor's one write (submit_registration, which checks the fields,
// takes a place under a lock and hands back the reference the payment link carries), the
// deposit's status for /payment-success, and the organiser's inbox list.
import { publicDb, type DbClient } from './client';
import { throwIfRefused } from './submissions';

/** What the registration form sends (and the registration webhook receives, spec section 3). */
export type RegistrationInput = {
  leadDriverName: string;
  leadDriverEmail: string;
  leadDriverPhone: string;
  coDriverName: string;
  coDriverEmail: string;
  coDriverPhone: string;
  teamName: string;
  separateRooms: boolean;
  vehicleMake: string;
  vehicleColour: string;
  registrationPlate: string;
  acceptTerms: boolean;
  /** The honeypot, passed on as typed: the database decides. */
  website: string;
};

/**
 * Stores a registration and answers its reference. Throws a SubmissionError when refused: a
 * field (`field` names the form's value), the rally full (409) or too many tries (429). With the
 * secret of a waiting-list offer the database registers into the place the offer holds, although
 * the edition is full; an offer that no longer stands is refused as full.
 */
export async function submitRegistration(
  input: RegistrationInput,
  db: DbClient = publicDb,
  waitingListOffer?: string,
): Promise<string> {
  const answer = await db.rpc('submit_registration', {
    lead_driver_name: input.leadDriverName.trim(),
    lead_driver_email: input.leadDriverEmail.trim(),
    lead_driver_phone: input.leadDriverPhone.trim(),
    accept_terms: input.acceptTerms,
    co_driver_name: input.coDriverName.trim(),
    co_driver_email: input.coDriverEmail.trim(),
    co_driver_phone: input.coDriverPhone.trim(),
    team_name: input.teamName.trim(),
    separate_rooms: input.separateRooms,
    vehicle_make: input.vehicleMake.trim(),
    vehicle_colour: input.vehicleColour.trim(),
    registration_plate: input.registrationPlate.trim(),
    ...(input.website ? { website: input.website } : {}),
    ...(waitingListOffer ? { waiting_list_offer: waitingListOffer } : {}),
  });
  throwIfRefused(answer);
  return answer.data ?? '';
}

/** 'exception': a payment arrived that the database could not apply as the deposit. */
export type DepositStatus = 'paid' | 'pending' | 'failed' | 'exception' | 'unknown';

const KNOWN: readonly string[] = ['paid', 'pending', 'failed', 'exception'];

/** The deposit status of the registration with this reference ('unknown' for none). */
export async function getDepositStatus(
  reference: string,
  db: DbClient = publicDb,
): Promise<DepositStatus> {
  const { data } = await db.rpc('deposit_status', { reference }).throwOnError();
  return KNOWN.includes(data) ? (data as DepositStatus) : 'unknown';
}

/** Where the sign-up page keeps the reference while the visitor is away paying. */
export const PENDING_REFERENCE_KEY = 'rally:registration-reference';

/** What the visitor reads when the deposit's payment page could not be opened. */
export const DEPOSIT_NOT_STARTED =
  'Your registration is saved, but the deposit payment could not be started. Please try again.';

/**
 * The deposit's Stripe Checkout page for a stored registration: the checkout function makes a
 * session for the edition's deposit, computed by the database (the browser sends no amount).
 * Throws FunctionError when it is refused or not answered. The functions client is loaded when a
 * payment is started, as in delivery.ts.
 */
export async function startDepositPayment(reference: string): Promise<string> {
  const { callFunction, publicFunctions } = await import('./functions');
  const { url } = await callFunction<{ url: string }>(
    publicFunctions,
    'checkout',
    { kind: 'deposit', reference },
    { unreachable: DEPOSIT_NOT_STARTED, timeout: 15_000 },
  );
  return url;
}
