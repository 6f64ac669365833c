// npm run bench:hostile — 10,000 mixed anonymous requests against a throw-away emulator (PGlite in
// a temp folder, loopback only, in a child process): half the home page's public reads, half
// abuse (SQL in select casts, huge in-lists, deep or-trees, explosive regexes, thousands of
// distinct statements, oversized bodies, bad JWTs, password-grant floods, long URLs, inbox reads
// from another origin) on 16 connections, while one more connection reads like one visitor.
// Prints the server's RSS before, after and at its peak; the normal reads' latency in the mix, and
// the visitor's alone, during the mix, while an abusive query ran and while a password grant ran;
// each kind's statuses; and the password grant's timing for a known and an unknown email.
// Bounded: at most 10,000 requests and 180 s, then it stops the emulator and removes its folder.
// Options: --requests N --connections N.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, signJwt } from '../supabase/emulator';
import { cpuSeconds, percentile, rssMiB, startEmulatorProcess } from './lib/bench';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '16' },
  },
});
const TOTAL = Math.min(10_000, Number(values.requests));
const CONNECTIONS = Math.min(32, Number(values.connections));
const DEADLINE_MS = 180_000;

const config = loadConfig();
const ANON = config.anonKey;

interface Planned {
  kind: string;
  /** Abuse that reaches the database (in-lists, or-trees, regexes …), as opposed to refused early. */
  heavy: boolean;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const normalReads = [
  '/rest/v1/sponsors?select=*&published=eq.true&order=sort_order.asc',
  '/rest/v1/news_articles?select=*&published=eq.true&order=published_date.desc&limit=3',
  '/rest/v1/testimonials?select=*&published=eq.true&order=sort_order.asc',
  '/rest/v1/videos?select=*&published=eq.true&order=sort_order.asc',
  '/rest/v1/events?select=*&published=eq.true&order=date.asc',
  '/rest/v1/gallery_images?select=*&published=eq.true&order=sort_order.asc&offset=0&limit=20',
];

function normalRead(i: number): Planned {
  return {
    kind: 'normal',
    heavy: false,
    method: 'GET',
    path: normalReads[i % normalReads.length] ?? '',
  };
}

const enc = encodeURIComponent;
const list = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
const orTree = (depth: number) =>
  `${'or('.repeat(depth)}title.ilike.*a*,title.ilike.*e*${')'.repeat(depth)}`.slice(3, -1);

/** One request of each kind, the i-th of its kind (so distinct statements stay distinct). */
const kinds: Record<string, { share: number; heavy: boolean; make: (i: number) => Planned }> = {
  'distinct statements': {
    share: 0.2,
    heavy: true,
    make: (i) => ({
      kind: '',
      heavy: true,
      method: 'GET',
      path: `/rest/v1/sponsors?select=s${i}:name,t${i % 7}:tier&published=eq.true`,
    }),
  },
  'select cast injection': {
    share: 0.03,
    heavy: false,
    make: (i) => ({
      kind: '',
      heavy: false,
      method: 'GET',
      path: `/rest/v1/news_articles?select=${enc(
        i % 2
          ? 'title::text from news_articles cross join pg_class a cross join pg_class b cross join pg_class c union all select title'
          : 'title::text from news_articles union all select rolname from pg_roles union all select title',
      )}`,
    }),
  },
  'huge in-list': {
    share: 0.03,
    heavy: true,
    make: (i) => ({
      kind: '',
      heavy: true,
      method: 'GET',
      path: `/rest/v1/gallery_images?select=id&sort_order=in.(${list(i % 2 ? 500 : 2000)})`,
    }),
  },
  'deep or-tree': {
    share: 0.03,
    heavy: true,
    make: (i) => ({
      kind: '',
      heavy: true,
      method: 'GET',
      path: `/rest/v1/news_articles?select=id&or=(${orTree(i % 2 ? 8 : 200)})`,
    }),
  },
  'regex and ilike scans': {
    share: 0.03,
    heavy: true,
    make: (i) => {
      const filters = [
        `content=imatch.${enc('((((a+)+)+)+)+$')}`,
        `content=imatch.${enc('(a|b|ab|ba)*c.*e.*i.*o.*u.*z')}`,
        `content=ilike.${enc('*a*e*i*o*u*a*e*i*o*u*z')}`,
        `content=imatch.${enc('((a{1,50}){1,50}){1,50}')}`,
      ];
      return {
        kind: '',
        heavy: true,
        method: 'GET',
        path: `/rest/v1/news_articles?select=id&${filters[i % filters.length]}`,
        headers: { prefer: 'count=exact' },
      };
    },
  },
  'oversized body': {
    share: 0.02,
    heavy: false,
    make: () => ({
      kind: '',
      heavy: false,
      method: 'POST',
      path: '/rest/v1/contact_messages',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 'a'),
    }),
  },
  'bad JWT': {
    share: 0.05,
    heavy: false,
    make: (i) => {
      const tokens = [
        'garbage',
        signJwt({ role: 'service_role' }, config.jwtSecret),
        signJwt({ role: 'service_role', exp: 4e9 }, 'another-secret-that-is-long-enough-to-sign'),
        signJwt({ role: 'authenticated', exp: 1000 }, config.jwtSecret),
      ];
      return {
        kind: '',
        heavy: false,
        method: 'GET',
        path: '/rest/v1/contact_messages?select=*',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      };
    },
  },
  'password-grant flood': {
    share: 0.05,
    heavy: false,
    make: (i) => ({
      kind: '',
      heavy: false,
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: i % 2 ? config.adminEmail : `guess-${i}@example.com`,
        password: `guess-${i}`,
      }),
    }),
  },
  'long URL': {
    share: 0.02,
    heavy: false,
    make: () => ({
      kind: '',
      heavy: false,
      method: 'GET',
      path: `/rest/v1/sponsors?name=eq.${'x'.repeat(10_000)}`,
    }),
  },
  'inbox read from another origin': {
    share: 0.01,
    heavy: false,
    make: () => ({
      kind: '',
      heavy: false,
      method: 'GET',
      path: '/local/webhooks/registration',
      headers: { origin: 'https://attacker.example' },
    }),
  },
};

