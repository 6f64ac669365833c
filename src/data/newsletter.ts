// Newsletter subscribers: the footer's box and the full rally's waiting list store an address
// (idempotent per address), and the organiser's inbox lists them.
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
      ...(website ? { website } : {}),
    }),
  );
}
