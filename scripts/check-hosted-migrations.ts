// Proves that supabase/migrations and supabase/seed.sql apply on a database shaped like hosted
// Supabase, where `postgres` is not a superuser and owns neither `auth` nor `storage`
// (scripts/hosted-roles.sql says what hosted grants, with its sources), and that the scheduled
// jobs run there as `postgres` with what hosted grants on Supabase Cron, pg_net and Vault. A
// migration that needs to own auth.* or storage.* (an index or a column on auth.users, a function
// created in `storage`, a policy on a table supautils does not list), or more on cron, net or
// vault than `postgres` has, passes on PGlite and on the superuser cluster of the contract tests,
// and fails here, named, with PostgreSQL's error.
//
//   npx tsx scripts/check-hosted-migrations.ts postgres://supabase_admin@127.0.0.1:<port>/postgres
//
// The URL is a fresh cluster whose bootstrap superuser is `supabase_admin`
// (scripts/test-postgres.sh makes one on every run, loading the real pg_cron when the server has
// it, as hosted does; otherwise platform.sql's stand-in is used). HOSTED_CHECK_EXTRA_MIGRATIONS=
// <folder> adds the migrations in that folder to supabase/migrations', in name order, to try one
// from another branch, or one meant to fail, without committing it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const started = performance.now();
const adminUrl = process.argv[2];
if (!adminUrl) {
  console.error('usage: check-hosted-migrations.ts postgres://supabase_admin@host:port/postgres');
  process.exit(2);
}

const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase/migrations');
const SEED_FILE = path.join(PROJECT_ROOT, 'supabase/seed.sql');
const PLATFORM_FILE = path.join(PROJECT_ROOT, 'supabase/emulator/platform.sql');
const HOSTED_FILE = path.join(PROJECT_ROOT, 'scripts/hosted-roles.sql');

// Seed ids (supabase/seed.sql) and the administrator GoTrue would create.
const SPONSOR_ID = '00000001-0000-4000-8000-000000000001';
const ADMIN_ID = 'a0000000-0000-4000-8000-0000000000ad';
const ADMIN_SESSION = 'a0000000-0000-4000-8000-00000000005e';

class CheckFailed extends Error {}

async function connect(user: string): Promise<pg.Client> {
  const url = new URL(adminUrl ?? '');
  url.username = user;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

function describe(err: unknown, sql: string, offset: number): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & Partial<pg.DatabaseError>;
  const parts = [`${e.code ? `${e.code} ` : ''}${e.message}`];
  const position = Number(e.position);
  if (position > offset) {
    const line = sql.slice(0, position - offset - 1).split('\n').length;
    parts.push(`at line ${line}`);
  }
  if (e.detail) parts.push(`detail: ${e.detail}`);
  if (e.hint) parts.push(`hint: ${e.hint}`);
  if (e.where) parts.push(`where: ${e.where}`);
  return parts.join('; ');
}

/** Runs one file in one transaction, as the Supabase CLI does, failing with its name. */
async function applyFile(client: pg.Client, label: string, sql: string, after = ''): Promise<void> {
  const prefix = 'begin;\n';
  try {
    await client.query(`${prefix}${sql}\n;\n${after}\ncommit;`);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw new CheckFailed(`${label} failed: ${describe(err, sql, prefix.length)}`);
  }
}

function migrationFiles(): { name: string; file: string }[] {
  const dirs = [MIGRATIONS_DIR];
  const extra = process.env.HOSTED_CHECK_EXTRA_MIGRATIONS;
  if (extra) dirs.push(path.resolve(extra));
  return dirs
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => /^\d+_.*\.sql$/.test(f))
        .map((name) => ({ name, file: path.join(dir, name) })),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Runs `sql` as an API role the way PostgREST does: the authenticator switching role. */
async function asApiRole<T extends pg.QueryResultRow>(
  client: pg.Client,
  role: 'anon' | 'authenticated',
  claims: Record<string, unknown>,
  sql: string,
): Promise<pg.QueryResult<T>> {
  await client.query('begin');
  try {
    await client.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
      [role, JSON.stringify({ role, ...claims })],
    );
    return await client.query<T>(sql);
  } finally {
    await client.query('rollback').catch(() => undefined);
  }
}

