// Local receivers for the two webhooks the site posts to (sponsorship enquiries and rally
// registrations), so both flows work offline. Payloads are kept in memory for tests and, when
// the emulator has a data folder, appended to <dataDir>/webhooks/<name>.jsonl for people.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiContext, Db, EmulatorConfig } from '../types';

export const WEBHOOK_NAMES = ['sponsorship', 'registration'] as const;
export type WebhookName = (typeof WEBHOOK_NAMES)[number];

export function webhookName(value: string): WebhookName | undefined {
  return WEBHOOK_NAMES.find((name) => name === value);
}

/** Payloads kept in memory per webhook (the newest); the journal on disk keeps them all. */
export const INBOX_SIZE = 500;

interface WebhookInbox {
  payloads: unknown[];
  /** The status the next POST answers with, set by a test through fail-next. */
  failNext: number | null;
  loaded: boolean;
}

// One set of inboxes per running emulator, keyed by its database (config objects may be copied).
const inboxesByEmulator = new WeakMap<Db, Map<WebhookName, WebhookInbox>>();

function journalFile(config: EmulatorConfig, name: WebhookName): string | null {
  return config.dataDir ? path.resolve(config.dataDir, 'webhooks', `${name}.jsonl`) : null;
}

async function inbox({ db, config }: ApiContext, name: WebhookName): Promise<WebhookInbox> {
  let inboxes = inboxesByEmulator.get(db);
  if (!inboxes) {
    inboxes = new Map();
    inboxesByEmulator.set(db, inboxes);
  }
  let box = inboxes.get(name);
  if (!box) {
    box = { payloads: [], failNext: null, loaded: false };
    inboxes.set(name, box);
  }
  if (!box.loaded) {
    box.loaded = true;
    // Payloads received before a restart stay listed while the data folder lives.
    const file = journalFile(config, name);
    const journal = file ? await readFile(file, 'utf8').catch(() => '') : '';
    for (const line of journal.split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry: unknown = JSON.parse(line);
        if (typeof entry === 'object' && entry !== null && 'payload' in entry)
          box.payloads.push(entry.payload);
      } catch {
        // A torn last line after a crash is skipped, not fatal.
      }
    }
    box.payloads = box.payloads.slice(-INBOX_SIZE);
  }
  return box;
}

export type ReceiveResult = { status: 200 } | { status: number; simulatedFailure: true };

export async function receivePayload(
  ctx: ApiContext,
  name: WebhookName,
  payload: unknown,
): Promise<ReceiveResult> {
  const box = await inbox(ctx, name);
  if (box.failNext !== null) {
    const status = box.failNext;
    box.failNext = null;
    return { status, simulatedFailure: true };
  }
  box.payloads.push(payload);
  // Anyone may post here: without a cap, a loop of posts would hold memory without end.
  if (box.payloads.length > INBOX_SIZE) box.payloads.splice(0, box.payloads.length - INBOX_SIZE);
  const file = journalFile(ctx.config, name);
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(
      file,
      `${JSON.stringify({ receivedAt: new Date().toISOString(), payload })}\n`,
    );
  }
  return { status: 200 };
}

export async function receivedPayloads(ctx: ApiContext, name: WebhookName): Promise<unknown[]> {
  return [...(await inbox(ctx, name)).payloads];
}

export async function failNext(ctx: ApiContext, name: WebhookName, status: number): Promise<void> {
  (await inbox(ctx, name)).failNext = status;
}

/** Empties the in-memory list (tests); the journal on disk is kept as a record. */
export async function clearPayloads(ctx: ApiContext, name: WebhookName): Promise<void> {
  const box = await inbox(ctx, name);
  box.payloads = [];
  box.failNext = null;
}
