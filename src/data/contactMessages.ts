// A visitor's contact message: the public form's one write.
import { publicDb, type DbClient } from './client';
import { throwIfRefused } from './submissions';
import type { ContactSubject } from './types';

export type ContactMessageInput = {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject;
  message: string;
  /** The honeypot, passed on as typed: the database decides (see src/config/forms.ts). */
  website: string;
};

/**
 * Stores a visitor's message. Anonymous visitors may insert the form's columns but not read
 * messages back, so the insert asks for no returned row. Throws a SubmissionError when refused.
 */
export async function sendContactMessage(
  input: ContactMessageInput,
  db: DbClient = publicDb,
): Promise<void> {
  throwIfRefused(
    await db.from('contact_messages').insert({
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim() || null,
      subject: input.subject,
      message: input.message.trim(),
      // Sent only when filled, so a visitor's request carries just the form's own fields.
      ...(input.website ? { website: input.website } : {}),
    }),
  );
}
