// npm run bench:api — the home page's public reads against a seeded emulator, 16 connections
// for ~10 s, from a separate process (so the load generator does not share the server's event
// loop). Prints requests/s and p50/p99 latency. Options: --seconds N --connections N.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../supabase/emulator';
import { cpuSeconds, percentile, request, startEmulatorProcess } from './lib/bench';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

// The reads the home page makes (src/data/*), as supabase-js sends them.
const HOME_READS: { path: string; accept?: string }[] = [
  { path: '/rest/v1/sponsors?select=*&published=eq.true&order=sort_order.asc' },
  { path: '/rest/v1/news_articles?select=*&published=eq.true&order=published_date.desc&limit=3' },
  { path: '/rest/v1/testimonials?select=*&published=eq.true&order=sort_order.asc' },
  { path: '/rest/v1/videos?select=*&published=eq.true&order=sort_order.asc' },
  // The layout's facts: the settings and the published editions (src/data/siteSettings.ts).
  { path: '/rest/v1/site_settings?select=key,value' },
  { path: '/rest/v1/editions?select=*&status=eq.published&order=year.asc' },
  { path: '/rest/v1/events?select=*&published=eq.true&order=date.asc' },
];

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return request(agent, url, headers).then((answer) => answer.status);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const server = await startEmulatorProcess(dataDir);
  const key = loadConfig().anonKey;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = {
    apikey: key,
    authorization: `Bearer ${key}`,
    'accept-profile': 'public',
    'x-client-info': 'bench',
  };
  const requests = HOME_READS.map((r) => ({
    url: new URL(r.path, server.url),
    headers: r.accept ? { ...base, accept: r.accept } : { ...base, accept: '*/*' },
  }));
  try {
    // Warm up: the catalog cache, JIT, keep-alive sockets.
    for (let i = 0; i < 200; i++) {
      const r = requests[i % requests.length];
      if (r) await get(agent, r.url, r.headers);
    }
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = cpuSeconds(server.pid);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        for (let i = worker; performance.now() < deadline; i++) {
          const r = requests[i % requests.length];
          if (!r) continue;
          const t0 = performance.now();
          const status = await get(agent, r.url, r.headers);
          latencies.push(performance.now() - t0);
          if (status !== 200) failures++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(server.pid);
    latencies.sort((a, b) => a - b);
    console.log(
      `home page public reads: ${requests.length} queries, ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s`,
    );
    console.log(`  requests:   ${latencies.length} (${failures} not 200)`);
    console.log(`  throughput: ${(latencies.length / elapsed).toFixed(0)} req/s`);
    console.log(
      `  latency:    p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      // Independent of how busy the machine is: what one request costs the server.
      const perRequest = ((cpuAfter - cpuBefore) * 1000) / latencies.length;
      console.log(
        `  server CPU: ${perRequest.toFixed(2)} ms per request (${(1000 / perRequest).toFixed(0)} req/s per busy core)`,
      );
    }
    console.log(
      `  load average during the run: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    if (failures > 0) process.exitCode = 1;
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
