// The background workers of Supabase Cron (pg_cron) and pg_net, for the stand-ins platform.sql
// makes: runDueJobs() runs the jobs of cron.job whose schedule matches a minute, recording each
// run in cron.job_run_details as pg_cron does, then sendNetRequests() sends what net.http_post
// queued and records each answer in net._http_response as pg_net's worker does. On hosted the
// extensions' own workers do both. Tests call runDueJobs with the minute they mean (the
// emulator's clock, Db.now, is pinned to it); `serve` also ticks on every real minute. Other
// stand-ins add their own timed work (onTick: the Stripe stand-in's expiries), run on every tick
// and, under `serve`, every second.
import type { Db } from './types';

/** One field of a cron schedule as the set of values it allows; null = '*'. */
function parseField(text: string, min: number, max: number): Set<number> | null {
  if (text === '*') return null;
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`invalid schedule field "${text}"`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to =
      match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`invalid schedule field "${text}"`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/**
 * Whether a five-field schedule (minute hour day-of-month month day-of-week, in GMT as pg_cron
 * reads it by default) is due at the minute of `at`. As in cron, when both day fields are
 * restricted a day matching either is due.
 */
export function scheduleDue(schedule: string, at: Date): boolean {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`invalid schedule "${schedule}"`);
  const [minute, hour, day, month, weekday] = [
    parseField(fields[0] ?? '', 0, 59),
    parseField(fields[1] ?? '', 0, 23),
    parseField(fields[2] ?? '', 1, 31),
    parseField(fields[3] ?? '', 1, 12),
    parseField(fields[4] ?? '', 0, 7),
  ];
  const has = (set: Set<number> | null, value: number) => set === null || set.has(value);
  const dow = at.getUTCDay();
  const dayOk =
    day !== null && weekday !== null
      ? day.has(at.getUTCDate()) || weekday.has(dow) || (dow === 0 && weekday.has(7))
      : has(day, at.getUTCDate()) && (has(weekday, dow) || (dow === 0 && weekday?.has(7) === true));
  return (
    has(minute, at.getUTCMinutes()) &&
    has(hour, at.getUTCHours()) &&
    has(month, at.getUTCMonth() + 1) &&
    dayOk
  );
}

export interface JobRun {
  jobid: number;
  jobname: string | null;
  status: 'succeeded' | 'failed';
  return_message: string;
}

export interface SentRequest {
  id: number;
  url: string;
  status_code: number | null;
  error_msg: string | null;
}

interface SchedulerState {
  /** The minutes already run (ISO, seconds cut): a minute runs once, as with pg_cron. */
  ranMinutes: Set<string>;
  /** The stand-ins' timed work (onTick), run on each tick at the emulator's now. */
  work: (() => void)[];
  /** The send under way: one at a time, so a request is never sent twice. */
  sending: Promise<SentRequest[]> | null;
  ticker: NodeJS.Timeout | null;
}

const states = new WeakMap<Db, SchedulerState>();

function stateOf(db: Db): SchedulerState {
  let state = states.get(db);
  if (!state) {
    state = { ranMinutes: new Set(), work: [], sending: null, ticker: null };
    states.set(db, state);
  }
  return state;
}

/** The emulator's now: the pinned instant (Db.now), or the real time. */
export function emulatorNow(db: Db): Date {
  return db.now ? new Date(db.now) : new Date();
}

/** The command tag pg_cron records for a statement that succeeded ("SELECT 1", "UPDATE 2"). */
function commandTag(command: string, rows: number, affected: number | undefined): string {
  const verb = /^\s*(\w+)/.exec(command)?.[1]?.toUpperCase() ?? 'SELECT';
  return `${verb} ${verb === 'SELECT' ? rows : (affected ?? rows)}`;
}

/**
 * Runs every active job due at the minute of `at` that has not run for that minute, each in its
 * own transaction with `app.now` = that minute, and records the run. A job's command is one
 * statement here (PGlite's protocol), where pg_cron takes several.
 */
export async function runDueJobs(db: Db, at: Date): Promise<JobRun[]> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const key = minute.toISOString();
  const state = stateOf(db);
  if (state.ranMinutes.has(key)) return [];
  state.ranMinutes.add(key);
  const { rows: jobs } = await db.query<{
    jobid: number;
    jobname: string | null;
    schedule: string;
    command: string;
    username: string;
    database: string;
  }>(
    'select jobid, jobname, schedule, command, username, database from cron.job where active order by jobid',
  );
  const runs: JobRun[] = [];
  for (const job of jobs) {
    let due: boolean;
    try {
      due = scheduleDue(job.schedule, minute);
    } catch {
      continue;
    }
    if (!due) continue;
    const { rows } = await db.query<{ runid: number }>(
      `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
       values ($1, 0, $2, $3, $4, 'running', $5) returning runid`,
      [job.jobid, job.database, job.username, job.command, key],
    );
    const runid = rows[0]?.runid;
    let run: JobRun;
    try {
      const result = await db.transaction(async (tx) => {
        await tx.query(
          "select set_config('app.now', $1, true), set_config('app.clock', $2, true)",
          [key, db.clock ?? ''],
        );
        return tx.query(job.command);
      });
      run = {
        jobid: job.jobid,
        jobname: job.jobname,
        status: 'succeeded',
        return_message: commandTag(job.command, result.rows.length, result.affectedRows),
      };
    } catch (err) {
      run = {
        jobid: job.jobid,
        jobname: job.jobname,
        status: 'failed',
        return_message: err instanceof Error ? err.message : String(err),
      };
    }
    await db.query(
      `update cron.job_run_details set status = $2, return_message = $3,
         end_time = $4::timestamptz + (clock_timestamp() - statement_timestamp())
       where runid = $1`,
      [runid, run.status, run.return_message, key],
    );
    runs.push(run);
  }
  return runs;
}

