// Issue 25's hostile inputs against the co-driver's link, the co-driver's copies and the
// fundraising page (supabase/schemas/registrations.sql): the co-driver's secret reaches only the
// co-driver's own section (not the lead's details, the money, the cancellation, the checkout,
// the fundraising or the team pack); the team's secret does not open the co-driver's section; a
// wrong, altered or expired secret opens nothing; the co-driver's section refuses any field but
// their own; a copy is never claimed with the lead's link; the fundraising page takes https
// JustGiving and Enthuse addresses only, refused by the database whichever way it is written.
// The database's day is pinned to 20 March 2026. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { setupTestEmulator } from './harness';
import { callFunction, coDriverLink } from './co-driver-support';
import { payBalance, payDeposit, register, setEdition, teamLink } from './team-page-support';
import { PDF, signedUrl, upload } from './team-documents-support';

const DAY = '2026-03-20';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

async function paidTeamWithCoDriver() {
  const coDriverEmail = `co.${randomUUID()}@example.org`;
  const team = await register(em(), {
    co_driver_name: 'Sam Co',
    co_driver_email: coDriverEmail,
    separate_rooms: false,
  });
  await payDeposit(em(), team.id);
  return {
    ...team,
    coDriverEmail,
    teamSecret: await teamLink(em(), team.id),
    coSecret: await coDriverLink(em(), team.id),
  };
}

