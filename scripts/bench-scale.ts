// npm run bench:scale — the public pages at 100× the demo's data: in a throw-away emulator (the
// seeded demo: 48 published photos, 6 articles), times and weighs the requests that /gallery's
// first page and /news's first page send (the very functions of src/data/gallery.ts and news.ts,
// given a client that counts bytes), as a visitor, then adds 10,000 published gallery photos and
// 1,000 articles and does it again.
// Prints bytes and median time for each, and their growth (goal: at most 10% more bytes).
//   Options: --photos N (10000) --articles N (1000) --runs N (30)
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PostgrestClient } from '@supabase/postgrest-js';
import { loadConfig } from '../supabase/emulator';
import { fetchGalleryPage, listGalleryCategories } from '../src/data/gallery';
import { listNewsCategories, listPublishedArticlePage } from '../src/data/news';
import type { Database } from '../src/data/types';
import { percentile, request, startEmulatorProcess } from './lib/bench';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '10000' },
    articles: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '30' },
  },
});
// Rows per insert: the emulator takes bodies up to 1 MiB, as Supabase does.
const BATCH = 500;

type Measure = { bytes: number; ms: number };

/** A visitor's client whose fetch counts the bytes of every answer body. */
function countingClient(url: string, anonKey: string) {
  let bytes = 0;
  const counting: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    const body = await answer.arrayBuffer();
    bytes += body.byteLength;
    return new Response(body, answer);
  };
  const db = new PostgrestClient<Database>(`${url}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    fetch: counting,
  });
  return {
    db,
    take() {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
  };
}

async function measure(runs: number, load: () => PromiseLike<unknown>, take: () => number) {
  let bytes = 0;
  const times: number[] = [];
  for (let run = -3; run < runs; run++) {
    take();
    const t0 = performance.now();
    await load();
    const elapsed = performance.now() - t0;
    bytes = take();
    if (run >= 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { bytes, ms: percentile(times, 50) };
}

async function seed(
  agent: http.Agent,
  url: string,
  key: string,
  table: string,
  count: number,
  row: (index: number) => object,
) {
  const headers = {
    apikey: key,
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
    'content-profile': 'public',
  };
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => row(start + i));
    const answer = await request(agent, new URL(`/rest/v1/${table}`, url), headers, {
      method: 'POST',
      body: JSON.stringify(rows),
    });
    if (answer.status !== 201) throw new Error(`seeding ${table}: ${answer.status} ${answer.body}`);
  }
}

async function main(): Promise<void> {
  const runs = Number(values.runs);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const server = await startEmulatorProcess(dataDir);
  const config = loadConfig();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const visitor = countingClient(server.url, config.anonKey);
  const { db } = visitor;
  // Each page's reads as the page itself makes them: the data modules of src/data, given this
  // counting client instead of the site's.
  const pages = {
    '/gallery (first page + categories)': () =>
      Promise.all([fetchGalleryPage({ page: 0 }, db), listGalleryCategories(db)]),
    '/news (first page + categories)': () =>
      Promise.all([
        listPublishedArticlePage({ page: 1, category: null }, db),
        listNewsCategories(db),
      ]),
  };
  const measureAll = async () => {
    const results: Record<string, Measure> = {};
    for (const [name, load] of Object.entries(pages))
      results[name] = await measure(runs, load, visitor.take);
    return results;
  };
  try {
    const before = await measureAll();
    const photos = Number(values.photos);
    const articles = Number(values.articles);
    const t0 = performance.now();
    await seed(agent, server.url, config.serviceRoleKey, 'gallery_images', photos, (i) => ({
      title: `Bench photo ${i}`,
      url: `bench/gallery/${i}.1200x800.jpg`,
      alt: `A rally car on a mountain road, bench photo ${i}`,
      category: `${2016 + (i % 8)} Rally`,
      year: 2016 + (i % 8),
      published: true,
      sort_order: 100 + (i % 500),
    }));
    await seed(agent, server.url, config.serviceRoleKey, 'news_articles', articles, (i) => ({
      title: `Bench article ${i}`,
      excerpt: `What happened on day ${i % 7} of the rally, in a sentence or two.`,
      content: `<p>${'The convoy climbed another pass. '.repeat(20)}</p>`,
      category: ['news', 'rally', 'charity'][i % 3],
      published: true,
      published_date: `2024-0${1 + (i % 9)}-1${i % 10}`,
    }));
    console.log(
      `seeded ${photos} photos and ${articles} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const after = await measureAll();

    console.log(`\nvisitor's data requests, median of ${runs} runs (PGlite, one at a time)`);
    console.log('| page | demo bytes | demo ms | at scale bytes | at scale ms | bytes growth |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const name of Object.keys(pages)) {
      const a = before[name];
      const b = after[name];
      if (!a || !b) continue;
      const growth = ((b.bytes / a.bytes - 1) * 100).toFixed(1);
      console.log(
        `| ${name} | ${a.bytes} | ${a.ms.toFixed(1)} | ${b.bytes} | ${b.ms.toFixed(1)} | ${growth}% |`,
      );
    }
    console.log(
      `\nGoal: /gallery at ${photos} photos and /news at ${articles} articles within 10% of the demo's bytes.`,
    );
    console.log(`load average: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
