// Issue 12: the rally's dates, prices, contact details, charity identity and fundraising figures
// are data (settings, and since issue 22 the edition's row). Outside src/config/site-defaults.ts
// (the seed values) no file in src/ spells them out, nor (issue 22) the Edge Functions and their
// emails (supabase/functions) or the emulator's local pages (supabase/emulator/local-services),
// and those defaults are the values a new database gets (supabase/schemas: settings.sql's rows and
// editions.sql's 2026 edition).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { EDITION_DEFAULTS, SETTING_DEFAULTS } from '../../src/config/site-defaults';
import { schemaScript } from '../../scripts/lib/schema-files';

const DEFAULTS_FILE = 'src/config/site-defaults.ts';
const schema = schemaScript();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// The facts as code or copy would spell them (comments included: an example in a comment is
// where a copy starts). Each is a setting's seed value or its formatted form.
const FACTS = [
  /2026-06-2[28]/, // start and end dates
  /22-28 June/,
  /June 2026/,
  /\b3,?950\b/, // price
  /£250\b/, // deposit
  /europerally\.org\.uk/, // contact email
  /7946 ?0321/, // phone
  /PO Box 2026/, // address
  /\b27,?000\b/, // raised to date
  /\b150,?000\b/, // goal
  /2026 Europe Rally/, // the edition's name
  /2025-09-01|2026-05-31/, // registration window
  /\b25_?000\b/, // deposit in pence
  /\b395_?000\b/, // price in pence
];

// Where code and templates live: the site, the Edge Functions (their emails are templates) and
// the emulator's pages that stand in for the payment provider.
const SOURCES = ['src', 'supabase/functions', 'supabase/emulator/local-services'];
// The page shell every route starts from, and what `npm start` says when it is up.
const SHELL_FILES = ['index.html', 'scripts/start.mjs'];

describe('no hard-coded rally facts in src/, supabase/functions, the local pages or the shell', () => {
  const files = [...SOURCES.flatMap(sourceFiles), ...SHELL_FILES].filter(
    (file) =>
      file.split(path.sep).join('/') !== DEFAULTS_FILE && !file.endsWith('database.types.ts'),
  );

  test.each(FACTS.map((fact) => [String(fact), fact] as const))('%s', (_name, fact) => {
    const found = files.filter((file) => fact.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  test('the defaults are the values the schema gives the settings', () => {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      const quoted = value.replace(/'/g, "''");
      expect(schema, key).toContain(`('${key}', '${quoted}',`);
    }
  });

  test('the edition defaults are the 2026 edition the schema makes', () => {
    const insert = /insert into public\.editions \(([^)]*)\) values \(([^)]*)\);/.exec(schema);
    const columns = (insert?.[1] ?? '').split(',').map((column) => column.trim());
    const values = (insert?.[2] ?? '')
      .split(',')
      .map((value) => value.trim().replace(/^'|'$/g, ''));
    const row = Object.fromEntries(columns.map((column, i) => [column, values[i]]));
    expect(row).toMatchObject({
      year: String(EDITION_DEFAULTS.year),
      name: EDITION_DEFAULTS.name,
      start_date: EDITION_DEFAULTS.startDate,
      end_date: EDITION_DEFAULTS.endDate,
      start_place: EDITION_DEFAULTS.startPlace,
      finish_place: EDITION_DEFAULTS.finishPlace,
      price_per_car: String(EDITION_DEFAULTS.price),
      deposit: String(EDITION_DEFAULTS.deposit),
      capacity: String(EDITION_DEFAULTS.capacity),
      registration_opens: EDITION_DEFAULTS.registrationOpens,
      registration_closes: EDITION_DEFAULTS.registrationCloses,
      status: 'published',
      is_current: 'true',
    });
  });
});
