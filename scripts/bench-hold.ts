// npm run bench:hold — how far and how long one hostile machine can hold places on the rally
// (issue 20). A throw-away emulator (PGlite in a temp folder, loopback only, in a child process,
// its day pinned inside the registration window) with a capacity of 12. One machine sends as many
// registrations as the limits let it, every one with another email or plus-address, while another
// visitor keeps reading rally_places() as /sign-up does. It prints how many places the machine
// held at most, whether the rally ever looked full, and how long a held place stays held.
//
// The hold runs on the database's real now(), and the bench does not sleep for 5 minutes: it
// measures the hold by ageing the holding registration's created_at (service role) and asking
// rally_places() whether the place is still taken, by bisection to the second.
//
// Two attacks, each on a fresh emulator: from the machine's own address, and with a forged
// X-Forwarded-For and cf-connecting-ip on every request, which must change nothing: the emulator
// appends the socket's address and drops cf-connecting-ip as the platform does, and
// private.client_ip() reads the appended entry (issue 20, item 5). Bounded: --requests N per attack (at most 500), 120 s each.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../supabase/emulator';
import { request, startEmulatorProcess, type Answer } from './lib/bench';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    connections: { type: 'string', default: '8' },
  },
});
const REQUESTS = Math.min(500, Number(values.requests));
const CONNECTIONS = Math.min(16, Number(values.connections));
const CAPACITY = 12;
const DEADLINE_MS = 120_000;
// A day inside the seed's registration window (1 September 2025 to 31 May 2026).
process.env.SUPABASE_CLOCK ??= '2026-03-01';

const config = loadConfig();

type Places = { capacity: number; taken: number; remaining: number };

class Api {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 2 });

  constructor(private readonly base: string) {}

  call(
    key: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return request(
      this.agent,
      new URL(path, this.base),
      {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...headers,
      },
      { method, body: body === undefined ? undefined : JSON.stringify(body) },
    );
  }

  async places(): Promise<Places> {
    const answer = await this.call(config.anonKey, 'POST', '/rest/v1/rpc/rally_places', {});
    const [places] = JSON.parse(answer.body) as Places[];
    if (!places) throw new Error(`rally_places answered ${answer.status}: ${answer.body}`);
    return places;
  }

  async service(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(config.serviceRoleKey, method, path, body, {
      prefer: 'return=minimal',
    });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
    return answer;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The i-th registration: another email or plus-address every time, as an attacker varies them. */
function registration(i: number) {
  const email = i % 2 ? `attacker+${i}@example.org` : `attacker.${i}@example.net`;
  return {
    lead_driver_name: `Bench Team ${i}`,
    lead_driver_email: email,
    lead_driver_phone: '07700 900123',
    accept_terms: true,
  };
}

let forged = 0;
/** A different address on every request (198.18.0.0/15, for tests). */
function forgedNetwork(): Record<string, string> {
  forged += 1;
  const address = `198.18.${(forged >> 8) & 255}.${forged & 255}`;
  return { 'x-forwarded-for': address, 'cf-connecting-ip': address };
}

type Row = { id: string; created_at: string; holds_place: boolean; client_ip: string | null };

/** Sets a registration's age in seconds, and answers the places taken then. */
async function takenAtAge(api: Api, id: string, seconds: number): Promise<number> {
  const created = new Date(Date.now() - seconds * 1000).toISOString();
  await api.service('PATCH', `/rest/v1/registrations?id=eq.${id}`, { created_at: created });
  return (await api.places()).taken;
}

/** The hold of one registration, to the second: the last age it still held, the first it did not. */
async function measureHold(api: Api, id: string): Promise<{ held: number; released: number }> {
  const free = await takenAtAge(api, id, 24 * 3600);
  let held = 0;
  let released = 24 * 3600;
  if ((await takenAtAge(api, id, held)) === free) return { held: -1, released: 0 };
  while (released - held > 1) {
    const middle = Math.floor((held + released) / 2);
    if ((await takenAtAge(api, id, middle)) > free) held = middle;
    else released = middle;
  }
  return { held, released };
}

async function attack(label: string, headers: () => Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hold-'));
  const server = await startEmulatorProcess(dataDir);
  const api = new Api(server.url);
  try {
    // The current edition's capacity (public.editions, issue 22).
    await api.service('PATCH', '/rest/v1/editions?is_current=eq.true', { capacity: CAPACITY });
    const baseline = await api.places();
    const statuses = new Map<number, number>();
    let next = 0;
    let done = false;
    const started = performance.now();
    const machine = Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < REQUESTS && performance.now() - started < DEADLINE_MS) {
          const i = next++;
          const answer = await api.call(
            config.anonKey,
            'POST',
            '/rest/v1/rpc/submit_registration',
            registration(i),
            headers(),
          );
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    ).finally(() => {
      done = true;
    });
    // Another visitor, reading the places as /sign-up does, for as long as the machine sends.
    let fewest = baseline.remaining;
    let most = 0;
    let reads = 0;
    while (!done) {
      const places = await api.places();
      reads += 1;
      fewest = Math.min(fewest, places.remaining);
      most = Math.max(most, places.taken - baseline.taken);
    }
    await machine;
    const after = await api.places();
    fewest = Math.min(fewest, after.remaining);
    most = Math.max(most, after.taken - baseline.taken);
    const seconds = (performance.now() - started) / 1000;

    const rows = JSON.parse(
      (
        await api.call(
          config.serviceRoleKey,
          'GET',
          '/rest/v1/registrations?select=id,created_at,holds_place,client_ip&lead_driver_email=like.attacker*&order=created_at.asc',
        )
      ).body,
    ) as Row[];
    const holding = rows.filter((row) => row.holds_place);
    const networks = new Set(rows.map((row) => row.client_ip ?? 'none')).size;
    const first = holding[0];
    const hold = first ? await measureHold(api, first.id) : null;

    const spread = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(`${label}:`);
    console.log(
      `  ${REQUESTS} registrations sent on ${CONNECTIONS} connections in ${seconds.toFixed(1)} s: ${spread}; ${rows.length} stored from ${networks} network(s), ${holding.length} holding a place`,
    );
    console.log(
      `  places held at most by one machine: ${most} of ${CAPACITY} for ${hold && hold.held >= 0 ? hold.released : 0} s`,
    );
    console.log(
      `  /sign-up's rally_places() showed full: ${fewest <= 0 ? 'yes' : 'no'} (fewest remaining in ${reads} reads during the attack: ${fewest} of ${CAPACITY})`,
    );
    if (hold)
      console.log(
        hold.held < 0
          ? '  the holding registration held no place at age 0 s'
          : `  hold measured by ageing the holding registration: held at ${hold.held} s, released at ${hold.released} s`,
      );
  } finally {
    api.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:hold: one machine against a rally of ${CAPACITY} places (PGlite, loopback, day ${process.env.SUPABASE_CLOCK})`,
  );
  await attack('one machine, from its own address', () => ({}));
  console.log(
    '  (its network holds again only with its first registration after the registrations’ rate window, 1 hour: private.submission_rules)',
  );
  await attack(
    'one machine forging X-Forwarded-For and cf-connecting-ip on every request',
    forgedNetwork,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