async function refusedAs(client: pg.Client, role: 'anon', sql: string): Promise<string | null> {
  try {
    await asApiRole(client, role, {}, sql);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function expect(ok: boolean, what: string, found?: unknown): void {
  if (!ok) {
    const seen = found === undefined ? '' : ` (found ${JSON.stringify(found)})`;
    throw new CheckFailed(`check failed: ${what}${seen}`);
  }
  console.log(`  ok  ${what}`);
}

/** `postgres` as on hosted: no superuser, no member of the roles that own auth and storage. */
async function assertNotOwner(client: pg.Client, when: string): Promise<void> {
  const who = await client.query<{
    rolsuper: boolean;
    auth_member: boolean;
    storage_member: boolean;
  }>(
    `select rolsuper, pg_has_role('supabase_auth_admin', 'member') as auth_member,
       pg_has_role('supabase_storage_admin', 'member') as storage_member
     from pg_roles where rolname = current_user`,
  );
  const me = who.rows[0];
  if (!me || me.rolsuper || me.auth_member || me.storage_member) {
    throw new CheckFailed(
      `\`postgres\` must be neither superuser nor a member of the owners ${when}: ${JSON.stringify(me)}`,
    );
  }
}

const admin = await connect('supabase_admin');
const clients: pg.Client[] = [admin];
try {
  await applyFile(admin, 'supabase/emulator/platform.sql', readFileSync(PLATFORM_FILE, 'utf8'));
  await applyFile(admin, 'scripts/hosted-roles.sql', readFileSync(HOSTED_FILE, 'utf8'));

  const owner = await connect('postgres');
  clients.push(owner);
  await assertNotOwner(owner, 'before the migrations');

  const files = migrationFiles();
  for (const { name, file } of files) {
    const [version = '', ...rest] = name.replace(/\.sql$/, '').split('_');
    await applyFile(
      owner,
      `Migration ${name} (as postgres, not superuser)`,
      readFileSync(file, 'utf8'),
      `insert into supabase_migrations.schema_migrations (version, name) values (${literal(version)}, ${literal(rest.join('_'))});`,
    );
  }
  // The stand-in for supautils lends the owners' roles for one command only.
  await assertNotOwner(owner, 'after the migrations');
  const seeded = existsSync(SEED_FILE);
  if (seeded)
    await applyFile(owner, 'supabase/seed.sql (as postgres)', readFileSync(SEED_FILE, 'utf8'));
  console.log(
    `  ok  ${files.length} migrations${seeded ? ' and the seed' : ''} applied as postgres (not superuser, owning neither auth nor storage)`,
  );

  // Row Level Security holds for the API roles, through the authenticator as PostgREST connects.
  const api = await connect('authenticator');
  clients.push(api);
  const sponsors = await asApiRole<{ n: number; hidden: number }>(
    api,
    'anon',
    {},
    'select count(*)::int as n, count(*) filter (where not published)::int as hidden from public.sponsors',
  );
  const allSponsors = await owner.query<{ n: number }>(
    'select count(*)::int as n from public.sponsors',
  );
  expect(
    (sponsors.rows[0]?.n ?? 0) > 0 &&
      sponsors.rows[0]?.hidden === 0 &&
      (sponsors.rows[0]?.n ?? 0) < (allSponsors.rows[0]?.n ?? 0),
    'anon reads the published sponsors only',
  );
  const messages = await asApiRole<{ n: number }>(
    api,
    'anon',
    {},
    'select count(*)::int as n from public.contact_messages',
  );
  expect(messages.rows[0]?.n === 0, 'anon reads no contact message');
  expect(
    (await refusedAs(
      api,
      'anon',
      "insert into public.sponsors (name, tier) values ('x', 'Tier 1')",
    )) !== null,
    'anon may not add a sponsor',
  );
  expect(
    (await refusedAs(
      api,
      'anon',
      "insert into storage.objects (bucket_id, name) values ('media', 'x.png')",
    )) !== null,
    'anon may not upload to the media bucket',
  );

  // Issue 20, item 12: GoTrue (as supabase_auth_admin) deletes an administrator who trashed rows.
  const gotrue = await connect('supabase_auth_admin');
  clients.push(gotrue);
  await gotrue.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', 'gone@example.test', '{"role": "admin"}', now(), now())`,
    [ADMIN_ID],
  );
  await gotrue.query(
    'insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, now(), now())',
    [ADMIN_SESSION, ADMIN_ID],
  );
  await api.query('begin');
  await api.query(
    "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
    [
      JSON.stringify({
        sub: ADMIN_ID,
        role: 'authenticated',
        session_id: ADMIN_SESSION,
        app_metadata: { role: 'admin' },
      }),
    ],
  );
  const trashed = await api.query('update public.sponsors set deleted_at = now() where id = $1', [
    SPONSOR_ID,
  ]);
  await api.query('commit');
  const stamped = await owner.query<{ deleted_by: string | null }>(
    'select deleted_by from public.sponsors where id = $1',
    [SPONSOR_ID],
  );
  expect(
    trashed.rowCount === 1 && stamped.rows[0]?.deleted_by === ADMIN_ID,
    'an administrator moves a sponsor to the trash (stamped with their id)',
  );
  try {
    await gotrue.query('delete from auth.users where id = $1', [ADMIN_ID]);
  } catch (err) {
    throw new CheckFailed(
      `check failed: supabase_auth_admin deletes that administrator: ${describe(err, '', 0)}`,
    );
  }
  const after = await owner.query<{ deleted_at: string | null; deleted_by: string | null }>(
    'select deleted_at, deleted_by from public.sponsors where id = $1',
    [SPONSOR_ID],
  );
  expect(
    after.rows[0]?.deleted_at != null && after.rows[0]?.deleted_by === null,
    'supabase_auth_admin deletes that administrator; the row stays in the trash, unattributed',
    after.rows[0],
  );

  // Supabase Cron as hosted has it: `postgres` reads its jobs and schedules through
  // cron.schedule, never writing cron.job itself; each job's command runs as `postgres`, as
  // pg_cron runs it (in the job's database, as its user), with the Vault secrets the organiser
  // stores and pg_net's request queue.
  const cron = await admin.query<{ version: string | null }>(
    "select (select extversion from pg_extension where extname = 'pg_cron') as version",
  );
  const cronVersion = cron.rows[0]?.version ?? null;
  const jobs = await owner.query<{ jobname: string; username: string; command: string }>(
    'select jobname, username, command from cron.job order by jobname',
  );
  expect(
    jobs.rows.map((job) => `${job.jobname} (${job.username})`).join(', ') ===
      'mailings (postgres), participant-emails (postgres), personal-data (postgres), ' +
        'site-rebuild (postgres), waiting-list (postgres)',
    `the five jobs are scheduled, as postgres, with ${cronVersion ? `pg_cron ${cronVersion}` : 'the pg_cron stand-in'}`,
    jobs.rows.map((job) => job.jobname),
  );
  const writes = await owner.query<{ writable: boolean }>(
    `select has_table_privilege('cron.job', 'insert')
       or has_table_privilege('cron.job', 'update')
       or has_table_privilege('cron.job', 'delete') as writable`,
  );
  expect(writes.rows[0]?.writable === false, 'postgres reads cron.job and may not write it');
  await owner.query(
    `select vault.create_secret('http://127.0.0.1:9', 'project_url'),
            vault.create_secret('hosted-check-service-key', 'service_role_key')`,
  );
  for (const job of jobs.rows) {
    await owner.query('begin');
    try {
      await owner.query(job.command);
    } catch (err) {
      throw new CheckFailed(
        `check failed: the job ${job.jobname} runs as postgres: ${describe(err, '', 0)}`,
      );
    } finally {
      await owner.query('rollback').catch(() => undefined);
    }
  }
  expect(true, `each job's command runs as postgres (${jobs.rows.length} jobs)`);
  const queued = await owner.query<{ id: number }>(
    `select net.http_post(url := 'http://127.0.0.1:9/functions/v1/probe', body := '{}') as id`,
  );
  expect(Number(queued.rows[0]?.id) > 0, 'postgres queues a request with pg_net');

  console.log(`hosted roles: passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`hosted roles: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
}
