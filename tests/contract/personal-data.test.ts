// Issue 26, personal data (supabase/schemas/personal_data.sql and the
// personal-data-files Edge Function under Deno): an administrator's search finds every kind of
// row the database holds about an address, whatever its case; the export is that answer; an
// erasure leaves no copy of the address or the name in any text column of the database (the
// audit log, the email log and the payment tables included), deletes the team's stored files
// through Storage, keeps the edition's money as it was and records one audit entry without the
// address.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { TEST_ADMIN, http, setupTestEmulator } from './harness';
import { callFunction } from './co-driver-support';
import { payBalance } from './team-page-support';
import {
  columnsHolding,
  edition2026,
  editionMoney,
  knownPerson,
  type Person,
} from './personal-data-support';

const em = setupTestEmulator({ trustTestClientAddress: true });

type Found = {
  email: string;
  registrations: {
    role: string;
    registration: Record<string, unknown>;
    drivers: Record<string, unknown>[];
    documents: Record<string, unknown>[];
    payments: Record<string, unknown>[];
  }[];
  sponsorship_enquiries: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  newsletter_subscriptions: Record<string, unknown>[];
  waiting_list_entries: Record<string, unknown>[];
  consent_records: Record<string, unknown>[];
  emails_sent: Record<string, unknown>[];
  mailings_received: Record<string, unknown>[];
};

async function search(email: string): Promise<Found> {
  const { data, error } = await em().admin.rpc('personal_data', { email });
  expect(error).toBeNull();
  return data as unknown as Found;
}

let person: Person;
beforeAll(async () => {
  person = await knownPerson(em());
  await payBalance(em(), person.team.id);
});

describe('personal_data()', () => {
  test('finds every kind of row held about the address, typed in any case', async () => {
    const found = await search(`  ${person.email.toUpperCase()} `);
    expect(found.email).toBe(person.email);
    const led = found.registrations.find((r) => r.role === 'lead driver');
    expect(led?.registration.lead_driver_name).toBe(person.name);
    expect(led?.registration.registration_plate).toBe('AB12 CDE');
    expect(led?.drivers.map((d) => d.role).sort()).toEqual(['co', 'lead']);
    expect(led?.drivers.find((d) => d.role === 'lead')?.date_of_birth).toBe('1980-05-01');
    expect(led?.documents.map((d) => d.kind)).toEqual(['lead_licence']);
    expect(led?.documents[0]).not.toHaveProperty('object_path');
    expect(led?.payments.map((p) => [p.kind, p.amount_pence])).toEqual([
      ['deposit', 25_000],
      ['balance', 370_000],
    ]);
    const co = found.registrations.find((r) => r.role === 'co-driver');
    expect(co?.registration.id).toBe(person.coTeam);
    expect(co?.registration).not.toHaveProperty('lead_driver_email');
    expect(co?.payments).toEqual([]);
    expect(found.contact_messages).toHaveLength(1);
    expect(found.sponsorship_enquiries).toHaveLength(1);
    expect(found.newsletter_subscriptions).toHaveLength(1);
    expect(found.waiting_list_entries).toHaveLength(1);
    expect(found.emails_sent.map((e) => e.kind)).toContain('team_link');
    expect(found.consent_records.map((c) => [c.purpose, c.source, c.withdrawn_at])).toEqual(
      expect.arrayContaining([['newsletter', 'footer', null]]),
    );
    expect(found.emails_sent.map((e) => e.kind)).toContain('newsletter_confirmation');
    expect(found.mailings_received).toEqual([
      expect.objectContaining({ mailing: 'Spring news', name: person.name, status: 'sent' }),
    ]);
  });

  test('an address held nowhere answers every group empty', async () => {
    const found = await search('nobody.here@example.org');
    for (const group of Object.values(found).filter(Array.isArray)) expect(group).toEqual([]);
  });

  test('a value that is not an address is refused beside the field', async () => {
    const { error } = await em().admin.rpc('personal_data', { email: 'not an address' });
    expect(error?.message).toBe('Please enter an email address.');
    expect(error?.details).toBe('email');
  });
});

