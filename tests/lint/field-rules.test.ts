// The field rules live once in src/lib/validation.ts and field-rules.ts, and their copies say the same: the
// database's (private.is_email, private.is_phone, the contact form's email CHECK and the settings
// trigger private.validate_site_setting, as supabase/schemas states them) and the Edge Functions'
// email check. The copies are run, not read: each on every case of
// tests/support/field-rule-cases.ts, in PGlite for the SQL, and the trigger's messages must be
// the rules' own.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { email, type FieldRule } from '../../src/lib/validation';
import {
  date,
  mediaImage,
  oneLine,
  phone,
  raisedAmount,
  webAddress,
  wholeNumber,
} from '../../src/lib/field-rules';
import { RULE_CASES } from '../support/field-rule-cases';
import { isEmail } from '../../supabase/functions/_shared/validate';
import { schemaScript } from '../../scripts/lib/schema-files';

const schema = schemaScript();

/** A function's current definition, as the schema files state it. */
function definition(name: string): string {
  const found = new RegExp(
    `create or replace function private\\.${name}\\([\\s\\S]*?\\n\\$\\$;`,
  ).exec(schema);
  if (!found) throw new Error(`private.${name} is not in supabase/schemas`);
  return found[0];
}

const casesOf = (rule: FieldRule) => {
  const found = RULE_CASES.find((cases) => cases.message === rule.message);
  if (!found) throw new Error('no cases for this rule');
  return [...found.accepts, ...found.refuses];
};

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec('create schema private;');
  for (const name of ['is_email', 'is_phone', 'is_raised_amount', 'validate_site_setting'])
    await db.exec(definition(name));
  await db.exec(`
    create table public.site_settings (
      key text primary key, value text not null, type text not null,
      label text not null default '', required boolean not null default false);
    create trigger validate before insert on public.site_settings
      for each row execute function private.validate_site_setting();`);
}, 60_000);
afterAll(() => db.close());

async function sqlSays(expression: string, value: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`select (${expression}) as ok`, [value]);
  return rows[0]?.ok === true;
}

describe('the database agrees with the field rules', () => {
  test.each(casesOf(email))('private.is_email on %j', async (value) => {
    expect(await sqlSays('private.is_email(btrim($1))', value)).toBe(email.test(value));
  });

  test.each(casesOf(phone))('private.is_phone on %j', async (value) => {
    expect(await sqlSays('private.is_phone(btrim($1))', value)).toBe(phone.test(value));
  });

  test.each(casesOf(raisedAmount))('private.is_raised_amount on %j', async (value) => {
    expect(await sqlSays('private.is_raised_amount(btrim($1))', value)).toBe(
      raisedAmount.test(value),
    );
  });

  test.each(casesOf(email))("the contact form's email CHECK on %j", async (value) => {
    const table = /create table public\.contact_messages \(([\s\S]*?)\n\);/.exec(schema)?.[1];
    const check = /^ {2}email text not null check \((.*)\),$/m.exec(table ?? '')?.[1];
    expect(check).toBeDefined();
    const expression = (check ?? '').replace(/\bemail\b/g, 'btrim($1)');
    expect(await sqlSays(expression, value)).toBe(email.test(value));
  });

  const settingRules: [string, FieldRule][] = [
    ['integer', wholeNumber()],
    ['date', date],
    ['url', webAddress],
    ['email', email],
    ['phone', phone],
    ['image', mediaImage],
    ['text', oneLine],
  ];
  let row = 0;
  describe.each(settingRules)('the settings trigger, type %s', (type, rule) => {
    test.each(casesOf(rule).filter((value) => value.trim() !== ''))(
      '%j: stored or refused as the rule says, in its words',
      async (value) => {
        const refusal = await db
          .query('insert into public.site_settings (key, value, type) values ($1, $2, $3)', [
            `k${++row}`,
            value,
            type,
          ])
          .then(
            () => null,
            (error: Error) => error.message,
          );
        expect(refusal).toBe(rule.test(value) ? null : rule.message);
      },
    );
  });
});

describe('the Edge Functions agree with the email rule', () => {
  // Within GoTrue's 255 characters, which admin-users checks as well.
  test.each(casesOf(email).filter((value) => value.trim().length <= 255))('%j', (value) => {
    expect(isEmail(value.trim())).toBe(email.test(value));
  });
});
