// The emulator's local stand-ins for the site's external calls, over HTTP as the browser uses
// them: the sponsorship and registration webhooks, and the test-mode deposit and giving pages.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { http, setupTestEmulator, TEST_CLOCK } from './harness';

const SITE_URL = 'http://127.0.0.1:4179';
const em = setupTestEmulator({ siteUrl: SITE_URL });

const enquiry = {
  companyName: 'Cotswold Classic Cars',
  email: 'hello@cotswold-classic-cars.example',
  phone: '01285 000000',
  tier: 'Tier 2 - £2,100',
  message: 'We would like to sponsor a car.',
};

const registration = {
  leadDriverName: 'Sarah Whitfield',
  leadDriverEmail: 'sarah@example.com',
  leadDriverPhone: '07700 900123',
  coDriverName: 'James Whitfield',
  coDriverEmail: '',
  coDriverPhone: '',
  teamName: 'Team Whitfield',
  separateRooms: false,
  vehicleMake: 'Volvo 240',
  vehicleColour: 'Red',
  registrationPlate: 'AB12 CDE',
};

async function post(name: string, body: string, contentType = 'application/json') {
  return fetch(`${em().url}/local/webhooks/${name}`, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: SITE_URL },
    body,
  });
}

/** Reading, wiping and arming the inbox take the service-role key (see hostile-input.test.ts). */
const serviceKey = () => ({ apikey: em().serviceKey });

async function received(name: string): Promise<unknown[]> {
  const response = await fetch(`${em().url}/local/webhooks/${name}`, { headers: serviceKey() });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

async function clear(name: string) {
  await fetch(`${em().url}/local/webhooks/${name}`, { method: 'DELETE', headers: serviceKey() });
}

describe('webhook receivers', () => {
  it('stores a sponsorship enquiry and answers {"ok":true} with CORS for the site', async () => {
    await clear('sponsorship');
    const response = await post('sponsorship', JSON.stringify(enquiry));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(await response.json()).toEqual({ ok: true });
    expect(await received('sponsorship')).toEqual([enquiry]);
  });

  it('lists payloads newest last and keeps registrations apart from enquiries', async () => {
    await clear('registration');
    await post('registration', JSON.stringify(registration));
    await post('registration', JSON.stringify({ ...registration, teamName: 'Second Team' }));
    const registrations = await received('registration');
    expect(registrations).toHaveLength(2);
    expect(registrations[1]).toMatchObject({ teamName: 'Second Team' });
    expect(await received('sponsorship')).not.toContainEqual(registration);
  });

  it('answers the browser preflight for a JSON post', async () => {
    const response = await fetch(`${em().url}/local/webhooks/registration`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('rejects a body that is not JSON with 400 and stores nothing', async () => {
    await clear('sponsorship');
    const response = await post(
      'sponsorship',
      'companyName=Acme',
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false });
    expect(await received('sponsorship')).toEqual([]);
  });

  it('fails the next post when a test asks it to, then recovers', async () => {
    await clear('registration');
    const arm = await fetch(`${em().url}/local/webhooks/registration/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...serviceKey() },
      body: JSON.stringify({ status: 500 }),
    });
    expect(arm.status).toBe(200);

    const failed = await post('registration', JSON.stringify(registration));
    expect(failed.status).toBe(500);
    expect(await received('registration')).toEqual([]);

    const next = await post('registration', JSON.stringify(registration));
    expect(next.status).toBe(200);
    expect(await received('registration')).toEqual([registration]);
  });

  it('refuses a fail-next status that is not an HTTP error status', async () => {
    const response = await fetch(`${em().url}/local/webhooks/sponsorship/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...serviceKey() },
      body: JSON.stringify({ status: 200 }),
    });
    expect(response.status).toBe(400);
    expect((await post('sponsorship', JSON.stringify(enquiry))).status).toBe(200);
  });

  it('answers 404 for a webhook it does not know', async () => {
    const response = await post('newsletter', JSON.stringify({ email: 'a@example.com' }));
    expect(response.status).toBe(404);
  });

  it('appends each payload to <dataDir>/webhooks/<name>.jsonl', async () => {
    const marker = { ...enquiry, message: `journal ${Date.now()}` };
    await post('sponsorship', JSON.stringify(marker));
    const journal = await readFile(
      path.join(em().emulator.config.dataDir, 'webhooks', 'sponsorship.jsonl'),
      'utf8',
    );
    const entries = journal
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { receivedAt: string; payload: unknown });
    expect(entries.at(-1)?.payload).toEqual(marker);
    expect(Date.parse(entries.at(-1)?.receivedAt ?? '')).not.toBeNaN();
  });
});

