// The mail catcher keeps what it caught in the data folder: a restarted emulator lists it again,
// and clearing removes it from the file too. In memory it keeps the newest MAIL_KEPT (fewer only
// when they are very large), and its journal stays bounded however many it has caught.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../config';
import type { ApiContext, Db } from '../types';
import {
  clearMail,
  deliverMail,
  deliverMails,
  listMail,
  MAIL_KEPT,
  MAIL_KEPT_CHARACTERS,
} from './store';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-store-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A running emulator as the store sees it: its own database handle and the data folder. */
function emulatorContext(): ApiContext {
  return { db: {} as Db, config: loadConfig({ dataDir }) };
}

const message = {
  from: 'Admin <admin@email.com>',
  to: ['organiser@example.com'],
  cc: [],
  bcc: [],
  reply_to: [],
  subject: 'Reset your password',
  html: '<p>link</p>',
  text: null,
  headers: {},
  tags: [],
  sent_by: 'auth' as const,
};

test('lists messages caught before a restart, and forgets them once cleared', async () => {
  const before = emulatorContext();
  const sent = await deliverMail(before, message);
  await deliverMail(before, { ...message, to: ['other@example.com'] });

  const restarted = emulatorContext();
  expect((await listMail(restarted, 'organiser@example.com')).map((m) => m.id)).toEqual([sent.id]);
  expect(await clearMail(restarted, null)).toBe(2);

  expect(await listMail(emulatorContext(), null)).toEqual([]);
});

test('keeps the newest messages in memory, however many are posted', async () => {
  const inMemory: ApiContext = { db: {} as Db, config: loadConfig({ dataDir: null }) };
  for (let i = 0; i < MAIL_KEPT + 5; i++) {
    await deliverMail(inMemory, { ...message, subject: `Message ${i}` });
  }
  const kept = await listMail(inMemory, null);
  expect(kept).toHaveLength(MAIL_KEPT);
  expect(kept[0]?.subject).toBe(`Message ${MAIL_KEPT + 4}`);
  expect(kept.at(-1)?.subject).toBe('Message 5');
});

test('keeps its journal bounded: a restart after thousands lists the newest, once each', async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'mail-journal-'));
  try {
    const context = (): ApiContext => ({ db: {} as Db, config: loadConfig({ dataDir: folder }) });
    const running = context();
    // 3,000 emails in batches of 100, as a mailing's sender posts them, and some one by one.
    for (let start = 0; start < 3000; start += 100) {
      await deliverMails(
        running,
        Array.from({ length: 100 }, (_, i) => ({ ...message, subject: `Mail ${start + i}` })),
      );
    }
    for (let i = 3000; i < 3010; i++)
      await deliverMail(running, { ...message, subject: `Mail ${i}` });
    const journal = readFileSync(path.join(folder, 'mail', 'messages.jsonl'), 'utf8');
    expect(journal.trim().split('\n').length).toBeLessThanOrEqual(2 * MAIL_KEPT);
    const subjects = (await listMail(context(), null)).map((m) => m.subject);
    expect(subjects).toHaveLength(MAIL_KEPT);
    expect(subjects[0]).toBe('Mail 3009');
    expect(subjects.at(-1)).toBe(`Mail ${3010 - MAIL_KEPT}`);
    expect(new Set(subjects).size).toBe(MAIL_KEPT);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('keeps fewer than 500 only when they are too large to hold, and always the newest', async () => {
  const inMemory: ApiContext = { db: {} as Db, config: loadConfig({ dataDir: null }) };
  const large = 'x'.repeat(Math.ceil(MAIL_KEPT_CHARACTERS / 10));
  for (let i = 0; i < 12; i++) {
    await deliverMail(inMemory, { ...message, subject: `Large ${i}`, html: large });
  }
  const kept = (await listMail(inMemory, null)).map((m) => m.subject);
  expect(kept).toHaveLength(9);
  expect(kept[0]).toBe('Large 11');
  const huge = 'x'.repeat(MAIL_KEPT_CHARACTERS + 1);
  await deliverMail(inMemory, { ...message, subject: 'Huge', html: huge });
  expect((await listMail(inMemory, null)).map((m) => m.subject)).toEqual(['Huge']);
});
