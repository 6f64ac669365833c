// The registration window is the database's rule, the current edition's
// (supabase/schemas/registrations.sql): submit_registration refuses before the edition's `registration_opens`
// and after its `registration_closes` by the server's own day
// (private.today(), London), whoever calls it and whatever the page believed. The emulator's day
// is pinned here (setClock), as the e2e specs pin the browser's; an API caller cannot pin it.
// Runs on PGlite and on PostgreSQL 15.
import { afterEach, describe, expect, test } from 'vitest';
import { http, setupTestEmulator, TEST_CLOCK, type Client } from './harness';

const em = setupTestEmulator();

type Caller = 'anon' | 'visitor' | 'admin';
const CALLERS: Caller[] = ['anon', 'visitor', 'admin'];

// The seed's window: 1 September 2025 to 31 May 2026; the rally starts on 22 June 2026.
const OPENS = '2025-09-01';
const CLOSES = '2026-05-31';
const NOT_YET = 'Registration for the 2026 Europe Rally opens on 1 September 2025.';
const CLOSED = 'Registration for the 2026 Europe Rally closed on 31 May 2026.';

let counter = 0;
function registration() {
  return {
    lead_driver_name: 'Alex Driver',
    lead_driver_email: `window.${Date.now()}.${counter++}@example.org`,
    lead_driver_phone: '07700 900123',
    accept_terms: true,
  };
}

async function register(client: Client = em().anon) {
  const args = registration();
  const answer = await client.rpc('submit_registration', args);
  const { count } = await em()
    .service.from('registrations')
    .select('id', { count: 'exact', head: true })
    .eq('lead_driver_email', args.lead_driver_email);
  return { ...answer, stored: count ?? 0 };
}

/** Changes the current edition's fact (the service role, as the organiser's form would). */
async function setEdition(
  column: 'registration_opens' | 'registration_closes' | 'name',
  value: string,
) {
  const { error } = await em()
    .service.from('editions')
    .update({ [column]: value } as { name: string })
    .eq('is_current', true);
  expect(error).toBeNull();
}

/** The refusal's shape: 409 like "The rally is full", the page's phase, the visitor's sentence. */
function expectRefused(
  answer: Awaited<ReturnType<typeof register>>,
  phase: string,
  message: string,
) {
  expect(answer.status).toBe(409);
  expect(answer.error).toMatchObject({ code: 'PT409', details: phase, message });
  expect(answer.data).toBeNull();
  expect(answer.stored).toBe(0);
}

function expectAccepted(answer: Awaited<ReturnType<typeof register>>) {
  expect(answer.error).toBeNull();
  expect(answer.status).toBe(200);
  expect(answer.stored).toBe(1);
}

afterEach(() => em().emulator.setClock(TEST_CLOCK));

