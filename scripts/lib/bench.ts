// What the API benches share: a throw-away emulator in its own process (so the load generator
// does not share the server's event loop), plain keep-alive HTTP, percentiles and the server's
// CPU time per request.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { PROJECT_ROOT } from '../../supabase/emulator/config';

/** CPU seconds the process has used (Linux /proc; null elsewhere). */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export type BenchServer = { url: string; pid: number | undefined; stop: () => Promise<void> };

/** The emulator on a new data folder (migrated and seeded, with the default administrator). */
export async function startServer(dataDir: string): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/emulator/main.ts', 'serve', '--port', '0', '--data-dir', dataDir],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Supabase emulator ready on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the emulator exited (${code}) before it was ready:\n${out}`)),
    );
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type Answer = { status: number; body: string };

export function request(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  { method = 'GET', body }: { method?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
