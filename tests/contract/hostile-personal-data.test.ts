// Issue 26, personal data against a hostile caller: anonymous visitors and signed-in
// non-administrators can neither search nor erase, nor call personal-data-files; an address that
// is a pattern ('%', '_') matches itself only, so an erasure never reaches another person; and
// nothing an administrator's erasure answers or records names the address. Runs on PGlite and on
// PostgreSQL 15.
import { describe, expect, test } from 'vitest';
import { setupTestEmulator } from './harness';
import { callFunction } from './co-driver-support';
import { knownPerson } from './personal-data-support';

const em = setupTestEmulator({ trustTestClientAddress: true });

describe('who may search and erase', () => {
  test('anonymous visitors and signed-in non-administrators are refused, and nothing changes', async () => {
    const person = await knownPerson(em());
    for (const caller of ['anon', 'visitor'] as const) {
      for (const name of ['personal_data', 'erase_personal_data'] as const) {
        const { data, error } = await em()[caller].rpc(name, { email: person.email });
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      }
    }
    const { data } = await em()
      .service.from('registrations')
      .select('lead_driver_name')
      .eq('id', person.team.id)
      .single();
    expect(data?.lead_driver_name).toBe(person.name);
  });

  test('personal-data-files refuses the anon key and a non-administrator', async () => {
    expect((await callFunction(em(), 'personal-data-files', {})).status).toBe(403);
    const { data } = await em().visitor.auth.getSession();
    const visitor = await callFunction(
      em(),
      'personal-data-files',
      {},
      data.session?.access_token ?? '',
    );
    expect(visitor.status).toBe(403);
  });
});

describe('what an erasure reaches', () => {
  test('an address made of wildcards erases nobody else', async () => {
    const person = await knownPerson(em());
    const domain = person.email.split('@')[1] ?? '';
    for (const pattern of [`%@${domain}`, `_${person.email.slice(1)}`]) {
      const { data, error } = await em().admin.rpc('erase_personal_data', { email: pattern });
      expect(error).toBeNull();
      expect(data).toMatchObject({ registrations: 0, contact_messages: 0, emails: 0 });
    }
    const { data: found } = await em().admin.rpc('personal_data', { email: person.email });
    expect((found as { registrations: unknown[] }).registrations).toHaveLength(2);
  });

  test('the audit entry and the answer never name the address', async () => {
    const person = await knownPerson(em());
    const { data } = await em().admin.rpc('erase_personal_data', { email: person.email });
    expect(JSON.stringify(data)).not.toContain(person.email);
    const { data: audit } = await em()
      .admin.from('audit_log')
      .select('label, changed_columns, row_id')
      .eq('action', 'erased');
    expect(JSON.stringify(audit)).not.toContain(person.email);
    expect(JSON.stringify(audit)).not.toContain(person.name);
  });

  test('a value that is not an address, or far too long, is refused', async () => {
    for (const email of ['', 'no-at-sign', `${'a'.repeat(400)}@example.org`]) {
      const { error } = await em().admin.rpc('erase_personal_data', { email });
      expect(error?.code).toBe('PT400');
    }
  });
});