describe('the registration window, by the server’s day', () => {
  test('refused the day before opening and the day after closing; both named days accepted', async () => {
    em().emulator.setClock('2025-08-31');
    expectRefused(await register(), 'before-opening', NOT_YET);
    em().emulator.setClock(OPENS);
    expectAccepted(await register());
    em().emulator.setClock(CLOSES);
    expectAccepted(await register());
    em().emulator.setClock('2026-06-01');
    expectRefused(await register(), 'closed', CLOSED);
  });

  test('the day is London’s: 23:00 UTC on 31 May is already 1 June there (summer time)', async () => {
    em().emulator.setClock('2026-05-31T22:59:59Z');
    expectAccepted(await register());
    em().emulator.setClock('2026-05-31T23:00:00Z');
    expectRefused(await register(), 'closed', CLOSED);
  });

  test('unpinned, it is the real date: long after the 2026 window closed', async () => {
    em().emulator.setClock(null);
    expectRefused(await register(), 'closed', CLOSED);
  });

  test('the refusal comes before any field is judged', async () => {
    em().emulator.setClock('2026-06-01');
    const { status, error } = await em().anon.rpc('submit_registration', {
      ...registration(),
      lead_driver_phone: 'call me maybe',
    });
    expect(status).toBe(409);
    expect(error?.details).toBe('closed');
  });

  test('moving the edition’s registration_closes moves the refusal, and the rally’s start ends the window', async () => {
    em().emulator.setClock('2026-06-05');
    expectRefused(await register(), 'closed', CLOSED);
    try {
      await setEdition('registration_closes', '2026-06-10');
      expectAccepted(await register());
      em().emulator.setClock('2026-06-11');
      expectRefused(
        await register(),
        'closed',
        'Registration for the 2026 Europe Rally closed on 10 June 2026.',
      );
      // Registration closes on the eve of the rally at the latest (the edition's CHECK).
      await setEdition('registration_closes', '2026-06-21');
      em().emulator.setClock('2026-06-21');
      expectAccepted(await register());
      em().emulator.setClock('2026-06-22');
      expectRefused(
        await register(),
        'closed',
        'Registration for the 2026 Europe Rally closed on 21 June 2026.',
      );
      // The edition's name and the opening day come from the edition too.
      await setEdition('name', '2027 Alpine Rally');
      await setEdition('registration_opens', '2026-06-21');
      em().emulator.setClock('2026-06-20');
      expectRefused(
        await register(),
        'before-opening',
        'Registration for the 2027 Alpine Rally opens on 21 June 2026.',
      );
    } finally {
      await setEdition('registration_opens', OPENS);
      await setEdition('registration_closes', CLOSES);
      await setEdition('name', '2026 Europe Rally');
    }
  });

  test.each(CALLERS)('%s gets the same refusal', async (caller) => {
    em().emulator.setClock('2025-08-31');
    expectRefused(await register(em()[caller]), 'before-opening', NOT_YET);
    em().emulator.setClock('2026-06-01');
    expectRefused(await register(em()[caller]), 'closed', CLOSED);
  });
});

describe('an API caller cannot pin the server’s day', () => {
  const tokenOf = async (caller: Caller) =>
    caller === 'anon'
      ? em().anonKey
      : ((await em()[caller].auth.getSession()).data.session?.access_token ?? '');

  test.each(CALLERS)(
    '%s: a header or query parameter named like the setting changes nothing',
    async (caller) => {
      em().emulator.setClock('2026-06-01');
      const authorization = `Bearer ${await tokenOf(caller)}`;
      const send = async (path: string, headers: Record<string, string>) => {
        const args = registration();
        const answer = await http(em(), path, {
          method: 'POST',
          headers: { ...headers, authorization, 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
        const { count } = await em()
          .service.from('registrations')
          .select('id', { count: 'exact', head: true })
          .eq('lead_driver_email', args.lead_driver_email);
        expect(count, `${path} ${JSON.stringify(headers)} stored a registration`).toBe(0);
        return answer;
      };
      const attempts: Record<string, string>[] = [
        { 'app.clock': '2026-03-01' },
        { 'x-app-clock': '2026-03-01', clock: '2026-03-01', prefer: 'app.clock=2026-03-01' },
      ];
      for (const headers of attempts) {
        const answer = await send('/rest/v1/rpc/submit_registration', headers);
        expect(answer.status).toBe(409);
        expect(answer.json()).toMatchObject({ details: 'closed', message: CLOSED });
      }
      // PostgREST reads a query parameter on a function's call as a filter on its result: the
      // call is refused (no such column), and nothing is stored either way.
      for (const query of ['app.clock=2026-03-01', 'clock=eq.2026-03-01']) {
        const answer = await send(`/rest/v1/rpc/submit_registration?${query}`, {});
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    },
  );

  test.each(CALLERS)('%s cannot call set_config through /rest/v1/rpc', async (caller) => {
    em().emulator.setClock('2026-06-01');
    const authorization = `Bearer ${await tokenOf(caller)}`;
    const args = JSON.stringify({
      setting_name: 'app.clock',
      new_value: '2026-03-01',
      is_local: false,
    });
    const plain = await http(em(), '/rest/v1/rpc/set_config', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: args,
    });
    expect(plain.status).toBe(404);
    expect(plain.json()).toMatchObject({ code: 'PGRST202' });
    const catalog = await http(em(), '/rest/v1/rpc/set_config', {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'content-profile': 'pg_catalog',
      },
      body: args,
    });
    expect(catalog.status).toBe(406);
    // Nor did either leave anything behind for the next request.
    expectRefused(await register(em()[caller]), 'closed', CLOSED);
  });
});
