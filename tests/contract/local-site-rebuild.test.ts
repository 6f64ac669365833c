// `npm start` prerenders the site again when the data changes (issue 22: "Locally, `npm start`
// re-prerenders in the background"), exercised for real over HTTP: scripts/start.mjs on free
// ports with a data folder and a site folder of its own, 2027 made current through the service
// role, the cron tick run on demand (/local/cron/run), and the served pages read until they name
// 2027, without a restart. Slow by nature (the site is built twice or more): one test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The day after the 2026 rally, when the organiser opens 2027 (the scenario). */
const DAY = '2026-11-24';
/** A build on a busy two-core machine takes minutes; the change may wait for one in progress. */
const BUILD_MS = 480_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let child: ChildProcess;
const lines: string[] = [];
let supabaseUrl = '';
let siteUrl = '';
let dataDir = '';
let siteDir = '';
let sitePort = 0;

/**
 * Resolves once a line of `npm start`'s output matches, from the `from`-th line on. Rejects with
 * the last lines if it exits first or nothing matches before the hook's own timeout would say
 * only "timed out".
 */
function lineMatching(pattern: RegExp, from = 0, withinMs = BUILD_MS - 15_000): Promise<string> {
  const deadline = Date.now() + withinMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = lines.slice(from).find((line) => pattern.test(line));
      const last = () => lines.slice(-30).join('\n');
      if (found) {
        clearInterval(timer);
        resolve(found);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited:\n${last()}`));
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        reject(
          new Error(`npm start printed no line matching ${pattern} in ${withinMs} ms:\n${last()}`),
        );
      }
    };
    const timer = setInterval(check, 200);
    check();
  });
}

beforeAll(async () => {
  const supabasePort = await freePort();
  sitePort = await freePort();
  supabaseUrl = `http://127.0.0.1:${supabasePort}`;
  siteUrl = `http://127.0.0.1:${sitePort}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'local-rebuild-data-'));
  // Inside dist/, which every tool ignores; never dist/ itself, which a developer's npm start serves.
  siteDir = path.join('dist', `start-${sitePort}`);
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SUPABASE_PORT: String(supabasePort),
      PORT: String(sitePort),
      SUPABASE_DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      BUILD_OUT_DIR: siteDir,
      SUPABASE_CLOCK: DAY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops the emulator, the builds and the preview.
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    // Without colours, as a CI runner's CI or FORCE_COLOR would turn them on even into a pipe.
    if (stream) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) => lines.push(stripVTControlCharacters(line)));
    }
  }
  await lineMatching(/Press Ctrl-C to stop/);
}, BUILD_MS);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(ROOT, siteDir), { recursive: true, force: true });
  // Where scripts/start.mjs stages a rebuild.
  rmSync(path.join(ROOT, 'dist', `.rebuild-${sitePort}`), { recursive: true, force: true });
}, 30_000);

const served = async (route: string) => {
  const answer = await fetch(`${siteUrl}${route}`);
  expect(answer.status).toBe(200);
  return answer.text();
};
const title = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];

test(
  'making 2027 current prerenders the site again: /rally, /2027-rally and the sitemap name 2027',
  async () => {
    expect(await served('/sitemap.xml')).not.toContain('/2027-rally');
    expect(title(await served('/rally'))).toBe('2026 Europe Rally');

    // The service key is on the emulator's banner, as npm start prints it.
    const key = /service key:\s+(\S+)/.exec(await lineMatching(/service key:/))?.[1] ?? '';
    const rest = (route: string, body: unknown) =>
      fetch(`${supabaseUrl}${route}`, {
        method: 'POST',
        headers: {
          apikey: key,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const added = await rest('/rest/v1/editions', {
      year: 2027,
      name: '2027 Europe Rally',
      start_date: '2027-06-20',
      end_date: '2027-06-26',
      start_place: 'United Kingdom',
      finish_place: 'Austria',
      price_per_car: 395_000,
      deposit: 25_000,
      capacity: 12,
      registration_opens: DAY,
      registration_closes: '2027-05-31',
      status: 'published',
    });
    expect(added.status).toBe(201);
    const made = await rest('/rest/v1/rpc/make_current_edition', { edition_year: 2027 });
    expect(made.status).toBe(200);
    // The minute's tick now rather than at the next minute (the scheduler would run it then).
    expect((await rest('/local/cron/run', {})).status).toBe(200);

    // The rebuild that started before the change (the seed's first one) may finish first.
    const deadline = Date.now() + BUILD_MS;
    let sitemap = await served('/sitemap.xml');
    while (!sitemap.includes('/2027-rally') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      sitemap = await served('/sitemap.xml');
    }
    // npm start's last lines say why, if no rebuild delivered.
    expect(sitemap, lines.slice(-40).join('\n')).toContain(`<loc>${siteUrl}/2027-rally</loc>`);
    expect(sitemap).toContain(`<loc>${siteUrl}/2026-rally</loc>`);
    await lineMatching(/the site is prerendered again/);

    // /rally is the shell locally (the host's _redirects sends it on to /2027-rally); both name 2027.
    expect(title(await served('/rally'))).toBe('2027 Europe Rally');
    const page = await served('/2027-rally');
    expect(title(page)).toMatch(/^2027 Rally \| 2027 Europe Rally$/);
    expect(page).toContain('The 2027 Europe Rally');
    expect(await served('/2026-rally')).toContain('The 2026 Europe Rally has finished');
    expect(title(await served('/'))).toBe('2027 Europe Rally');
    expect(child.exitCode).toBeNull();
  },
  BUILD_MS + 60_000,
);
