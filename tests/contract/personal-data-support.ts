// What the personal-data contract tests share (personal-data.test.ts,
// personal-data-retention.test.ts, hostile-personal-data.test.ts): a person known to the database
// in every way it can know someone, the places a copy of their address or name could hide, and
// the 2026 edition's money as the administrators read it.
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { arrangeRow, type TestEmulator } from './harness';
import { COMPLETE_DETAILS, PDF, paidTeam, saveDetails, upload } from './team-documents-support';
import { register } from './team-page-support';

export interface Person {
  email: string;
  name: string;
  coName: string;
  teamName: string;
  /** The team the person leads (deposit paid, details and a licence uploaded). */
  team: { id: string; secret: string };
  /** The team the person is the co-driver of. */
  coTeam: string;
  /** The stored licence file's path in the `documents` bucket. */
  objectPath: string;
}

/** Someone who registered, wrote, enquired, subscribed, waits for a place and was emailed. */
export async function knownPerson(em: TestEmulator): Promise<Person> {
  const tag = randomUUID().slice(0, 8);
  const email = `quill.${tag}@example.org`;
  const name = `Petra Quill${tag}`;
  const coName = `Cosmo Vane${tag}`;
  const teamName = `Quill Racing ${tag}`;
  const team = await paidTeam(em, {
    lead_driver_name: name,
    lead_driver_email: email,
    lead_driver_phone: '07700 900555',
    co_driver_name: coName,
    co_driver_email: `vane.${tag}@example.org`,
    co_driver_phone: '07700 900556',
    team_name: teamName,
    registration_plate: 'QU11 LLX',
  });
  const details = {
    ...COMPLETE_DETAILS,
    lead: { ...COMPLETE_DETAILS.lead, emergency_contact_name: `Quill Kin${tag}` },
  };
  expect((await saveDetails(em, team.secret, details)).error).toBeNull();
  expect((await upload(em, { secret: team.secret, kind: 'lead_licence', bytes: PDF })).status).toBe(
    200,
  );
  const stored = await em.service
    .from('team_documents')
    .select('object_path')
    .eq('registration_id', team.id)
    .single();
  // As the co-driver of someone else's team, the address typed in capitals.
  const coTeam = await register(em, {
    co_driver_name: name,
    co_driver_email: email.toUpperCase(),
    co_driver_phone: '07700 900555',
  });
  await arrangeRow(em, 'contact_messages', {
    name,
    email: email.toUpperCase(),
    phone: '07700 900555',
    subject: 'rally',
    message: `Hello, this is ${name} about the rally.`,
  });
  await arrangeRow(em, 'sponsorship_enquiries', {
    company_name: `${name} Ltd`,
    email,
    phone: '07700 900555',
    tier: 'Tier 3 - £800',
    message: `${name} would like to sponsor.`,
  });
  // The footer's box: a pending subscriber, a consent record and the confirmation email queued.
  const subscribed = await em.anon
    .rpc('subscribe_newsletter', {
      email,
      source: 'footer',
      consent_version: 'newsletter-2026-11',
    })
    .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.18.${randomInt(256)}.${randomInt(256)}`);
  expect(subscribed.error).toBeNull();
  await arrangeRow(em, 'waiting_list_entries', {
    name,
    email,
    phone: '07700 900555',
    consent_version: 'waiting-list-2026-11',
    consented_at: new Date().toISOString(),
  });
  await arrangeRow(em, 'email_log', { kind: 'team_link', recipient: email, status: 'sent' });
  const mailing = await arrangeRow(em, 'mailings', {
    audience: 'subscribers',
    subject: 'Spring news',
    body: '<p>Hello</p>',
  });
  await arrangeRow(em, 'mailing_recipients', {
    mailing_id: mailing,
    email,
    name,
    status: 'sent',
    sent_at: new Date().toISOString(),
  });
  return {
    email,
    name,
    coName,
    teamName,
    team: { id: team.id, secret: team.secret },
    coTeam: coTeam.id,
    objectPath: stored.data?.object_path ?? '',
  };
}

/** The 2026 edition's id. */
export async function edition2026(em: TestEmulator): Promise<string> {
  const { data } = await em.service.from('editions').select('id').eq('year', 2026).single();
  return data?.id ?? '';
}

/** The edition's money as the administrators read it. */
export async function editionMoney(em: TestEmulator, edition: string): Promise<unknown> {
  const { data, error } = await em.admin.rpc('edition_money', { edition });
  expect(error).toBeNull();
  return data;
}

/**
 * Every text, JSON and array column of the project's schemas (and Storage's object names) whose
 * value contains `needle`, case-insensitively, as `schema.table.column`: where a copy hides.
 */
export async function columnsHolding(em: TestEmulator, needle: string): Promise<string[]> {
  const columns = await em.emulator.db.query<{ schema: string; tbl: string; col: string }>(
    `select c.table_schema as schema, c.table_name as tbl, c.column_name as col
     from information_schema.columns as c
     join information_schema.tables as t
       on t.table_schema = c.table_schema and t.table_name = c.table_name
     where t.table_type = 'BASE TABLE'
       and c.table_schema in ('public', 'private', 'storage', 'net', 'cron')
       and (c.data_type in ('text', 'character varying', 'jsonb', 'json')
         or c.udt_name in ('_text', '_varchar'))
       and c.is_generated = 'NEVER'`,
  );
  const found: string[] = [];
  for (const { schema, tbl, col } of columns.rows) {
    const hits = await em.emulator.db.query<{ n: number }>(
      `select count(*)::int as n from "${schema}"."${tbl}" where "${col}"::text ilike $1`,
      [`%${needle}%`],
    );
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${schema}.${tbl}.${col}`);
  }
  return found;
}
