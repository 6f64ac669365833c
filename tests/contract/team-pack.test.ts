// Issue 25, the team pack, door numbers and the fundraising page (supabase/schemas/registrations.sql):
// door numbers go 1, 2, 3 … in the order the deposits were recorded and are never given again;
// the team-pack function downloads a PDF for a team paid in full and ready to drive (and refuses
// one that is not, or a wrong link), read back by its bytes (tests/support/pdf-reading.ts): it
// names the team, its door number, the route and the emergency numbers. The team's fundraising
// page (JustGiving or Enthuse) and target, and the public teams list of those that agreed, paid
// the deposit and are not cancelled. The database's day is pinned to 20 March 2026. Runs on
// PGlite and on PostgreSQL 15.
// Ready to drive is issue 25's documents (supabase/schemas/documents.sql): every detail saved through
// update_team_documents_details, each document uploaded through team-documents and accepted by
// an administrator.
import { beforeAll, describe, expect, test } from 'vitest';
import { readPdf } from '../support/pdf-reading';
import { setupTestEmulator } from './harness';
import { callFunction } from './co-driver-support';
import { COMPLETE_DETAILS, PDF, readiness, saveDetails, upload } from './team-documents-support';
import { payBalance, payDeposit, register, setEdition, teamLink } from './team-page-support';

const DAY = '2026-03-20';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000, start_place: 'Dover', finish_place: 'Monaco' });
});

async function doorNumber(registration: string): Promise<number | null> {
  const { data } = await em()
    .service.from('registrations')
    .select('door_number')
    .eq('id', registration)
    .single();
  return data?.door_number ?? null;
}

/** A team paid in full, with its secret; ready to drive unless `ready` is false. */
async function readyTeam(teamName = 'The Testers', ready = true) {
  const team = await register(em(), { team_name: teamName, co_driver_name: 'Sam Co' });
  await payDeposit(em(), team.id);
  await payBalance(em(), team.id);
  const secret = await teamLink(em(), team.id);
  if (ready) {
    expect((await saveDetails(em(), secret, COMPLETE_DETAILS)).error).toBeNull();
    for (const kind of ['lead_licence', 'co_licence', 'insurance', 'mot'])
      expect((await upload(em(), { secret, kind, bytes: PDF })).status).toBe(200);
    for (const item of (await readiness(em(), secret))?.items ?? []) {
      const id = (item as { document_id?: string }).document_id ?? '';
      const { error } = await em().admin.rpc('decide_team_document', {
        document: id,
        decision: 'accepted',
      });
      expect(error).toBeNull();
    }
    expect((await readiness(em(), secret))?.ready).toBe(true);
  }
  return { ...team, secret };
}

const download = (secret: unknown) => callFunction(em(), 'team-pack', { secret });

describe('door numbers', () => {
  test('follow the order the deposits were recorded, once each, never reused after a cancellation', async () => {
    const first = await register(em());
    const second = await register(em());
    const third = await register(em());
    expect(await doorNumber(first.id)).toBeNull();
    await payDeposit(em(), second.id);
    await payDeposit(em(), first.id);
    const [a, b] = [await doorNumber(second.id), await doorNumber(first.id)];
    expect(a).not.toBeNull();
    expect(b).toBe((a ?? 0) + 1);
    // Paying the balance does not renumber.
    await payBalance(em(), second.id);
    expect(await doorNumber(second.id)).toBe(a);
    // The last number's team cancels: the next deposit still gets a new number.
    await em().anon.rpc('cancel_registration', { secret: await teamLink(em(), first.id) });
    await payDeposit(em(), third.id);
    expect(await doorNumber(third.id)).toBe((b ?? 0) + 1);
    expect(await doorNumber(first.id)).toBe(b);
  });
});