/** A fixed, interleaved plan: the same requests in the same order on every run. */
function plan(): Planned[] {
  const planned: Planned[] = [];
  for (const [kind, spec] of Object.entries(kinds)) {
    const count = Math.round(spec.share * TOTAL);
    for (let i = 0; i < count; i++) planned.push({ ...spec.make(i), kind });
  }
  // The rest, half of them, are the home page's reads.
  for (let i = 0; planned.length < TOTAL; i++) planned.push(normalRead(i));
  // A deterministic shuffle (a linear congruential generator), so abuse is spread over the run.
  let seed = 20260622;
  for (let i = planned.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [planned[i], planned[j]] = [planned[j] as Planned, planned[i] as Planned];
  }
  return planned;
}

function send(agent: http.Agent, base: string, request: Planned): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(request.path, base),
      {
        agent,
        method: request.method,
        headers: {
          apikey: ANON,
          authorization: `Bearer ${ANON}`,
          'accept-profile': 'public',
          ...request.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    // A refused oversized body closes the connection while it is being sent: status 0 then.
    req.on('error', () => resolve(0));
    req.end(request.body);
  });
}

/** Requests of one class in flight, and how many have started: what a sample overlapped. */
class Overlap {
  private inFlight = 0;
  private started = 0;

  begin(): void {
    this.inFlight++;
    this.started++;
  }

  end(): void {
    this.inFlight--;
  }

  mark(): { busy: boolean; started: number } {
    return { busy: this.inFlight > 0, started: this.started };
  }

  /** Whether one was in flight at the mark, or started since. */
  overlapped(mark: { busy: boolean; started: number }): boolean {
    return mark.busy || this.started > mark.started;
  }
}