async function sendOne(request: {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeout_milliseconds: number;
}): Promise<{
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' ? undefined : (request.body ?? undefined),
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    const content = await response.text();
    return {
      status_code: response.status,
      content_type: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers),
      content,
      timed_out: false,
      error_msg: null,
    };
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    return {
      status_code: null,
      content_type: null,
      headers: null,
      content: null,
      timed_out: timedOut,
      error_msg: timedOut
        ? `Timeout of ${request.timeout_milliseconds} ms reached`
        : err instanceof Error
          ? err.cause instanceof Error
            ? err.cause.message
            : err.message
          : String(err),
    };
  }
}

async function sendQueued(db: Db): Promise<SentRequest[]> {
  const sent: SentRequest[] = [];
  // Requests the answers queue (a function's own net.http_post) are sent in the same pass.
  for (let pass = 0; pass < 20; pass += 1) {
    // Taken off the queue before sending, as pg_net does: a request is sent at most once.
    const { rows } = await db.query<{
      id: number;
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string | null;
      timeout_milliseconds: number;
    }>(
      `delete from net.http_request_queue
       where id in (select id from net.http_request_queue order by id limit 50)
       returning id, method, url, headers, convert_from(body, 'UTF8') as body, timeout_milliseconds`,
    );
    if (rows.length === 0) break;
    rows.sort((a, b) => a.id - b.id);
    for (const request of rows) {
      const answer = await sendOne(request);
      await db.query(
        `insert into net._http_response
           (id, status_code, content_type, headers, content, timed_out, error_msg, created)
         values ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))`,
        [
          request.id,
          answer.status_code,
          answer.content_type,
          answer.headers === null ? null : JSON.stringify(answer.headers),
          answer.content,
          answer.timed_out,
          answer.error_msg,
          db.now,
        ],
      );
      sent.push({
        id: request.id,
        url: request.url,
        status_code: answer.status_code,
        error_msg: answer.error_msg,
      });
    }
  }
  return sent;
}

/** Sends every request net.http_post has queued (committed ones) and records the answers. */
export async function sendNetRequests(db: Db): Promise<SentRequest[]> {
  const state = stateOf(db);
  // One send at a time: a caller arriving during one waits for it, then sends what is left.
  while (state.sending) await state.sending.catch(() => undefined);
  const sending = sendQueued(db);
  state.sending = sending;
  try {
    return await sending;
  } finally {
    state.sending = null;
  }
}

/** Work a stand-in does on every tick, reading the emulator's clock itself (emulatorNow). */
export function onTick(db: Db, work: () => void): void {
  stateOf(db).work.push(work);
}

function runTickWork(db: Db): void {
  for (const work of stateOf(db).work) work();
}

/**
 * A scheduler tick: the stand-ins' timed work, the jobs due at `at`, then the requests they (and
 * anything else) queued.
 */
export async function tick(db: Db, at: Date): Promise<{ runs: JobRun[]; sent: SentRequest[] }> {
  runTickWork(db);
  const runs = await runDueJobs(db, at);
  const sent = await sendNetRequests(db);
  return { runs, sent };
}

/**
 * `serve`'s workers: queued requests are sent and the stand-ins' timed work done every second,
 * and due jobs run at each real minute while the clock is not pinned (a test or a caller pinning
 * Db.now runs them itself).
 */
export function startScheduler(db: Db, log: (line: string) => void): void {
  const state = stateOf(db);
  if (state.ticker) return;
  let lastMinute = Math.floor(Date.now() / 60_000);
  state.ticker = setInterval(() => {
    const nowMinute = Math.floor(Date.now() / 60_000);
    const due = nowMinute !== lastMinute && db.now === null;
    lastMinute = nowMinute;
    const work = due
      ? tick(db, new Date(nowMinute * 60_000))
      : Promise.resolve()
          .then(() => runTickWork(db))
          .then(() => sendNetRequests(db));
    work.catch((err: unknown) =>
      log(`scheduled work failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  }, 1000);
  state.ticker.unref();
}

export async function stopScheduler(db: Db): Promise<void> {
  const state = stateOf(db);
  if (state.ticker) clearInterval(state.ticker);
  state.ticker = null;
  await state.sending?.catch(() => undefined);
}
