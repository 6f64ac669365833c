// npm run bench:mailings — a mailing to 5,000 confirmed subscribers through the real `mailings`
// Edge Function and the local mail catcher (issue 26's goal: under 2 minutes, memory flat).
//
// A throw-away emulator (PGlite in a temp folder, loopback only, in a child process). The
// subscribers are arranged with the service role as confirmed (status 'subscribed', confirmed_at
// set: what the double opt-in leaves), then the administrator signs in, writes the mailing,
// send_mailing snapshots it, and the bench calls the function batch after batch as the screen's
// progress does, until nothing remains. Every email is rendered, gets its own unsubscribe secret
// (minted in the claim) and headers, and is posted to the catcher with its Idempotency-Key.
// Prints the total time, mails per second, and the resident memory of the function's Deno
// process (and of the emulator) every 10 batches. Bounded: --recipients N (at most 20,000).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../supabase/emulator';
import { request, rssMiB, startEmulatorProcess } from './lib/bench';

const { values } = parseArgs({ options: { recipients: { type: 'string', default: '5000' } } });
const RECIPIENTS = Math.min(20_000, Number(values.recipients));
const SAMPLE_EVERY = 10;
const SEED_BATCH = 1000;

const config = loadConfig();

/** Every process below `root` (its children, theirs, …), from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.split(') ')[1]?.split(' ')[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
  };
  walk(root);
  return found;
}

/** The function's runtime: the emulator's descendants whose command line names the function. */
function functionProcesses(emulator: number): number[] {
  return descendants(emulator).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('mailings');
    } catch {
      return false;
    }
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mailings-'));
  const server = await startEmulatorProcess(dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const url = (at: string) => new URL(at, server.url);
  const service = {
    apikey: config.serviceRoleKey,
    authorization: `Bearer ${config.serviceRoleKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  };
  try {
    const seeded = performance.now();
    const confirmedAt = new Date().toISOString();
    for (let start = 0; start < RECIPIENTS; start += SEED_BATCH) {
      const rows = Array.from({ length: Math.min(SEED_BATCH, RECIPIENTS - start) }, (_, i) => ({
        email: `reader.${start + i}@bench.example.org`,
        source: 'footer',
        status: 'subscribed',
        confirmed_at: confirmedAt,
      }));
      const answer = await request(agent, url('/rest/v1/newsletter_subscribers'), service, {
        method: 'POST',
        body: JSON.stringify(rows),
      });
      if (answer.status !== 201) throw new Error(`seeding: ${answer.status} ${answer.body}`);
    }
    console.log(
      `seeded ${RECIPIENTS} confirmed subscribers in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const signIn = await request(
      agent,
      url('/auth/v1/token?grant_type=password'),
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
      'content-type': 'application/json',
    };
    const written = await request(
      agent,
      url('/rest/v1/mailings?select=id'),
      { ...admin, prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
      {
        method: 'POST',
        body: JSON.stringify({
          audience: 'subscribers',
          subject: 'Bench: news from the rally',
          body: '<h2>News</h2><p>The route is <strong>ready</strong>. See you there.</p>',
        }),
      },
    );
    const mailing = (JSON.parse(written.body) as { id?: string }).id;
    if (!mailing) throw new Error(`the mailing: ${written.status} ${written.body}`);

    const started = performance.now();
    const snapshot = await request(agent, url('/rest/v1/rpc/send_mailing'), admin, {
      method: 'POST',
      body: JSON.stringify({ mailing }),
    });
    if (snapshot.status !== 200)
      throw new Error(`send_mailing: ${snapshot.status} ${snapshot.body}`);
    console.log(
      `send_mailing snapshotted ${snapshot.body} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    let sent = 0;
    let failed = 0;
    let batches = 0;
    let remaining = Number(snapshot.body);
    const samples: string[] = [];
    while (remaining > 0) {
      const answer = await request(agent, url('/functions/v1/mailings'), admin, {
        method: 'POST',
        body: JSON.stringify({ mailing }),
      });
      if (answer.status !== 200) throw new Error(`batch: ${answer.status} ${answer.body}`);
      const batch = JSON.parse(answer.body) as { sent: number; failed: number; remaining: number };
      sent += batch.sent;
      failed += batch.failed;
      remaining = batch.remaining;
      batches += 1;
      if (batches === 1 || batches % SAMPLE_EVERY === 0 || remaining === 0) {
        const runtime = functionProcesses(server.pid ?? 0)
          .map((pid) => rssMiB(pid) ?? 0)
          .reduce((sum, mib) => sum + mib, 0);
        samples.push(
          `  batch ${String(batches).padStart(3)}: ${String(sent).padStart(5)} sent, function RSS ${runtime.toFixed(0)} MiB, emulator RSS ${(rssMiB(server.pid) ?? 0).toFixed(0)} MiB`,
        );
        console.log(samples.at(-1));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // The database's count, not the sum of the answers: the emulator's scheduler runs the
    // 'mailings' cron job too, which sends a batch of a sending mailing each minute.
    const counted = await request(
      agent,
      url(`/rest/v1/mailings_with_counts?select=sent,failed&id=eq.${mailing}`),
      { ...admin, accept: 'application/vnd.pgrst.object+json' },
    );
    const totals = JSON.parse(counted.body) as { sent: number; failed: number };
    console.log(
      `${totals.sent} sent, ${totals.failed} failed (${sent} by these ${batches} batches, ${totals.sent - sent} by the cron job): ${seconds.toFixed(1)} s, ${(totals.sent / seconds).toFixed(0)} mails/s (goal: ${RECIPIENTS} in under 120 s)`,
    );
    if (failed > 0 || totals.failed > 0 || totals.sent !== RECIPIENTS) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
