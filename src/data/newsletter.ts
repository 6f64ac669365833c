// Newsletter subscribers: the footer's box and the next-rally box ask for the newsletter's consent
// (the wording they show, NEWSLETTER_CONSENT) and send its version; subscribe_newsletter records
// it, keeps the address pending and queues the confirmation email, which sendConfirmation() asks
// to be sent now (the participant-emails function sends only what the database queued). The
// organiser's inbox lists the subscribers.
import { NEWSLETTER_CONSENT } from '../config/consent';
import { publicDb, type DbClient } from './client';
import { sendQueued } from './participantEmails';
import { throwIfRefused } from './submissions';

/** Where an address was given; 'next-rally' asks to hear when the next edition opens. */
export type SubscriberSource = 'footer' | 'waitlist' | 'next-rally';

/** Stores the address; throws a SubmissionError when refused. */
export async function subscribe(
  email: string,
  source: SubscriberSource,
  website = '',
  db: DbClient = publicDb,
): Promise<void> {
  throwIfRefused(
    await db.rpc('subscribe_newsletter', {
      email: email.trim(),
      source,
      consent_version: NEWSLETTER_CONSENT.version,
      ...(website ? { website } : {}),
    }),
  );
}

/** Asks for the confirmation email subscribe() queued to be sent now (else the daily run sends it). */
export const sendConfirmation = (): Promise<void> => sendQueued('newsletter');

/** Follows the emailed confirmation link; false for a wrong, altered, expired or withdrawn one. */
export async function confirmSubscription(
  secret: string,
  db: DbClient = publicDb,
): Promise<boolean> {
  const { data } = await db.rpc('confirm_newsletter', { secret }).throwOnError();
  return data === true;
}

/** The unsubscribe page's call: false when the secret opens nothing (nothing personal either way). */
export async function unsubscribe(secret: string, db: DbClient = publicDb): Promise<boolean> {
  const { data } = await db.rpc('unsubscribe', { secret }).throwOnError();
  return data === true;
}

/** "Resubscribe" on the unsubscribe page: a new, confirmed consent to the wording shown. */
export async function resubscribe(secret: string, db: DbClient = publicDb): Promise<boolean> {
  const { data } = await db
    .rpc('resubscribe', { secret, consent_version: NEWSLETTER_CONSENT.version })
    .throwOnError();
  return data === true;
}
