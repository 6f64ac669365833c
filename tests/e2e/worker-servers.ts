// One Playwright worker's servers (tests/e2e/servers.ts says how ports and folders are shared):
// an emulator of its own on a fresh copy of the template database, and a proxy that serves the
// one build of the site with this worker's addresses written where the build says the base ones.
// The build on disk is never changed: the bundle budget and the prerender tests read it as built.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { build, e2e, emulatorEnv } from './servers';

/** Starts this worker's emulator; answers how to stop it. */
export async function startWorkerEmulator(): Promise<() => Promise<void>> {
  if (!existsSync(build.dataDir))
    throw new Error(`No template database in ${build.dataDir}: scripts/e2e-site.mjs makes it`);
  rmSync(e2e.dataDir, { recursive: true, force: true });
  cpSync(build.dataDir, e2e.dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'supabase/emulator/main.ts',
      'serve',
      '--port',
      String(e2e.supabasePort),
      '--data-dir',
      e2e.dataDir,
      '--site-url',
      e2e.siteUrl,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...emulatorEnv } },
  );
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line.startsWith('Supabase emulator ready on')) resolve();
      });
    }
    void exited.then((code) =>
      reject(new Error(`the worker's emulator exited (${code}):\n${output.slice(-20).join('\n')}`)),
    );
  });
  return async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(e2e.dataDir, { recursive: true, force: true });
  };
}

/** The base addresses the build holds, each only where no further digit follows the port. */
const REWRITES: [RegExp, string][] = [
  [new RegExp(`${escape(build.emulatorUrl)}(?!\\d)`, 'g'), e2e.emulatorUrl],
  [new RegExp(`${escape(build.siteUrl)}(?!\\d)`, 'g'), e2e.siteUrl],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rewrite(text: string): string {
  return REWRITES.reduce((out, [pattern, to]) => out.replace(pattern, to), text);
}

/** Text the build may hold an address in: HTML, scripts, styles, JSON, XML, robots.txt. */
const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json))|\+xml/;

/** Serves `vite preview` (the base site port) on this worker's site port; answers how to stop. */
export async function startWorkerSite(): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: build.sitePort,
        method: request.method,
        path: request.url,
        // Plain bodies, to rewrite them.
        headers: {
          ...request.headers,
          host: `127.0.0.1:${build.sitePort}`,
          'accept-encoding': 'identity',
        },
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          headers[name] = typeof value === 'string' ? rewrite(value) : value;
        }
        if (!TEXT.test(String(answer.headers['content-type'] ?? ''))) {
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')));
          headers['content-length'] = String(body.length);
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`the e2e site proxy: ${error.message}`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(e2e.sitePort, '127.0.0.1', () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
