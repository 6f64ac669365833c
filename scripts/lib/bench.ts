// What the benches share: a throw-away emulator in a child process (so the load generator does not
// share the server's event loop), what they read about that process, plain keep-alive HTTP and
// percentiles of their samples.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES, PROJECT_ROOT } from '../../supabase/emulator';

export interface EmulatorProcess {
  url: string;
  pid: number | undefined;
  /** Resolves with the exit code once the process has gone (on its own or after stop()). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * Starts `serve` on a free loopback port with its own data folder (migrated and seeded, with the
 * default administrator); resolves once it answers. Its email API's rate is
 * EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES (until the outbox's sender retries a 429, issue 34) unless
 * EMAIL_API_RATE_LIMIT says otherwise.
 */
export async function startEmulatorProcess(dataDir: string): Promise<EmulatorProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'supabase/emulator/main.ts',
      'serve',
      ...['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
    ],
    {
      cwd: PROJECT_ROOT,
      env: { EMAIL_API_RATE_LIMIT: String(EMAIL_API_RATE_LIMIT_WITHOUT_RETRIES), ...process.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Supabase emulator ready on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) =>
      reject(new Error(`the emulator exited (${code}) before it was ready:\n${out}`)),
    );
  });
  child.stdout.resume();
  return {
    url,
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function procFile(pid: number | undefined, name: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return null;
  }
}

/** CPU seconds the process has used (Linux /proc; null elsewhere). */
export function cpuSeconds(pid: number | undefined): number | null {
  const stat = procFile(pid, 'stat');
  if (!stat) return null;
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of the process in MiB (Linux /proc; null elsewhere). */
export function rssMiB(pid: number | undefined): number | null {
  const kib = /VmRSS:\s+(\d+) kB/.exec(procFile(pid, 'status') ?? '')?.[1];
  return kib ? Number(kib) / 1024 : null;
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

/** The p-th percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