function median(samples: number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

function describe(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
  const server = await startEmulatorProcess(dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server.pid) ?? 0);
  }, 100);
  try {
    // Warm-up: the catalog, the home reads' statements, keep-alive sockets.
    for (let i = 0; i < 120; i++) await send(agent, server.url, normalRead(i));
    const rssBefore = rssMiB(server.pid) ?? 0;
    peak = Math.max(peak, rssBefore);

    // The password grant's timing for a known and an unknown email, before the flood trips the
    // failed-attempt limit (8 + 8 failures; the limit is 30 per address and 10 per email).
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      for (const [email, samples] of [
        [config.adminEmail, known],
        [`nobody-${i}@example.com`, unknown],
      ] as const) {
        const t0 = performance.now();
        await send(agent, server.url, {
          kind: 'timing',
          heavy: false,
          method: 'POST',
          path: '/auth/v1/token?grant_type=password',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'not-the-password' }),
        });
        samples.push(performance.now() - t0);
      }
    }

    // One visitor reading the home page one request at a time, alone first.
    const visitor = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const alone: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await send(visitor, server.url, normalRead(i));
      alone.push(performance.now() - t0);
    }

    const planned = plan();
    const statuses = new Map<string, Map<number, number>>();
    const latencies = new Map<string, number[]>();
    const mixReads: number[] = [];
    const heavy = new Overlap();
    const grants = new Overlap();
    let next = 0;
    let mixDone = false;
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const mix = Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < planned.length && performance.now() - started < DEADLINE_MS) {
          const request = planned[next++] as Planned;
          const grant = request.kind === 'password-grant flood';
          if (request.heavy) heavy.begin();
          if (grant) grants.begin();
          const t0 = performance.now();
          const status = await send(agent, server.url, request);
          const ms = performance.now() - t0;
          if (request.heavy) heavy.end();
          if (grant) grants.end();
          const counts = statuses.get(request.kind) ?? new Map<number, number>();
          counts.set(status, (counts.get(status) ?? 0) + 1);
          statuses.set(request.kind, counts);
          const samples = latencies.get(request.kind) ?? [];
          samples.push(ms);
          latencies.set(request.kind, samples);
          if (request.kind === 'normal') mixReads.push(ms);
        }
      }),
    ).finally(() => {
      mixDone = true;
    });
    // The same visitor while the mix runs, its reads sorted by what they overlapped.
    const during = { all: [] as number[], heavyOnly: [] as number[], grant: [] as number[] };
    for (let i = 0; !mixDone; i++) {
      const marks = [heavy.mark(), grants.mark()] as const;
      const t0 = performance.now();
      await send(visitor, server.url, normalRead(i));
      const ms = performance.now() - t0;
      during.all.push(ms);
      const [overHeavy, overGrant] = [heavy.overlapped(marks[0]), grants.overlapped(marks[1])];
      if (overGrant) during.grant.push(ms);
      else if (overHeavy) during.heavyOnly.push(ms);
    }
    await mix;
    visitor.destroy();
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = rssMiB(server.pid) ?? 0;
    const alive = (await send(agent, server.url, normalRead(0))) === 200;
    const sent = [...latencies.values()].reduce((n, l) => n + l.length, 0);

    console.log(
      `hostile mix: ${sent} requests (${mixReads.length} normal reads), ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s`,
    );
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after, ${peak.toFixed(0)} MiB at the peak`,
    );
    console.log(
      `  normal reads in the mix (queued behind ${CONNECTIONS - 1} others): ${describe(mixReads)}`,
    );
    console.log('  one visitor reading one request at a time on a connection of its own:');
    console.log(`    alone, before the mix:                          ${describe(alone)}`);
    console.log(`    during the mix:                                 ${describe(during.all)}`);
    console.log(
      `    while an abusive query ran (no password grant): ${describe(during.heavyOnly)}`,
    );
    console.log(`    while a password grant ran (bcrypt):            ${describe(during.grant)}`);
    console.log('  by kind (status × count; latency):');
    for (const [kind, counts] of statuses) {
      const spread = [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      const sorted = [...(latencies.get(kind) ?? [])].sort((a, b) => a - b);
      console.log(
        `    ${kind.padEnd(32)} ${spread.padEnd(22)} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      );
    }
    console.log(
      `  password grant, wrong password: known email ${median(known).toFixed(0)} ms, unknown email ${median(unknown).toFixed(0)} ms (medians of 8)`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      console.log(
        `  server CPU: ${(((cpuAfter - cpuBefore) * 1000) / sent).toFixed(2)} ms per request`,
      );
    }
    console.log(
      `  load average during the run: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    const serverErrors = [...statuses.values()].flatMap((counts) =>
      [...counts].filter(([status]) => status >= 500),
    );
    if (!alive || sent < planned.length || serverErrors.length > 0) {
      console.error(
        !alive
          ? 'The emulator stopped answering.'
          : sent < planned.length
            ? `Stopped at the ${DEADLINE_MS / 1000} s bound after ${sent} requests.`
            : 'Some requests got a 5xx.',
      );
      process.exitCode = 1;
    }
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
