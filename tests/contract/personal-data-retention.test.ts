// Issue 26, retention (migration 20261129000200_personal_data.sql): the daily 'personal-data'
// job (Supabase Cron → pg_net → personal-data-files, as the emulator's scheduler runs the same
// declaration) anonymises the teams of an edition that ended more than retention_months ago
// (the organisation's setting, 12 by default), documents and dates of birth included, each once.
// The clock is pinned: the 2026 edition ends on 28 June 2026.
import { describe, expect, test } from 'vitest';
import { http, setupTestEmulator } from './harness';
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
});
