// The waiting list's and the newsletter's consent as the pages show them (src/config/consent.ts) is the row the
// migration seeds in public.consent_wordings, word for word: a wording changed in one place only
// would record a consent the visitor never read. A new wording is a new version, in both.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { NEWSLETTER_CONSENT, WAITING_LIST_CONSENT } from '../../src/config/consent';

const MIGRATION = 'supabase/migrations/20261127000000_waiting_list.sql';

test("the page's waiting-list consent is the migration's seeded wording", () => {
  const sql = readFileSync(MIGRATION, 'utf8');
  const seeded = [
    ...sql.matchAll(/\(\s*'([^']+)',\s*'waiting_list',\s*'((?:[^']|'')*)'\s*\)/g),
  ].map(([, version, wording]) => ({ version, wording: wording?.replace(/''/g, "'") }));
  expect(seeded).toEqual([
    { version: WAITING_LIST_CONSENT.version, wording: WAITING_LIST_CONSENT.wording },
  ]);
});

test("the pages' newsletter consent is the migration's seeded wording", () => {
  const sql = readFileSync(
    'supabase/migrations/20261129000000_consent_and_unsubscribe.sql',
    'utf8',
  );
  const seeded = [...sql.matchAll(/\(\s*'([^']+)',\s*'newsletter',\s*'((?:[^']|'')*)'\s*\)/g)].map(
    ([, version, wording]) => ({ version, wording: wording?.replace(/''/g, "'") }),
  );
  expect(seeded).toEqual([
    { version: NEWSLETTER_CONSENT.version, wording: NEWSLETTER_CONSENT.wording },
  ]);
});
