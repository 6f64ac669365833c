// The running Edge Functions of one emulator: each starts as its own Deno process on the first
// request, stays warm for the next ones, starts again on the next request after it crashed or its
// files changed, and is stopped with the emulator. A function that exits before it listens is a
// boot failure (503 BOOT_ERROR, like the hosted runtime).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Db, EmulatorConfig } from '../types';
import { denoCommand } from './deno';
import { READY_MARKER } from './ready-marker';

/** The first start may download npm packages into Deno's cache: minutes on a slow network. */
const BOOT_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 2_000;

export class BootError extends Error {}

interface Worker {
  child: ChildProcess;
  port: Promise<number>;
}

export type FunctionLog = (line: string) => void;

const defaultLog: FunctionLog = (line) => process.stderr.write(`${line}\n`);

export class FunctionWorkers {
  private readonly workers = new Map<string, Worker>();
  private watcher: FSWatcher | null = null;
  private stopped = false;

  constructor(
    private readonly config: () => EmulatorConfig,
    private readonly log: FunctionLog = defaultLog,
  ) {}

  /** The loopback port of the function's server, starting it when it is not running. */
  port(name: string): Promise<number> {
    if (this.stopped) return Promise.reject(new BootError('the emulator is stopping'));
    const running = this.workers.get(name);
    if (running) return running.port;
    const worker = this.start(name);
    this.workers.set(name, worker);
    this.watchFiles();
    return worker.port;
  }

  /**
   * Forgets a worker whose connection failed: its process is dead or dying, and the next request
   * must start a new one rather than wait for the exit event.
   */
  discard(name: string, port: number): void {
    const worker = this.workers.get(name);
    if (!worker) return;
    void worker.port.then((current) => {
      if (current !== port || this.workers.get(name) !== worker) return;
      this.workers.delete(name);
      worker.child.kill('SIGKILL');
    });
  }

  private start(name: string): Worker {
    const { command, args, env, cwd } = denoCommand(this.config(), name);
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const prefix = `[functions:${name}]`;
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${name} did not listen within ${BOOT_TIMEOUT_MS / 1000} s`));
        child.kill('SIGKILL');
      }, BOOT_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith(READY_MARKER)) {
          clearTimeout(timer);
          resolve(Number(line.slice(READY_MARKER.length)));
        } else this.log(`${prefix} ${line}`);
      });
      createInterface({ input: child.stderr }).on('line', (line) => this.log(`${prefix} ${line}`));
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(new BootError(`${name} could not start: ${err.message}`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new BootError(`${name} exited before it listened (${signal ?? `code ${code}`})`));
        if (this.workers.get(name)?.child === child) this.workers.delete(name);
        if (!this.stopped) this.log(`${prefix} exited (${signal ?? `code ${code}`})`);
      });
    });
    // Rejections are answered per request; an unobserved one must not end the process.
    port.catch(() => undefined);
    // The bootstrap exits when this pipe closes, even if the emulator is killed without cleanup.
    child.stdin.on('error', () => undefined);
    return { child, port };
  }

  /** Edits to a function (or .env) apply from its next request, as `supabase functions serve` does. */
  private watchFiles(): void {
    const dir = this.config().functions.dir;
    if (this.watcher || !existsSync(dir)) return;
    let pending: NodeJS.Timeout | null = null;
    this.watcher = watch(dir, { recursive: true }, () => {
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = null;
        for (const name of [...this.workers.keys()]) void this.stopOne(name);
      }, 100);
    });
    this.watcher.on('error', () => undefined);
  }

  private async stopOne(name: string): Promise<void> {
    const worker = this.workers.get(name);
    if (!worker) return;
    this.workers.delete(name);
    const { child } = worker;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watcher?.close();
    await Promise.all([...this.workers.keys()].map((name) => this.stopOne(name)));
  }
}

// One set of workers per running emulator, keyed by its database like the other local services.
const byEmulator = new WeakMap<Db, FunctionWorkers>();

export function functionWorkers(db: Db, config: () => EmulatorConfig): FunctionWorkers {
  let workers = byEmulator.get(db);
  if (!workers) {
    workers = new FunctionWorkers(config);
    byEmulator.set(db, workers);
  }
  return workers;
}

/** Stops every function of the emulator that owns `db` (its stop() calls this). */
export async function stopFunctions(db: Db): Promise<void> {
  await byEmulator.get(db)?.stop();
  byEmulator.delete(db);
}
