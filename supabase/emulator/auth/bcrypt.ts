// bcrypt (GoTrue's password hash, cost 10) on a worker thread. Each hash or compare is ~90 ms of
// CPU; on the emulator's one event loop it stalled every other request for that long (the
// hostile bench's visitor saw p99 106 ms while password grants ran, 25 ms otherwise).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Plain JavaScript, so the worker needs no TypeScript loader (tsx, vitest or none).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, op, password, other }) => {
  try {
    const value = op === 'hash' ? bcrypt.hashSync(password, other) : bcrypt.compareSync(password, other);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Reply {
  id: number;
  value?: string | boolean;
  error?: string;
}

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = null;
}

function bcryptWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bcryptjs: createRequire(import.meta.url).resolve('bcryptjs') },
  });
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // An idle worker must not keep the process alive; a busy one must (the admin CLI waits on it).
    if (pending.size === 0) started.unref();
    if (reply.error !== undefined || reply.value === undefined)
      waiting.reject(new Error(reply.error ?? 'bcrypt failed'));
    else waiting.resolve(reply.value);
  });
  started.on('error', failAll);
  started.on('exit', () => failAll(new Error('the bcrypt worker stopped')));
  started.unref();
  worker = started;
  return started;
}

function run(op: 'hash' | 'compare', password: string, other: string | number) {
  return new Promise<string | boolean>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const target = bcryptWorker();
    target.ref();
    target.postMessage({ id, op, password, other });
  });
}

/** One object, so tests can watch its calls (vi.spyOn). */
export const bcrypt = {
  async hash(password: string, cost: number): Promise<string> {
    return String(await run('hash', password, cost));
  },
  async compare(password: string, hash: string): Promise<boolean> {
    return (await run('compare', password, hash)) === true;
  },
};
