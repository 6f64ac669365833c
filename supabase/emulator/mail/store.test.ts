// The mail catcher keeps what it caught in the data folder: a restarted emulator lists it again,
// and clearing removes it from the file too. In memory it keeps the newest MAIL_KEPT.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../config';
import type { ApiContext, Db } from '../types';
import { clearMail, deliverMail, listMail, MAIL_KEPT } from './store';

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
