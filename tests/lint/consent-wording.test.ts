// The waiting list's and the newsletter's consent as the pages show them (src/config/consent.ts)
// are the rows the schema gives public.consent_wordings (supabase/schemas/consent.sql), word for
// word: a wording changed in one place only would record a consent the visitor never read. A new
// wording is a new version, in both.
import { expect, test } from 'vitest';
import { NEWSLETTER_CONSENT, WAITING_LIST_CONSENT } from '../../src/config/consent';
import { schemaScript } from '../../scripts/lib/schema-files';

const schema = schemaScript();

/** The (version, purpose, wording) rows of `purpose` the schema inserts. */
function seeded(purpose: string) {
  return [...schema.matchAll(/\(\s*'([^']+)',\s*'([a-z_]+)',\s*'((?:[^']|'')*)'\s*\)/g)]
    .filter(([, , rowPurpose]) => rowPurpose === purpose)
    .map(([, version, , wording]) => ({ version, wording: wording?.replace(/''/g, "'") }));
}

test("the page's waiting-list consent is the schema's wording", () => {
  expect(seeded('waiting_list')).toEqual([
    { version: WAITING_LIST_CONSENT.version, wording: WAITING_LIST_CONSENT.wording },
  ]);
});

test("the pages' newsletter consent is the schema's wording", () => {
  expect(seeded('newsletter')).toEqual([
    { version: NEWSLETTER_CONSENT.version, wording: NEWSLETTER_CONSENT.wording },
  ]);
});