interface Link {
  href: string;
  text: string;
}

/** The parts of a small server-rendered page the tests look at. */
async function page(pathname: string) {
  const response = await fetch(`${em().url}${pathname}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await response.text();
  const links: Link[] = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href = '', text = '']) => ({ href: href.replace(/&#38;/g, '&'), text }),
  );
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    headings: [...html.matchAll(/<h1>([^<]*)<\/h1>/g)].map((match) => match[1]),
    text: html.replace(/<[^>]+>/g, ' '),
    links,
  };
}

describe('test-mode pages', () => {
  it('shows the test-mode giving page with a link back to the charity page', async () => {
    const giving = await page('/local/donate');
    expect(giving.headings).toEqual(['Test-mode giving page']);
    expect(giving.links.map((link) => link.href)).toContain(`${SITE_URL}/about`);
  });

  it('answers 404 for a page it does not have', async () => {
    expect((await fetch(`${em().url}/local/pay/deposit`)).status).toBe(404);
  });
});

describe('forgetting the public forms’ limits', () => {
  const register = () =>
    em().anon.rpc('submit_registration', {
      lead_driver_name: 'Limit Tester',
      lead_driver_email: `limits.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    });

  it('lets one network register again once the service key has the attempts forgotten', async () => {
    // Every call here comes from one address: its allowance (10 an hour) runs out.
    let refused: { code?: string } | null = null;
    for (let attempt = 0; attempt < 12 && !refused; attempt += 1)
      refused = (await register()).error;
    expect(refused).toMatchObject({ code: 'PT429' });
    for (const key of [em().anonKey, '']) {
      const answer = await http(em(), '/local/limits', { method: 'DELETE', key });
      expect(answer.status).toBe(403);
    }
    expect((await register()).error).toMatchObject({ code: 'PT429' });
    const forgotten = await http(em(), '/local/limits', { method: 'DELETE', key: em().serviceKey });
    expect(forgotten.status).toBe(200);
    expect((forgotten.json() as { forgotten: number }).forgotten).toBeGreaterThanOrEqual(10);
    expect((await register()).error).toBeNull();
  }, 60_000);
});

describe('the database clock', () => {
  const clock = (init: RequestInit & { key?: string } = {}) =>
    http(em(), '/local/clock', {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });
  const registerNow = async () =>
    em().anon.rpc('submit_registration', {
      lead_driver_name: 'Clock Watcher',
      lead_driver_email: `clock.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`,
      lead_driver_phone: '07700 900123',
      accept_terms: true,
    });

  it('moves private.today() with the service key, and DELETE puts back the day it started with', async () => {
    const service = em().serviceKey;
    expect((await clock({ key: service })).json()).toEqual({ day: TEST_CLOCK });
    const moved = await clock({
      method: 'POST',
      key: service,
      body: JSON.stringify({ day: '2026-06-01' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.json()).toEqual({ ok: true, day: '2026-06-01' });
    // The day after the seed's window closes: the database itself now refuses a registration.
    expect((await registerNow()).error).toMatchObject({ code: 'PT409', details: 'closed' });

    // A date-time is London's day, as SUPABASE_CLOCK's is.
    const late = await clock({
      method: 'POST',
      key: service,
      body: JSON.stringify({ day: '2026-05-31T23:30:00Z' }),
    });
    expect(late.json()).toEqual({ ok: true, day: '2026-06-01' });

    const restored = await clock({ method: 'DELETE', key: service });
    expect(restored.json()).toEqual({ ok: true, day: TEST_CLOCK });
    expect((await registerNow()).error).toBeNull();
  }, 60_000);

  it('refuses a caller without the service key, and a day that is not one, leaving the day as it was', async () => {
    for (const key of [em().anonKey, '']) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await clock({
          method,
          key,
          headers: { origin: SITE_URL },
          ...(method === 'POST' ? { body: JSON.stringify({ day: '2026-06-01' }) } : {}),
        });
        expect(answer.status).toBe(403);
      }
    }
    for (const day of ['2026-02-30', 'tomorrow', 20260601, '']) {
      const answer = await clock({
        method: 'POST',
        key: em().serviceKey,
        body: JSON.stringify({ day }),
      });
      expect(answer.status).toBe(400);
    }
    expect(em().emulator.db.clock).toBe(TEST_CLOCK);
    expect((await registerNow()).error).toBeNull();
  }, 60_000);
});