describe('the co-driver’s secret reaches only the co-driver’s section', () => {
  test('the team’s functions answer nothing for it, and change nothing', async () => {
    const team = await paidTeamWithCoDriver();
    const secret = team.coSecret;
    for (const name of ['team_page', 'cancellation_quote', 'team_fundraising'] as const) {
      const { data, error } = await em().anon.rpc(name, { secret });
      expect(error).toBeNull();
      expect(data).toBeNull();
    }
    for (const [name, details] of [
      ['update_team_details', { lead_driver_email: 'taken@example.org', separate_rooms: true }],
      ['update_team_fundraising', { show_on_teams_list: true }],
    ] as const) {
      const { data, error } = await em().anon.rpc(name, { secret, details });
      expect(error).toBeNull();
      expect(data).toBeNull();
    }
    const cancel = await em().anon.rpc('cancel_registration', { secret });
    expect(cancel.data).toBeNull();
    const { data: row } = await em()
      .service.from('registrations')
      .select('status, lead_driver_email, separate_rooms, show_on_teams_list')
      .eq('id', team.id)
      .single();
    expect(row).toEqual({
      status: 'new',
      lead_driver_email: team.email,
      separate_rooms: false,
      show_on_teams_list: false,
    });
    // The balance's checkout and the team pack refuse it as a wrong link.
    expect((await callFunction(em(), 'checkout', { kind: 'balance', secret })).status).toBe(404);
    expect((await callFunction(em(), 'team-pack', { secret })).status).toBe(404);
  });

  test('its section holds only the co-driver’s own details and the edition', async () => {
    const team = await paidTeamWithCoDriver();
    const { data } = await em().anon.rpc('co_driver_page', { secret: team.coSecret });
    expect(Object.keys(data as object).sort()).toEqual([
      'cancelled',
      'co_driver_email',
      'co_driver_name',
      'co_driver_phone',
      'details_editable',
      'details_editable_until',
      'driver',
      'edition',
      'licence',
      'team_name',
    ]);
    expect(JSON.stringify(data)).not.toContain(team.email);
  });

  test('refuses any field but the co-driver’s own', async () => {
    const team = await paidTeamWithCoDriver();
    for (const details of [
      { lead_driver_email: 'mine@example.org' },
      { lead_driver_name: 'Taken Over' },
      { status: 'cancelled' },
      { separate_rooms: true },
      { fundraising_url: 'https://www.justgiving.com/x' },
      { co_driver_name: 'Ok', deposit_status: 'paid' },
      // The lead's section and the car's are the team's page's alone.
      { lead: { date_of_birth: '1980-01-01' } },
      { vehicle: { insurance_expiry: '2027-01-01' } },
      { insurance_expiry: '2027-01-01' },
    ]) {
      const { error } = await em().anon.rpc('update_co_driver_details', {
        secret: team.coSecret,
        details: details as never,
      });
      expect(error?.code).toBe('PT400');
      expect(error?.message).toMatch(/^Unknown field/);
    }
    for (const details of [[], 'co_driver_name', null, { co_driver_name: 5 }]) {
      const { error } = await em().anon.rpc('update_co_driver_details', {
        secret: team.coSecret,
        details: details as never,
      });
      expect(error?.code).toBe('PT400');
    }
    const { data: row } = await em()
      .service.from('registrations')
      .select('lead_driver_name, status, co_driver_name')
      .eq('id', team.id)
      .single();
    expect(row).toEqual({
      lead_driver_name: 'Lead Driver',
      status: 'new',
      co_driver_name: 'Sam Co',
    });
  });

  test('the team’s secret, an altered one, a made-up one and an expired one open nothing', async () => {
    const team = await paidTeamWithCoDriver();
    const altered = `${team.coSecret.startsWith('A') ? 'B' : 'A'}${team.coSecret.slice(1)}`;
    for (const secret of [team.teamSecret, altered, 'x'.repeat(43), '', `${team.coSecret} `]) {
      const page = await em().anon.rpc('co_driver_page', { secret });
      expect(page.data).toBeNull();
      const change = await em().anon.rpc('update_co_driver_details', {
        secret,
        details: { co_driver_name: 'Intruder' },
      });
      expect(change.data).toBeNull();
    }
    // The 2026 edition ends on 28 June: its links work until 28 July.
    em().emulator.setClock('2026-07-29');
    try {
      const expired = await em().anon.rpc('co_driver_page', { secret: team.coSecret });
      expect(expired.data).toBeNull();
    } finally {
      em().emulator.setClock(DAY);
    }
    const { data: row } = await em()
      .service.from('registrations')
      .select('co_driver_name')
      .eq('id', team.id)
      .single();
    expect(row?.co_driver_name).toBe('Sam Co');
  });

  test('a copy is claimed with the co-driver’s link, never the team’s', async () => {
    const team = await paidTeamWithCoDriver();
    await payBalance(em(), team.id);
    const { data: copy } = await em()
      .service.from('email_log')
      .select('id')
      .eq('registration_id', team.id)
      .eq('co_driver_copy', true)
      .single();
    const { data: claimed } = await em().service.rpc('claim_registration_email', {
      email_id: copy?.id ?? '',
    });
    const answer = claimed as { team_link_secret: string | null; co_driver_link_secret: string };
    expect(answer.team_link_secret).toBeNull();
    const page = await em().anon.rpc('co_driver_page', { secret: answer.co_driver_link_secret });
    expect(page.data).toMatchObject({ co_driver_name: 'Sam Co' });
  });

  test('a copy cannot be queued by anyone but the service role, nor of any kind', async () => {
    const team = await paidTeamWithCoDriver();
    for (const client of [em().anon, em().visitor, em().admin]) {
      const { error } = await client.rpc('queue_co_driver_copy', {
        registration: team.id,
        kind: 'confirmation',
      });
      expect(error?.code).toBe('42501');
    }
    const { error } = await em().service.rpc('queue_co_driver_copy', {
      registration: team.id,
      kind: 'team_link',
    });
    expect(error).toMatchObject({ code: 'PT400', details: 'kind' });
  });
});