describe('erase_personal_data()', () => {
  test('leaves no copy of the address or the name, keeps the money, deletes the file, audits once', async () => {
    const edition = await edition2026(em());
    const moneyBefore = await editionMoney(em(), edition);
    const { count: teamsBefore } = await em()
      .service.from('registrations')
      .select('id', { count: 'exact', head: true })
      .eq('edition_id', edition);
    // The file is there before.
    const before = await http(em(), `/storage/v1/object/documents/${person.objectPath}`, {
      key: em().serviceKey,
      headers: { authorization: `Bearer ${em().serviceKey}` },
    });
    expect(before.status).toBe(200);
    expect(await columnsHolding(em(), person.email)).not.toEqual([]);

    const { data, error } = await em().admin.rpc('erase_personal_data', { email: person.email });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      registrations: 1,
      co_driver_registrations: 1,
      contact_messages: 1,
      sponsorship_enquiries: 1,
      newsletter_subscriptions: 1,
      waiting_list_entries: 1,
      mailing_recipients: 1,
      files_queued: 1,
    });

    // The files go through Storage, as the screen asks right after.
    const removed = await callFunction(em(), 'personal-data-files', {}, await adminToken());
    expect(removed.status).toBe(200);
    expect(removed.json()).toMatchObject({ files_deleted: 1 });
    const after = await http(em(), `/storage/v1/object/documents/${person.objectPath}`, {
      key: em().serviceKey,
      headers: { authorization: `Bearer ${em().serviceKey}` },
    });
    expect(after.status).toBe(400);

    for (const needle of [
      person.email,
      person.name,
      person.coName,
      person.teamName,
      'AB12 CDE',
      'MORGA753116SM9IJ',
    ])
      expect(await columnsHolding(em(), needle), needle).toEqual([]);
    // The co-driver's part of the other team is gone, the lead's of it stays.
    const { data: other } = await em()
      .service.from('registrations')
      .select('lead_driver_name, co_driver_name, co_driver_email, co_driver_phone')
      .eq('id', person.coTeam)
      .single();
    expect(other).toEqual({
      lead_driver_name: 'Lead Driver',
      co_driver_name: 'Erased',
      co_driver_email: '',
      co_driver_phone: '',
    });
    const { data: drivers } = await em()
      .service.from('registration_drivers')
      .select('date_of_birth')
      .eq('registration_id', person.team.id);
    expect(drivers).toEqual([]);

    expect(await editionMoney(em(), edition)).toEqual(moneyBefore);
    const { count: teamsAfter } = await em()
      .service.from('registrations')
      .select('id', { count: 'exact', head: true })
      .eq('edition_id', edition);
    expect(teamsAfter).toBe(teamsBefore);
    expect(await search(person.email)).toMatchObject({
      registrations: [],
      emails_sent: [],
      consent_records: [],
    });
    // The consent records stay as proof, withdrawn by the erasure.
    const { data: consents } = await em()
      .admin.from('consent_records')
      .select('withdrawn_how')
      .like('email', 'erased-%');
    expect(consents?.map((c) => c.withdrawn_how)).toContain('erased');

    const { data: audit } = await em()
      .admin.from('audit_log')
      .select('actor_email, table_name, label, changed_columns')
      .eq('action', 'erased');
    const hash = createHash('sha256').update(person.email).digest('hex');
    expect(audit).toEqual([
      expect.objectContaining({ actor_email: TEST_ADMIN.email, table_name: 'personal_data' }),
    ]);
    expect(audit?.[0]?.label).toContain(hash);
    expect(audit?.[0]?.changed_columns).toContain('registrations: 1');
  });

  test('the erased team’s link no longer opens its page', async () => {
    const { data } = await em().anon.rpc('team_page', { secret: person.team.secret });
    expect(data).toBeNull();
  });
});

async function adminToken(): Promise<string> {
  const { data } = await em().admin.auth.getSession();
  return data.session?.access_token ?? '';
}
