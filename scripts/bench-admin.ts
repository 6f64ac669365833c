// npm run bench:admin — an admin list at 10,000 rows: seeds that many gallery images into a
// throw-away emulator (PGlite, or SUPABASE_DB_URL's PostgreSQL), signs in as the administrator and
// times the requests the gallery manager's list sends (src/data/content-table.ts, listPage): page 1
// in the default order, page 1 of a search (with the table's count that a narrowed view adds; and
// the same search as it was sent before the lowered search_text column, for comparison), a late
// page and a filtered one. One request at a time, as one administrator makes them. Prints
// p50 and p99 for each; the goal is a p99 under 50 ms. `--list registrations` does the same for
// the organiser's registrations inbox (page 1 newest first, a search, a late page, a status filter),
// with the rows spread over 5 editions (issue 22): page 1 of one edition's inbox, and
// rally_places() as a visitor calls it (the current edition's places). The inbox reads
// registrations_with_money (issue 23: each row's money state from the ledger), so the paid rows
// get a deposit in the ledger, half of them their balance too, and one request filters by state.
//   Options: --list gallery|registrations (gallery) --rows N (10000) --runs N (200 per request)
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../supabase/emulator';
import { percentile, request, startEmulatorProcess } from './lib/bench';

const { values } = parseArgs({
  options: {
    list: { type: 'string', default: 'gallery' },
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '200' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const BATCH = 1000;

const WORDS = ['Alpine', 'Lake', 'Pass', 'Ferry', 'Summit', 'Village', 'Forest', 'Coast', 'Bridge'];

/** A made-up gallery row: titles from a few words, eight categories and years. */
function galleryRow(index: number) {
  const word = (offset: number) => WORDS[(index * 7 + offset) % WORDS.length] ?? 'Road';
  return {
    title: `${word(0)} ${word(3)} ${word(5)} ${index}`,
    url: `bench/gallery/${index}.webp`,
    alt: `A rally car on the road, bench photo ${index}`,
    category: `${2016 + (index % 8)} Rally`,
    year: 2016 + (index % 8),
    published: index % 5 !== 0,
    sort_order: index % 500,
  };
}

/** The editions the registrations are spread over (ids, once created). */
const editionIds: string[] = [];

/** A made-up registration: teams and drivers from a few words, statuses and deposits mixed. */
function registrationRow(index: number) {
  const word = (offset: number) => WORDS[(index * 7 + offset) % WORDS.length] ?? 'Road';
  return {
    lead_driver_name: `${word(1)} Driver ${index}`,
    lead_driver_email: `driver${index}@example.org`,
    lead_driver_phone: '07700 900123',
    team_name: `${word(0)} ${word(4)} ${index}`,
    vehicle_make: word(2),
    status: ['new', 'contacted', 'confirmed', 'cancelled'][index % 4],
    deposit_status: index % 3 === 0 ? 'paid' : 'pending',
    created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    ...(editionIds.length ? { edition_id: editionIds[index % editionIds.length] } : {}),
  };
}

/** Four more editions beside the seeded current one: 2027-2030, a year apart. */
function editionRow(year: number) {
  return {
    year,
    name: `${year} Bench Rally`,
    start_date: `${year}-06-20`,
    end_date: `${year}-06-26`,
    price_per_car: 400_000,
    deposit: 25_000,
    balance_due: `${year}-05-01`,
    capacity: 12,
    registration_opens: `${year - 1}-09-01`,
    registration_closes: `${year}-05-31`,
    status: 'published',
  };
}

const ORDER = 'order=sort_order.asc,created_at.desc,id.asc';
/** The list's requests as postgrest-js sends them for listPage (count=exact, a range; rows
 * outside the trash). */
const LIVE = 'deleted_at=is.null';
const NEWEST = 'order=created_at.desc,id.asc';
const REGISTRATION_SEARCH =
  'or=(team_name.ilike.%22%25lake%25%22,lead_driver_name.ilike.%22%25lake%25%22,lead_driver_email.ilike.%22%25lake%25%22,co_driver_name.ilike.%22%25lake%25%22,registration_plate.ilike.%22%25lake%25%22)';

type List = {
  table: string;
  /** Where the list reads (a view over the table), when not the table itself. */
  reads?: string;
  row: (index: number) => Record<string, unknown>;
  /** The list's requests as postgrest-js sends them for listPage (count=exact, a range). */
  requests: { name: string; paths: string[] }[];
};

const REGISTRATIONS: List = {
  table: 'registrations',
  reads: 'registrations_with_money',
  row: registrationRow,
  requests: [
    { name: 'page 1 (newest first)', paths: [`select=*&${NEWEST}&offset=0&limit=20`] },
    {
      name: 'search "lake", page 1 (+ table count)',
      paths: [`select=*&${REGISTRATION_SEARCH}&${NEWEST}&offset=0&limit=20`, 'select=*'],
    },
    { name: 'page 400 of 500', paths: [`select=*&${NEWEST}&offset=7980&limit=20`] },
    {
      name: 'status new, page 1 (+ table count)',
      paths: [`select=*&status=eq.new&${NEWEST}&offset=0&limit=20`, 'select=*'],
    },
    {
      name: 'money "balance due", page 1 (+ table count)',
      paths: [`select=*&money_state=eq.balance%20due&${NEWEST}&offset=0&limit=20`, 'select=*'],
    },
  ],
};

const LIST_REQUESTS: { name: string; paths: string[] }[] = [
  { name: 'page 1 (default order)', paths: [`select=*&${LIVE}&${ORDER}&offset=0&limit=20`] },
  {
    name: 'search "lake", page 1 (+ table count)',
    paths: [
      `select=*&${LIVE}&search_text=like.%25lake%25&${ORDER}&offset=0&limit=20`,
      `select=*&${LIVE}`,
    ],
  },
  {
    // How the list searched before gallery_images.search_text (supabase/schemas/content.sql), for
    // comparison.
    name: 'same, ilike on each column (before)',
    paths: [
      `select=*&${LIVE}&or=(title.ilike.%22%25lake%25%22,category.ilike.%22%25lake%25%22)&${ORDER}&offset=0&limit=20`,
      `select=*&${LIVE}`,
    ],
  },
  { name: 'page 400 of 500', paths: [`select=*&${LIVE}&${ORDER}&offset=7980&limit=20`] },
  {
    name: 'drafts of 2019, by title (+ table count)',
    paths: [
      `select=*&${LIVE}&published=eq.false&year=eq.2019&order=title.asc,id.asc&offset=0&limit=20`,
      `select=*&${LIVE}`,
    ],
  },
];

const GALLERY: List = { table: 'gallery_images', row: galleryRow, requests: LIST_REQUESTS };
const LIST = values.list === 'registrations' ? REGISTRATIONS : GALLERY;

/** A deposit in the ledger for each paid registration, and the balance for every other one. */
async function seedLedger(agent: http.Agent, url: string, service: Record<string, string>) {
  for (let from = 0; ; from += BATCH) {
    const paid = await request(
      agent,
      new URL(
        `/rest/v1/registrations?select=id,edition_id&deposit_status=eq.paid&order=id&offset=${from}&limit=${BATCH}`,
        url,
      ),
      service,
      { method: 'GET' },
    );
    const rows = JSON.parse(paid.body) as { id: string; edition_id: string }[];
    if (rows.length === 0) return;
    const payments = rows.flatMap(({ id, edition_id }, index) => [
      { registration_id: id, edition_id, kind: 'deposit', amount_pence: 25_000 },
      ...(index % 2 === 0
        ? [{ registration_id: id, edition_id, kind: 'balance', amount_pence: 375_000 }]
        : []),
    ]);
    const added = await request(agent, new URL('/rest/v1/registration_payments', url), service, {
      method: 'POST',
      body: JSON.stringify(payments),
    });
    if (added.status !== 201) throw new Error(`ledger: ${added.status} ${added.body}`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  const server = await startEmulatorProcess(dataDir);
  const config = loadConfig();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const rest = (query: string, table = LIST.reads ?? LIST.table) =>
    new URL(`/rest/v1/${table}?${query}`, server.url);
  try {
    const service = {
      apikey: config.serviceRoleKey,
      authorization: `Bearer ${config.serviceRoleKey}`,
      'content-type': 'application/json',
      'content-profile': 'public',
    };
    if (LIST === REGISTRATIONS) {
      const added = await request(agent, new URL('/rest/v1/editions', server.url), service, {
        method: 'POST',
        body: JSON.stringify([2027, 2028, 2029, 2030].map(editionRow)),
      });
      if (added.status !== 201) throw new Error(`editions: ${added.status} ${added.body}`);
      const listed = await request(
        agent,
        new URL('/rest/v1/editions?select=id&order=year', server.url),
        service,
        { method: 'GET' },
      );
      editionIds.push(...(JSON.parse(listed.body) as { id: string }[]).map((row) => row.id));
    }
    const seeded = performance.now();
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, i) =>
        LIST.row(start + i),
      );
      const answer = await request(agent, rest('', LIST.table), service, {
        method: 'POST',
        body: JSON.stringify(rows),
      });
      if (answer.status !== 201) throw new Error(`seeding: ${answer.status} ${answer.body}`);
    }
    if (LIST === REGISTRATIONS) await seedLedger(agent, server.url, service);
    console.log(
      `seeded ${ROWS} rows of ${LIST.table} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const signIn = await request(
      agent,
      new URL('/auth/v1/token?grant_type=password', server.url),
      { apikey: config.anonKey, 'content-type': 'application/json' },
      {
        method: 'POST',
        body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
      },
    );
    const token = (JSON.parse(signIn.body) as { access_token?: string }).access_token;
    if (!token) throw new Error(`sign-in failed: ${signIn.status} ${signIn.body}`);
    const admin = {
      apikey: config.anonKey,
      authorization: `Bearer ${token}`,
      'accept-profile': 'public',
      accept: '*/*',
      prefer: 'count=exact',
    };

    console.log(
      `admin list of ${LIST.table} at ${ROWS} rows, ${RUNS} runs each, one request at a time`,
    );
    const current = editionIds[0] ?? '';
    const perEdition =
      LIST === REGISTRATIONS
        ? [
            {
              name: 'one edition, page 1 (+ its count)',
              paths: [
                `select=*&edition_id=eq.${current}&${NEWEST}&offset=0&limit=20`,
                `select=*&edition_id=eq.${current}`,
              ],
            },
            { name: 'rally_places() (a visitor)', paths: ['rpc:rally_places'] },
          ]
        : [];
    const visitor = { apikey: config.anonKey, 'content-type': 'application/json' };
    for (const { name, paths } of [...LIST.requests, ...perEdition]) {
      const latencies: number[] = [];
      let range = '';
      for (let run = -20; run < RUNS; run++) {
        const t0 = performance.now();
        const answers = await Promise.all(
          paths.map((query, index) =>
            query.startsWith('rpc:')
              ? request(agent, new URL(`/rest/v1/rpc/${query.slice(4)}`, server.url), visitor, {
                  method: 'POST',
                  body: '{}',
                })
              : request(agent, rest(query), admin, { method: index === 0 ? 'GET' : 'HEAD' }),
          ),
        );
        const elapsed = performance.now() - t0;
        for (const answer of answers) {
          if (answer.status !== 200 && answer.status !== 206)
            throw new Error(`${name}: ${answer.status} ${answer.body}`);
        }
        // The first 20 runs warm the caches and are not counted.
        if (run >= 0) latencies.push(elapsed);
        range ||= String(JSON.parse(answers[0]?.body ?? '[]').length);
      }
      latencies.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(42)} p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${range} rows)`,
      );
    }
    console.log(`  load average: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
