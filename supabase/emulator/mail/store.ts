// The local mail catcher's messages: every email the local stack sends (GoTrue's own, and what Edge
// Functions send through the email API) lands here instead of in someone's inbox. Kept in memory
// per emulator (the newest MAIL_KEPT) and, with a data folder, in <dataDir>/mail/messages.jsonl
// across restarts: a journal that new messages are appended to and that is written afresh with
// only the kept ones once it holds JOURNAL_LINES_MAX lines, so the file stays bounded as memory is.
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
 * memory without end. What a benchmark sends beyond them is counted by the email API (stats.ts).
 */
export const MAIL_KEPT = 500;

/**
 * And at most this many characters of subject, HTML and text in all: the email API's batch route
 * takes up to 16 MiB in one email (gateway.ts), and 500 of those would be 8 GiB. 500 emails of a
 * real mailing (100 KiB of HTML and its text part) fit; fewer are kept only when they are larger.
 */
export const MAIL_KEPT_CHARACTERS = 64 * 1024 * 1024;

/** The journal is written afresh with the kept messages once it holds this many lines. */
const JOURNAL_LINES_MAX = 2 * MAIL_KEPT;

interface Mailbox {
  messages: MailMessage[];
  /** The characters of `messages` (see MAIL_KEPT_CHARACTERS). */
  characters: number;
  loaded: Promise<void> | null;
  /** Kept messages not yet in the journal, oldest first. */
  unjournaled: MailMessage[];
  /** Lines in the journal file. */
  journalLines: number;
  /** The journal's writes, one after another, so an append never lands in a file being rewritten. */
  writes: Promise<void>;
}

const mailboxes = new WeakMap<Db, Mailbox>();

function journalFile(config: EmulatorConfig): string | null {
  return config.dataDir ? path.join(config.dataDir, 'mail', 'messages.jsonl') : null;
}

function charactersOf(message: MailMessage): number {
  return message.subject.length + (message.html?.length ?? 0) + (message.text?.length ?? 0);
}

/** Drops the oldest messages past MAIL_KEPT or MAIL_KEPT_CHARACTERS (the newest always stays). */
function trim(box: Mailbox): void {
  let drop = Math.max(0, box.messages.length - MAIL_KEPT);
  let characters = box.characters;
  for (let i = 0; i < drop; i++) characters -= charactersOf(box.messages[i] as MailMessage);
  while (characters > MAIL_KEPT_CHARACTERS && drop < box.messages.length - 1) {
    characters -= charactersOf(box.messages[drop] as MailMessage);
    drop++;
  }
  if (drop === 0) return;
  const dropped = new Set(box.messages.splice(0, drop));
  box.characters = characters;
  box.unjournaled = box.unjournaled.filter((m) => !dropped.has(m));
}

async function mailbox({ db, config }: ApiContext): Promise<Mailbox> {
  let box = mailboxes.get(db);
  if (!box) {
    box = {
      messages: [],
      characters: 0,
      loaded: null,
      unjournaled: [],
      journalLines: 0,
      writes: Promise.resolve(),
    };
    mailboxes.set(db, box);
  }
  const current = box;
  current.loaded ??= (async () => {
    const file = journalFile(config);
    const journal = file ? await readFile(file, 'utf8').catch(() => '') : '';
    for (const line of journal.split('\n')) {
      if (!line.trim()) continue;
      current.journalLines++;
      try {
        const message = JSON.parse(line) as MailMessage;
        current.messages.push(message);
        current.characters += charactersOf(message);
      } catch {
        // A torn last line after a crash is skipped, not fatal.
      }
    }
    trim(current);
  })();
  await current.loaded;
  return current;
}

/**
 * Brings the journal up to date, after the writes before it: the messages not yet in it are
 * appended, or, when that would take it past JOURNAL_LINES_MAX (or `rewrite` asks), the file is
 * written afresh with the kept messages (which include them).
 */
function syncJournal(box: Mailbox, config: EmulatorConfig, rewrite = false): Promise<void> {
  const file = journalFile(config);
  if (!file) {
    box.unjournaled = [];
    return Promise.resolve();
  }
  const write = async () => {
    const pending = box.unjournaled.splice(0);
    const lines = (messages: MailMessage[]) =>
      messages.map((m) => `${JSON.stringify(m)}\n`).join('');
    await mkdir(path.dirname(file), { recursive: true });
    if (rewrite || box.journalLines + pending.length > JOURNAL_LINES_MAX) {
      const kept = box.messages.slice();
      await writeFile(file, lines(kept));
      box.journalLines = kept.length;
    } else if (pending.length > 0) {
      await appendFile(file, lines(pending));
      box.journalLines += pending.length;
    }
  };
  const done = box.writes.then(write);
  box.writes = done.catch(() => undefined);
  return done;
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

/** Catches the messages, in order: one journal write for them all (a batch of 100 is one). */
export async function deliverMails(
  ctx: ApiContext,
  inputs: NewMailMessage[],
): Promise<MailMessage[]> {
  const box = await mailbox(ctx);
  const createdAt = new Date().toISOString();
  const messages = inputs.map((input): MailMessage => ({
    id: randomUUID(),
    created_at: createdAt,
    ...input,
  }));
  for (const message of messages) {
    box.messages.push(message);
    box.unjournaled.push(message);
    box.characters += charactersOf(message);
  }
  trim(box);
  await syncJournal(box, ctx.config);
  return messages;
}

export async function deliverMail(ctx: ApiContext, input: NewMailMessage): Promise<MailMessage> {
  const [message] = await deliverMails(ctx, [input]);
  if (!message) throw new Error('The catcher caught nothing');
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
  box.characters = box.messages.reduce((sum, m) => sum + charactersOf(m), 0);
  box.unjournaled = [];
  await syncJournal(box, ctx.config, true);
  return before - box.messages.length;
}
