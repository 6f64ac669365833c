import { publicDb, type DbClient } from './client';
import type { ContactSubject } from './types';

export type ContactMessageInput = {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject;
  message: string;
};

/**
 * Stores a visitor's message. Anonymous visitors may insert but not read messages back, so the
 * insert asks for no returned row.
 */
export async function sendContactMessage(
  input: ContactMessageInput,
  db: DbClient = publicDb,
): Promise<void> {
  await db
    .from('contact_messages')
    .insert({
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim() || null,
      subject: input.subject,
      message: input.message.trim(),
    })
    .throwOnError();
}
