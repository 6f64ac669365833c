// Newsletter subscribers: the footer's box and the next-rally box ask for the newsletter's consent
// (the wording they show, NEWSLETTER_CONSENT) and send its version; subscribe_newsletter records
// it, keeps the address pending and queues the confirmation email, which sendConfirmation() asks
// to be sent now (the participant-emails function sends only what the database queued). The
// organiser's inbox lists the subscribers.
import { NEWSLETTER_CONSENT } from '../config/consent';
import { publicDb, type DbClient } from './client';
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
