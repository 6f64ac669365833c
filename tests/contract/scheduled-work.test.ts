// Scheduled work as Supabase Cron runs it (pg_cron's jobs calling Edge Functions through pg_net,
// stand-ins locally: supabase/emulator/scheduler.ts), and the site's rebuild hook built on it
// (supabase/schemas/site_rebuild.sql, supabase/functions/site-rebuild): the clock is pinned to the minute
// and each tick is run by the test, never waited for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setupTestEmulator } from './harness';

/** A static host's build hook: counts the POSTs, and answers the next one with `failNext`. */
const hook = await new Promise<{
  url: string;
  calls: () => number;
  failNext: (s: number) => void;
  close: () => void;
}>((resolve) => {
  let calls = 0;
  let failing: number | null = null;
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.method === 'POST') calls += 1;
    const status = failing ?? 200;
    failing = null;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: `build-${calls}` }));
  });
  server.listen(0, '127.0.0.1', () =>
    resolve({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/rally`,
      calls: () => calls,
      failNext: (status) => {
        failing = status;
      },
      close: () => server.close(),
    }),
  );
});
afterAll(() => hook.close());

const em = setupTestEmulator({ functionSecrets: { SITE_BUILD_HOOK_URL: hook.url } });
const DAY = '2026-03-01';
const at = (time: string) => `${DAY}T${time}Z`;

async function sql<Row = Record<string, unknown>>(text: string, params?: unknown[]) {
  return (await em().emulator.db.query<Row>(text, params)).rows;
}

async function rebuildState() {
  const [state] = await sql<{
    requested_at: string | null;
    built_through: string | null;
    last_status: number | null;
    last_error: string | null;
  }>(
    `select requested_at::text, built_through::text, last_status, last_error
     from private.site_rebuilds`,
  );
  return state;
}

const SHOWN_NAME = 'Shown Driver';

/** An organiser's edit of a row the public site shows, at a pinned instant. */
async function editShownRow(time: string, sortOrder: number): Promise<void> {
  em().emulator.setNow(at(time));
  const { data, error } = await em()
    .admin.from('testimonials')
    .update({ sort_order: sortOrder })
    .eq('name', SHOWN_NAME)
    .select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

describe('Supabase Cron and pg_net (the emulator runs the declared schedule)', () => {
  test('a job runs when due and not before, and each run is recorded, succeeded or failed', async () => {
    await sql('create table if not exists private.cron_probe (ran_at timestamptz)');
    const [{ schedule: id } = { schedule: 0 }] = await sql<{ schedule: number }>(
      `select cron.schedule('probe', '30 9 * * *', $$insert into private.cron_probe select private.now()$$)`,
    );
    // Scheduling the same name again replaces the job, as pg_cron does.
    const [again] = await sql<{ schedule: number }>(
      `select cron.schedule('probe', '30 9 * * *', $$insert into private.cron_probe select private.now()$$)`,
    );
    expect(again?.schedule).toBe(id);

    await em().emulator.runDueJobs(at('09:29:00'));
    expect(await sql('select * from private.cron_probe')).toEqual([]);
    const { runs } = await em().emulator.runDueJobs(at('09:30:00'));
    expect(runs.filter((r) => r.jobname === 'probe')).toEqual([
      { jobid: id, jobname: 'probe', status: 'succeeded', return_message: 'INSERT 1' },
    ]);
    expect(await sql('select ran_at::text as ran_at from private.cron_probe')).toEqual([
      { ran_at: '2026-03-01 09:30:00+00' },
    ]);
    // A minute runs once, however often the scheduler ticks in it.
    await em().emulator.runDueJobs(at('09:30:40'));
    expect(await sql('select * from private.cron_probe')).toHaveLength(1);

    await sql(`select cron.schedule('broken', '* * * * *', 'select 1/0')`);
    await em().emulator.runDueJobs(at('09:31:00'));
    const details = await sql<{ jobname: string; status: string; return_message: string }>(
      `select j.jobname, d.status, d.return_message from cron.job_run_details d
       join cron.job j using (jobid) where j.jobname in ('probe', 'broken') order by d.runid`,
    );
    expect(details).toEqual([
      { jobname: 'probe', status: 'succeeded', return_message: 'INSERT 1' },
      { jobname: 'broken', status: 'failed', return_message: 'division by zero' },
    ]);

    expect(await sql(`select cron.unschedule('broken') as done`)).toEqual([{ done: true }]);
    expect(await sql(`select cron.unschedule('probe') as done`)).toEqual([{ done: true }]);
    await expect(sql(`select cron.unschedule('probe')`)).rejects.toThrow(
      /could not find valid entry for job 'probe'/,
    );
    await em().emulator.runDueJobs(at('09:32:00'));
    expect(
      await sql(`select 1 from cron.job_run_details where start_time >= '${at('09:32:00')}'
                 and command like '%cron_probe%'`),
    ).toEqual([]);
  });

  test('net.http_post reaches an Edge Function after commit, and its answer is recorded', async () => {
    await sql('begin');
    await sql(`select private.call_edge_function('site-rebuild')`);
    await sql('rollback');
    const [{ id } = { id: 0 }] = await sql<{ id: number }>(
      `select private.call_edge_function('site-rebuild') as id`,
    );
    const { sent } = await em().emulator.runDueJobs(at('11:00:00'));
    // The rolled-back request was never sent; the committed one was, to the function.
    expect(sent).toEqual([
      { id, url: `${em().url}/functions/v1/site-rebuild`, status_code: 200, error_msg: null },
    ]);
    const [response] = await sql<{ status_code: number; content: string; timed_out: boolean }>(
      'select status_code, content, timed_out from net._http_response where id = $1',
      [id],
    );
    expect(response?.status_code).toBe(200);
    expect(response?.timed_out).toBe(false);
    expect(JSON.parse(response?.content ?? '')).toMatchObject({ called: false });
    expect(await sql('select * from net.http_request_queue')).toEqual([]);
  });
});

describe('the site rebuild hook: at most one call a minute while published content changed', () => {
  beforeAll(async () => {
    const { error } = await em()
      .service.from('testimonials')
      .insert({ name: SHOWN_NAME, quote: 'On the page.', year: 2025, published: true });
    expect(error).toBeNull();
  });

  beforeEach(async () => {
    // The seed's rows wanted a first build; these tests start from a built site.
    await sql(
      `update private.site_rebuilds set requested_at = null, called_at = null,
         built_through = null, last_status = null, last_error = null`,
    );
  });

  test('two changes within a minute make one call; a change after it, a second; none, none', async () => {
    const before = hook.calls();
    await editShownRow('12:00:05', 11);
    await editShownRow('12:00:20', 12);
    const first = await em().emulator.runDueJobs(at('12:01:00'));
    expect(first.runs.find((r) => r.jobname === 'site-rebuild')?.status).toBe('succeeded');
    expect(first.sent.map((s) => s.status_code)).toEqual([200]);
    expect(hook.calls()).toBe(before + 1);

    await editShownRow('12:01:30', 13);
    await em().emulator.runDueJobs(at('12:02:00'));
    expect(hook.calls()).toBe(before + 2);

    // No change: the job queues no request at all.
    const idle = await em().emulator.runDueJobs(at('12:03:00'));
    expect(idle.sent).toEqual([]);
    expect(hook.calls()).toBe(before + 2);
    expect(await rebuildState()).toMatchObject({ last_status: 200, last_error: null });
  });

  test('two runs in the same minute: only one calls the hook', async () => {
    const before = hook.calls();
    await editShownRow('13:00:10', 21);
    em().emulator.setNow(at('13:00:30'));
    const call = () =>
      fetch(`${em().url}/functions/v1/site-rebuild`, {
        method: 'POST',
        headers: { authorization: `Bearer ${em().serviceKey}`, 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.json() as Promise<{ called: boolean; reason?: string }>);
    const answers = await Promise.all([call(), call()]);
    expect(answers.filter((a) => a.called)).toHaveLength(1);
    // The other run finds the minute taken, or (when the first has already recorded its build)
    // nothing left to rebuild: either way it does not call.
    expect(answers.find((a) => !a.called)?.reason).toMatch(
      /^(called this minute|nothing to rebuild)$/,
    );
    expect(hook.calls()).toBe(before + 1);

    // A change in the same minute waits for the next one.
    await editShownRow('13:00:40', 22);
    expect(await call()).toEqual({ called: false, reason: 'called this minute' });
    await em().emulator.runDueJobs(at('13:01:00'));
    expect(hook.calls()).toBe(before + 2);
  });

  test('a failing hook is recorded and called again the next minute', async () => {
    const before = hook.calls();
    await editShownRow('14:00:10', 31);
    hook.failNext(500);
    const failed = await em().emulator.runDueJobs(at('14:01:00'));
    expect(failed.sent.map((s) => s.status_code)).toEqual([502]);
    expect(hook.calls()).toBe(before + 1);
    const afterFailure = await rebuildState();
    expect(afterFailure).toMatchObject({
      last_status: 500,
      last_error: 'The build hook answered 500.',
      built_through: null,
    });

    await em().emulator.runDueJobs(at('14:02:00'));
    expect(hook.calls()).toBe(before + 2);
    const state = await rebuildState();
    expect(state).toMatchObject({ last_status: 200, last_error: null });
    expect(state?.built_through).toBe(state?.requested_at);
  });

  test('publishing and unpublishing want a rebuild; a draft edit does not', async () => {
    em().emulator.setNow(at('15:00:10'));
    const draft = await em()
      .admin.from('testimonials')
      .insert({ name: 'Draft Driver', quote: 'Not yet.', year: 2025, published: false })
      .select('id')
      .single();
    expect(draft.error).toBeNull();
    const id = draft.data?.id ?? '';
    await em().admin.from('testimonials').update({ quote: 'Still not.' }).eq('id', id);
    expect((await rebuildState())?.requested_at).toBeNull();

    await em().admin.from('testimonials').update({ published: true }).eq('id', id);
    expect((await rebuildState())?.requested_at).toBe('2026-03-01 15:00:10+00');

    await sql('update private.site_rebuilds set requested_at = null');
    em().emulator.setNow(at('15:05:00'));
    await em().admin.from('testimonials').update({ published: false }).eq('id', id);
    expect((await rebuildState())?.requested_at).toBe('2026-03-01 15:05:00+00');
  });

  test('a draft edition wants no rebuild; publishing it and making it current do', async () => {
    em().emulator.setNow(at('16:00:00'));
    const draft = await em()
      .admin.from('editions')
      .insert({
        year: 2031,
        name: '2031 Europe Rally',
        start_date: '2031-06-20',
        end_date: '2031-06-26',
        start_place: 'Dover',
        finish_place: 'Innsbruck',
        price_per_car: 420_000,
        deposit: 30_000,
        capacity: 12,
        registration_opens: '2030-11-24',
        registration_closes: '2031-05-31',
        status: 'draft',
      })
      .select('id')
      .single();
    expect(draft.error).toBeNull();
    expect((await rebuildState())?.requested_at).toBeNull();

    await em()
      .admin.from('editions')
      .update({ status: 'published' })
      .eq('id', draft.data?.id ?? '');
    expect((await rebuildState())?.requested_at).toBe('2026-03-01 16:00:00+00');

    await sql('update private.site_rebuilds set requested_at = null');
    em().emulator.setNow(at('16:05:00'));
    const { data: before } = await em()
      .service.from('editions')
      .select('year')
      .eq('is_current', true)
      .single();
    expect((await em().admin.rpc('make_current_edition', { edition_year: 2031 })).error).toBeNull();
    expect((await rebuildState())?.requested_at).toBe('2026-03-01 16:05:00+00');
    // Put the seed's edition back for the tests that follow.
    await em().admin.rpc('make_current_edition', { edition_year: before?.year ?? 2026 });
    await em().service.from('editions').delete().eq('year', 2031);
  });

  test('only the service role may run the function or its claim', async () => {
    const refused = await fetch(`${em().url}/functions/v1/site-rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${em().anonKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    const claim = await em().admin.rpc('claim_site_rebuild');
    expect(claim.error?.code).toBe('42501');
  });
});
