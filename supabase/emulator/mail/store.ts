// The local mail catcher's messages: every email the local stack sends (GoTrue's own, and what Edge
// Functions send through the email API) lands here instead of in someone's inbox. Kept in memory
// per emulator (the newest MAIL_KEPT) and, with a data folder, in <dataDir>/mail/messages.jsonl
// across restarts.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiContext, Db, EmulatorConfig } from '../types';

export interface MailMessage {
  id: string;
  created_at: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
  /** 'auth' for GoTrue's emails, 'email-api' for the Resend-compatible API. */
  sent_by: 'auth' | 'email-api';
}

export type NewMailMessage = Omit<MailMessage, 'id' | 'created_at'>;

/**
 * Messages kept per emulator, as the webhook inbox keeps its payloads: the email API takes posts
 * from any caller with the (public, local) key, and without a cap a loop of them would hold
 * memory without end. 500 emails of the 64 KiB the gateway lets through are 32 MiB at most.
 */
export const MAIL_KEPT = 500;

interface Mailbox {
  messages: MailMessage[];
  loaded: Promise<void> | null;
}

const mailboxes = new WeakMap<Db, Mailbox>();

function journalFile(config: EmulatorConfig): string | null {
  return config.dataDir ? path.join(config.dataDir, 'mail', 'messages.jsonl') : null;
}

async function mailbox({ db, config }: ApiContext): Promise<Mailbox> {
  let box = mailboxes.get(db);
  if (!box) {
    box = { messages: [], loaded: null };
    mailboxes.set(db, box);
  }
  const current = box;
  current.loaded ??= (async () => {
    const file = journalFile(config);
    const journal = file ? await readFile(file, 'utf8').catch(() => '') : '';
    for (const line of journal.split('\n')) {
      if (!line.trim()) continue;
      try {
        current.messages.push(JSON.parse(line) as MailMessage);
      } catch {
        // A torn last line after a crash is skipped, not fatal.
      }
    }
    current.messages = current.messages.slice(-MAIL_KEPT);
  })();
  await current.loaded;
  return current;
}

/** The address inside `Name <address>`, lower-cased. */
export function addressOf(recipient: string): string {
  return (/<([^>]+)>\s*$/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
}

function isFor(message: MailMessage, recipient: string | null): boolean {
  if (!recipient) return true;
  const wanted = addressOf(recipient);
  return [...message.to, ...message.cc, ...message.bcc].some((r) => addressOf(r) === wanted);
}

export async function deliverMail(ctx: ApiContext, input: NewMailMessage): Promise<MailMessage> {
  const box = await mailbox(ctx);
  const message: MailMessage = { id: randomUUID(), created_at: new Date().toISOString(), ...input };
  box.messages.push(message);
  if (box.messages.length > MAIL_KEPT) box.messages.splice(0, box.messages.length - MAIL_KEPT);
  const file = journalFile(ctx.config);
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(message)}\n`);
  }
  return message;
}

/** Newest first, optionally only those sent to one address (to, cc or bcc). */
export async function listMail(ctx: ApiContext, recipient: string | null): Promise<MailMessage[]> {
  return (await mailbox(ctx)).messages.filter((m) => isFor(m, recipient)).reverse();
}

export async function findMail(ctx: ApiContext, id: string): Promise<MailMessage | null> {
  return (await mailbox(ctx)).messages.find((m) => m.id === id) ?? null;
}

/** Removes every message (or one recipient's) from memory and from the journal. */
export async function clearMail(ctx: ApiContext, recipient: string | null): Promise<number> {
  const box = await mailbox(ctx);
  const before = box.messages.length;
  box.messages = box.messages.filter((m) => !isFor(m, recipient));
  const file = journalFile(ctx.config);
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, box.messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
  }
  return before - box.messages.length;
}