describe('the co-driver’s licence through the co-driver’s own link', () => {
  test('sends and opens the co-driver’s licence, and answers nothing of the team', async () => {
    const team = await paidTeamWithCoDriver();
    const sent = await upload(em(), { secret: team.coSecret, kind: 'co_licence', bytes: PDF });
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.body).sort()).toEqual(['document_id', 'item']);
    expect(sent.body.item).toMatchObject({ kind: 'co_licence', status: 'submitted' });
    expect(JSON.stringify(sent.body)).not.toContain(team.email);
    const { data: section } = await em().anon.rpc('co_driver_page', { secret: team.coSecret });
    expect(section).toMatchObject({ licence: { status: 'submitted', file_name: 'document.pdf' } });
    const opened = await signedUrl(em(), team.coSecret, 'co_licence');
    expect(opened.status).toBe(200);
    expect(opened.body.url).toMatch(/\/storage\/v1\/object\/sign\/documents\//);
    // The team sees the same file as the co-driver's licence.
    const { data: readiness } = await em().anon.rpc('team_readiness', { secret: team.teamSecret });
    const items = (readiness as { items: { kind: string; status: string }[] }).items;
    expect(items.find((item) => item.kind === 'co_licence')?.status).toBe('submitted');
  });

  test('sends and opens no other document, and records nothing for them', async () => {
    const team = await paidTeamWithCoDriver();
    const lead = await upload(em(), { secret: team.teamSecret, kind: 'lead_licence', bytes: PDF });
    expect(lead.status).toBe(200);
    for (const kind of ['lead_licence', 'insurance', 'mot']) {
      const sent = await upload(em(), { secret: team.coSecret, kind, bytes: PDF });
      expect(sent.status).toBe(404);
      expect(JSON.stringify(sent.body)).not.toContain(team.email);
      expect((await signedUrl(em(), team.coSecret, kind)).status).toBe(404);
    }
    const { data: rows } = await em()
      .service.from('team_documents')
      .select('kind')
      .eq('registration_id', team.id);
    expect(rows).toEqual([{ kind: 'lead_licence' }]);
    // Nor through the database's functions directly.
    for (const client of [em().anon, em().visitor]) {
      const { error } = await client.rpc('document_upload_target', {
        secret: team.coSecret,
        kind: 'co_licence',
      });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('the fundraising page', () => {
  const REFUSED = [
    'http://www.justgiving.com/page/x',
    'javascript:alert(1)',
    'https://justgiving.com.evil.example/x',
    'https://evil.example/www.justgiving.com/x',
    'https://evil-justgiving.com/x',
    'https://user@www.justgiving.com/x',
    'https://www.justgiving.com:8443/x',
    'https://www.justgiving.com/x"><script>alert(1)</script>',
    'https://www.justgiving.com/a b',
    'https://www.justgiving.com/a\nb',
    'https://www.gofundme.com/f/x',
    `https://www.justgiving.com/${'a'.repeat(500)}`,
  ];

  test.each(REFUSED)('refuses %s beside its field', async (address) => {
    const team = await register(em());
    const { error } = await em().anon.rpc('update_team_fundraising', {
      secret: await teamLink(em(), team.id),
      details: { fundraising_url: address },
    });
    expect(error).toMatchObject({ code: 'PT400', details: 'fundraisingUrl' });
  });

  test('the database refuses a bad address however it is written', async () => {
    const team = await register(em());
    const { error } = await em()
      .service.from('registrations')
      .update({ fundraising_url: 'https://evil.example/' })
      .eq('id', team.id);
    expect(error?.code).toBe('23514');
  });

  test('refuses a target that is not whole pence from £0 to £1,000,000, and a consent not true or false', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    for (const target of [-1, 1.5, '100', 100_000_001, true]) {
      const { error } = await em().anon.rpc('update_team_fundraising', {
        secret,
        details: { fundraising_target_pence: target } as never,
      });
      expect(error).toMatchObject({ code: 'PT400', details: 'fundraisingTarget' });
    }
    const consent = await em().anon.rpc('update_team_fundraising', {
      secret,
      details: { show_on_teams_list: 'yes' } as never,
    });
    expect(consent.error).toMatchObject({ code: 'PT400', details: 'showOnTeamsList' });
    const unknown = await em().anon.rpc('update_team_fundraising', {
      secret,
      details: { door_number: 1 } as never,
    });
    expect(unknown.error?.message).toMatch(/^Unknown field/);
  });

  test('the public list says nothing personal', async () => {
    const team = await register(em(), { team_name: 'Quiet Team' });
    await payDeposit(em(), team.id);
    await em().anon.rpc('update_team_fundraising', {
      secret: await teamLink(em(), team.id),
      details: { show_on_teams_list: true },
    });
    const { data } = await em().anon.rpc('public_teams', { year: 2026 });
    const listed = (data ?? []).find((row) => row.team_name === 'Quiet Team');
    expect(Object.keys(listed ?? {}).sort()).toEqual([
      'fundraising_target_pence',
      'fundraising_url',
      'team_name',
      'vehicle_make',
      'vehicle_model',
    ]);
    expect(JSON.stringify(data)).not.toContain(team.email);
    expect(JSON.stringify(data)).not.toContain(team.id);
  });
});
