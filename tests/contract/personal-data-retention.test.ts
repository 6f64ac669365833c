// Issue 26, retention (supabase/schemas/personal_data.sql): the daily 'personal-data'
// job (Supabase Cron → pg_net → personal-data-files, as the emulator's scheduler runs the same
// declaration) anonymises the teams of an edition that ended more than retention_months ago
// (the organisation's setting, 12 by default), documents and dates of birth included, each once,
// and the edition's waiting list with them; contact messages and sponsorship enquiries two years
// after they arrived, as the privacy policy says. The clock is pinned: the 2026 edition ends on
// 28 June 2026.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { arrangeRow, http, setupTestEmulator } from './harness';
import { edition2026, editionMoney, knownPerson } from './personal-data-support';

const em = setupTestEmulator({ trustTestClientAddress: true });

async function runDay(day: string) {
  em().emulator.setClock(day);
  const { runs, sent } = await em().emulator.runDueJobs(`${day}T03:30:00Z`);
  expect(runs.find((run) => run.jobname === 'personal-data')?.status).toBe('succeeded');
  return sent;
}

async function team(id: string) {
  const { data } = await em()
    .service.from('registrations')
    .select('lead_driver_name, lead_driver_email, registration_plate, anonymised_at')
    .eq('id', id)
    .single();
  return data;
}

async function setRetention(months: string) {
  const { error } = await em()
    .admin.from('site_settings')
    .update({ value: months })
    .eq('key', 'retention_months');
  expect(error).toBeNull();
}

describe('the retention job', () => {
  test('anonymises an ended edition’s teams once the months have passed, and only once', async () => {
    const person = await knownPerson(em());
    const money = await editionMoney(em(), await edition2026(em()));

    // Twelve months after the end to the day: not yet.
    await runDay('2027-06-28');
    expect((await team(person.team.id))?.lead_driver_name).toBe(person.name);

    // Longer kept when the organisation says so.
    await setRetention('24');
    await runDay('2027-06-29');
    expect((await team(person.team.id))?.lead_driver_name).toBe(person.name);
    await setRetention('12');

    const sent = await runDay('2027-06-30');
    const call = sent.find((request) => request.url.endsWith('/functions/v1/personal-data-files'));
    expect(call?.status_code).toBe(200);
    const anonymised = await team(person.team.id);
    expect(anonymised).toMatchObject({ lead_driver_name: 'Erased', registration_plate: '' });
    expect(anonymised?.lead_driver_email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    const { data: drivers } = await em()
      .service.from('registration_drivers')
      .select('date_of_birth')
      .eq('registration_id', person.team.id);
    expect(drivers).toEqual([]);
    const file = await http(em(), `/storage/v1/object/documents/${person.objectPath}`, {
      key: em().serviceKey,
      headers: { authorization: `Bearer ${em().serviceKey}` },
    });
    expect(file.status).toBe(400);
    expect(await editionMoney(em(), await edition2026(em()))).toEqual(money);

    // The next day changes nothing: each team once.
    await runDay('2027-07-01');
    expect(await team(person.team.id)).toEqual(anonymised);
    const { data: again } = await em().service.rpc('anonymise_expired_teams');
    expect(again).toBe(0);
  });

  test('takes the waiting list with its edition, and messages and enquiries after two years', async () => {
    const day = (at: string) => ({ created_at: at });
    const writer = `old.${randomUUID()}@example.org`;
    const message = await arrangeRow(em(), 'contact_messages', {
      name: 'Old Writer',
      email: writer,
      subject: 'rally',
      message: 'A message from January 2026.',
      ...day('2026-01-10T10:00:00Z'),
    });
    const enquiry = await arrangeRow(em(), 'sponsorship_enquiries', {
      company_name: 'Old Sponsor Ltd',
      email: writer,
      phone: '07700 900555',
      tier: 'Tier 3 - £800',
      message: 'An enquiry from January 2026.',
      ...day('2026-01-10T10:00:00Z'),
    });
    const entry = await arrangeRow(em(), 'waiting_list_entries', {
      edition_id: await edition2026(em()),
      name: 'Old Waiter',
      email: writer,
      phone: '07700 900555',
      consent_version: 'waiting-list-2026-11',
      consented_at: '2026-05-01T10:00:00Z',
    });
    const read = async () => ({
      message: (
        await em().service.from('contact_messages').select('name, email, message').eq('id', message)
      ).data?.[0],
      enquiry: (
        await em()
          .service.from('sponsorship_enquiries')
          .select('company_name, email, message')
          .eq('id', enquiry)
      ).data?.[0],
      entry: (await em().service.from('waiting_list_entries').select('name, email').eq('id', entry))
        .data?.[0],
    });
    const erased = /^erased-[0-9a-f]{12}@erased\.invalid$/;

    // The edition's teams went after twelve months: its waiting list with them, not the messages.
    await runDay('2027-07-02');
    const then = await read();
    expect(then.entry?.name).toBe('Erased');
    expect(then.entry?.email).toMatch(erased);
    expect(then.message).toMatchObject({ name: 'Old Writer', email: writer });
    expect(then.enquiry).toMatchObject({ company_name: 'Old Sponsor Ltd', email: writer });

    // Two years after they arrived, to the day: not yet; the day after, gone.
    await runDay('2028-01-10');
    expect((await read()).message).toMatchObject({ name: 'Old Writer', email: writer });
    await runDay('2028-01-11');
    const later = await read();
    expect(later.message).toMatchObject({ name: 'Erased', message: 'Erased' });
    expect(later.message?.email).toMatch(erased);
    expect(later.enquiry).toMatchObject({ company_name: 'Erased', message: 'Erased' });
    expect(later.enquiry?.email).toMatch(erased);
    // Once: the next day changes none of them again.
    await runDay('2028-01-12');
    expect(await read()).toEqual(later);
  });
});
