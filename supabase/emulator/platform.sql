-- What a hosted Supabase project provides before any migration runs: the API roles and their
-- grants, the `extensions`, `auth` and `storage` schemas and the helper functions policies use.
-- Column names and function bodies follow Supabase's own definitions (the subset this product
-- touches). Idempotent, so it can run on every start, on PGlite and on PostgreSQL 15+.

-- Roles are cluster-wide on a real server: create them only when missing.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- public: every API role may use everything, so Row Level Security is the boundary (as on
-- Supabase). Default privileges cover the tables, sequences and functions migrations create.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- auth
-- ---------------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- Emailed links and codes (recovery, invitation, confirmation, magic link): one live token per
-- user and kind, the same hash as auth.users.recovery_token / confirmation_token.
do $$
begin
  create type auth.one_time_token_type as enum (
    'confirmation_token',
    'reauthentication_token',
    'recovery_token',
    'email_change_token_new',
    'email_change_token_current',
    'phone_change_token'
  );
exception
  when duplicate_object then null;
end
$$;

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  check (char_length(token_hash) > 0)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

-- Supabase's definitions: the claim set PostgREST stores for the transaction.
create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- storage
-- ---------------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Migrations already applied, in the Supabase CLI's own table.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- ---------------------------------------------------------------------------------------------
-- Supabase Cron (pg_cron), pg_net and Vault: stand-ins of the parts the product uses
-- ---------------------------------------------------------------------------------------------
-- Hosted runs the real extensions (the schema enables pg_cron and pg_net, supabase/schemas/
-- foundation.sql; Vault is on every project). PGlite and a plain PostgreSQL have none of them, so
-- here the same names exist as plain tables and functions, with the real ones' columns,
-- signatures and grants: pg_cron 1.3+ (cron.job, cron.job_run_details, cron.schedule,
-- cron.unschedule; SELECT on both tables to PUBLIC under a policy showing each user its own
-- jobs, the functions executable by all and writing as the extension's owner), pg_net 0.12+
-- (net.http_request_queue, net._http_response, net.http_post; USAGE on `net` and everything on
-- its tables to PUBLIC, the function PUBLIC's and run with the caller's rights) and
-- supabase_vault 0.3 (vault.secrets, vault.decrypted_secrets, vault.create_secret and
-- vault.update_secret, which write as the owner and are nobody's until granted). The emulator's Node side is their background workers
-- (supabase/emulator/scheduler.ts): it runs due jobs by the emulator's clock and sends queued
-- requests. Where the real extension is installed or can be made in this database (pg_cron: in
-- shared_preload_libraries, with this database as cron.database_name), nothing is made here, so
-- the schema's `create extension` finds no schema in its way; where the server has pg_cron's
-- files but cannot load it here (a cluster that does not preload it, or another database), the
-- stand-in is made and the schema leaves it be. Differences, each refused loudly rather than
-- ignored: a schedule in seconds, and net.http_post's `params` (put them in the url). A job
-- records the session's user (pg_cron records the current one: they differ only under SET ROLE).
-- Vault keeps secrets unencrypted here.
do $platform$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_cron')
     and not (exists (select 1 from pg_available_extensions where name = 'pg_cron')
              and coalesce(current_database() = any (
                string_to_array(current_setting('cron.database_name', true), ',')), false)) then
    create schema if not exists cron;
    create sequence if not exists cron.jobid_seq;
    create table if not exists cron.job (
      jobid bigint primary key default nextval('cron.jobid_seq'),
      schedule text not null,
      command text not null,
      nodename text not null default 'localhost',
      nodeport integer not null default 5432,
      database text not null default current_database(),
      username text not null default current_user,
      active boolean not null default true,
      jobname name,
      unique (jobname, username)
    );
    grant select on cron.job to public;
    alter table cron.job enable row level security;
    drop policy if exists cron_job_policy on cron.job;
    create policy cron_job_policy on cron.job using (username = current_user);
    create sequence if not exists cron.runid_seq;
    create table if not exists cron.job_run_details (
      jobid bigint,
      runid bigint primary key default nextval('cron.runid_seq'),
      job_pid integer,
      database text,
      username text,
      command text,
      status text,
      return_message text,
      start_time timestamptz,
      end_time timestamptz
    );
    grant select on cron.job_run_details to public;
    alter table cron.job_run_details enable row level security;
    drop policy if exists cron_job_run_details_policy on cron.job_run_details;
    create policy cron_job_run_details_policy on cron.job_run_details
      using (username = current_user);

    -- pg_cron's parser takes five fields of numbers, *, ranges, lists and steps, or 'N seconds'.
    -- pg_cron writes cron.job as the extension's owner, for the calling user.
    create or replace function cron.schedule(job_name name, schedule text, command text)
    returns bigint
    language plpgsql
    security definer
    as $fn$
    declare
      field text := '(\*|[0-9]+(-[0-9]+)?)(/[0-9]+)?';
      id bigint;
    begin
      if schedule ~ '^\s*[0-9]+\s+seconds?\s*$' then
        raise exception 'the local pg_cron stand-in runs minute schedules only, not "%"', schedule;
      end if;
      if schedule !~ ('^\s*' || field || '(,' || field || ')*(\s+' || field || '(,' || field || ')*){4}\s*$') then
        raise exception 'invalid schedule: %', schedule;
      end if;
      insert into cron.job (jobname, schedule, command, username)
      values (job_name, schedule, command, session_user)
      on conflict (jobname, username)
      do update set schedule = excluded.schedule, command = excluded.command
      returning jobid into id;
      return id;
    end
    $fn$;

    create or replace function cron.schedule(schedule text, command text)
    returns bigint
    language sql
    as $fn$ select cron.schedule(null::name, schedule, command) $fn$;

    create or replace function cron.unschedule(job_name name)
    returns boolean
    language plpgsql
    security definer
    as $fn$
    begin
      delete from cron.job where jobname = job_name and username = session_user;
      if not found then
        raise exception 'could not find valid entry for job ''%''', job_name;
      end if;
      return true;
    end
    $fn$;

    create or replace function cron.unschedule(job_id bigint)
    returns boolean
    language plpgsql
    security definer
    as $fn$
    begin
      delete from cron.job where jobid = job_id;
      if not found then
        raise exception 'could not find valid entry for job %', job_id;
      end if;
      return true;
    end
    $fn$;
  end if;

  if not exists (select 1 from pg_extension where extname = 'pg_net')
     and not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create schema if not exists net;
    create table if not exists net.http_request_queue (
      id bigserial,
      method text not null,
      url text not null,
      headers jsonb not null,
      body bytea,
      timeout_milliseconds integer not null
    );
    create table if not exists net._http_response (
      id bigint,
      status_code integer,
      content_type text,
      headers jsonb,
      content text,
      timed_out boolean,
      error_msg text,
      created timestamptz not null default now()
    );

    -- Queued now, sent after the transaction commits (a rolled-back request is never sent).
    create or replace function net.http_post(
      url text,
      body jsonb default '{}'::jsonb,
      params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
      timeout_milliseconds integer default 5000
    )
    returns bigint
    language plpgsql
    as $fn$
    declare
      request_id bigint;
    begin
      if coalesce(params, '{}'::jsonb) <> '{}'::jsonb then
        raise exception 'the local pg_net stand-in takes no params: put them in the url';
      end if;
      if body is null then
        raise exception 'body must not be null';
      end if;
      if not exists (select 1 from jsonb_object_keys(coalesce(headers, '{}'::jsonb)) as k
                     where lower(k) = 'content-type') then
        headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
      end if;
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
      returning id into request_id;
      return request_id;
    end
    $fn$;
    grant usage on schema net to public;
    grant all on all sequences in schema net to public;
    grant all on all tables in schema net to public;
  end if;

  if not exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    create schema if not exists vault;
    create table if not exists vault.secrets (
      id uuid primary key default gen_random_uuid(),
      name text unique,
      description text not null default '',
      secret text not null,
      key_id uuid,
      nonce bytea,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create or replace view vault.decrypted_secrets as
      select id, name, description, secret, secret as decrypted_secret, key_id, nonce,
        created_at, updated_at
      from vault.secrets;

    create or replace function vault.create_secret(
      new_secret text,
      new_name text default null,
      new_description text default '',
      new_key_id uuid default null
    )
    returns uuid
    language sql
    security definer
    set search_path = ''
    as $fn$
      insert into vault.secrets (secret, name, description, key_id)
      values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
      returning id
    $fn$;

    create or replace function vault.update_secret(
      secret_id uuid,
      new_secret text default null,
      new_name text default null,
      new_description text default null,
      new_key_id uuid default null
    )
    returns void
    language sql
    security definer
    set search_path = ''
    as $fn$
      update vault.secrets set
        secret = coalesce(new_secret, secret),
        name = coalesce(new_name, name),
        description = coalesce(new_description, description),
        key_id = coalesce(new_key_id, key_id),
        updated_at = now()
      where id = secret_id
    $fn$;
    revoke all on function vault.create_secret(text, text, text, uuid),
      vault.update_secret(uuid, text, text, text, uuid) from public;
  end if;
end
$platform$;