describe('the team pack', () => {
  test('downloads as a PDF naming the team, its door number, the route and the emergency numbers', async () => {
    const team = await readyTeam('The Door Testers');
    const door = await doorNumber(team.id);
    const answer = await download(team.secret);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="team-pack-2026-door-${door}.pdf"`,
    );
    // The bytes as sent (http() reads text, which would decode the header's binary comment).
    const response = await fetch(`${em().url}/functions/v1/team-pack`, {
      method: 'POST',
      headers: {
        apikey: em().anonKey,
        authorization: `Bearer ${em().anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ secret: team.secret }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(answer.headers.get('content-length') ?? bytes.length)).toBe(bytes.length);
    const { header, texts } = readPdf(bytes);
    expect(header).toBe('%PDF-1.4');
    expect(texts).toEqual(
      expect.arrayContaining([
        'The Door Testers',
        `Door number: ${door}`,
        'Co-driver: Sam Co',
        'Car: Volvo 240 Estate',
        'Start: Dover, 22 June 2026.',
        'Finish: Monaco, 28 June 2026.',
        'Emergency services anywhere in Europe: 112',
        'The organisers: +44 (0)20 7946 0321',
      ]),
    );
  });

  test('is refused before the balance is paid, before the team is ready, once cancelled, and for a wrong link', async () => {
    const unpaid = await register(em());
    await payDeposit(em(), unpaid.id);
    const unpaidSecret = await teamLink(em(), unpaid.id);
    expect(await download(unpaidSecret)).toMatchObject({ status: 409 });
    expect((await download(unpaidSecret)).json()).toEqual({
      error: 'The team pack is ready once the balance is paid in full.',
    });

    const team = await readyTeam('Not Ready Yet', false);
    expect((await download(team.secret)).json()).toEqual({
      error:
        'The team pack is ready once every document is accepted and the team is ready to drive.',
    });

    const altered = `${team.secret.startsWith('A') ? 'B' : 'A'}${team.secret.slice(1)}`;
    for (const secret of [altered, '', 'x'.repeat(43)])
      expect((await download(secret)).status).toBe(404);
    expect((await download(42)).status).toBe(400);

    const cancelled = await readyTeam();
    await em().anon.rpc('cancel_registration', { secret: cancelled.secret });
    expect((await download(cancelled.secret)).status).toBe(409);
  });

  test('team_pack_facts is the service role’s only', async () => {
    const team = await readyTeam();
    for (const client of [em().anon, em().visitor, em().admin]) {
      const { data, error } = await client.rpc('team_pack_facts', { secret: team.secret });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });
});

describe('fundraising and the public teams list', () => {
  test('the team sets its page, target and consent; the list shows those that agreed, paid and are not cancelled', async () => {
    const shown = await register(em(), {
      team_name: 'Listed Team',
      vehicle_make: 'Volvo',
      lead_driver_phone: '07700 900999',
    });
    const unpaid = await register(em(), { team_name: 'Unpaid Team' });
    const private_ = await register(em(), { team_name: 'Private Team' });
    const cancelled = await register(em(), { team_name: 'Cancelled Team' });
    for (const team of [shown, private_, cancelled]) await payDeposit(em(), team.id);
    for (const team of [shown, unpaid, cancelled]) {
      const { data, error } = await em().anon.rpc('update_team_fundraising', {
        secret: await teamLink(em(), team.id),
        details: {
          fundraising_url: ' https://www.justgiving.com/page/listed-team ',
          fundraising_target_pence: 250_000,
          show_on_teams_list: true,
        },
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        fundraising_url: 'https://www.justgiving.com/page/listed-team',
        fundraising_target_pence: 250_000,
        show_on_teams_list: true,
      });
    }
    await em().anon.rpc('cancel_registration', { secret: await teamLink(em(), cancelled.id) });

    const { data, error } = await em().anon.rpc('public_teams', { year: 2026 });
    expect(error).toBeNull();
    const names = (data ?? []).map((row) => row.team_name);
    expect(names).toContain('Listed Team');
    for (const hidden of ['Unpaid Team', 'Private Team', 'Cancelled Team'])
      expect(names).not.toContain(hidden);
    expect(data?.find((row) => row.team_name === 'Listed Team')).toEqual({
      team_name: 'Listed Team',
      vehicle_make: 'Volvo',
      vehicle_model: '',
      fundraising_url: 'https://www.justgiving.com/page/listed-team',
      fundraising_target_pence: 250_000,
    });

    // Withdrawing the consent takes the team off the list.
    await em().anon.rpc('update_team_fundraising', {
      secret: await teamLink(em(), shown.id),
      details: { show_on_teams_list: false },
    });
    const after = await em().anon.rpc('public_teams', { year: 2026 });
    expect((after.data ?? []).map((row) => row.team_name)).not.toContain('Listed Team');
    // An unknown year lists nobody.
    expect((await em().anon.rpc('public_teams', { year: 1999 })).data).toEqual([]);
  });

  test('the team’s page reads its fundraising; Enthuse too; a target can be cleared', async () => {
    const team = await register(em());
    const secret = await teamLink(em(), team.id);
    const { data: before } = await em().anon.rpc('team_fundraising', { secret });
    expect(before).toMatchObject({
      fundraising_url: '',
      fundraising_target_pence: null,
      show_on_teams_list: false,
      editable: true,
    });
    const set = await em().anon.rpc('update_team_fundraising', {
      secret,
      details: {
        fundraising_url: 'https://ourcharity.enthuse.com/pf/the-testers',
        fundraising_target_pence: null,
      },
    });
    expect(set.error).toBeNull();
    expect(set.data).toMatchObject({
      fundraising_url: 'https://ourcharity.enthuse.com/pf/the-testers',
      fundraising_target_pence: null,
    });
  });
});
