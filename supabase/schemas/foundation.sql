-- Foundation: what every other file stands on. The `private` schema, the extensions, who is an
-- administrator, the shared trigger that keeps updated_at, the database's clock, the field rules
-- that tables and forms share, and the public forms' guard (one row per request, a honeypot, and
-- limits per email address and per network).
--
-- supabase/schemas/ states the whole database, one file per domain, each table, function, view,
-- policy, grant, job and bucket once, in its current form; supabase/config.toml's
-- [db.migrations] schema_paths applies the files in dependency order, this one first, and
-- `npm run db:baseline` writes supabase/migrations' baseline from them. Valid on hosted Supabase
-- (PostgreSQL 15+, `postgres` neither a superuser nor the owner of `auth` and `storage`), PGlite
-- and PostgreSQL 15: the auth and storage schemas are Supabase's, used here and never created.

-- ---------------------------------------------------------------------------------------------
-- Schemas and extensions
-- ---------------------------------------------------------------------------------------------

-- What no API call may reach: PostgREST exposes `public` only, and the API roles get no usage on
-- this schema. Triggers run their function whatever the caller's privileges.
create schema private;
revoke all on schema private from public, anon, authenticated;

create extension if not exists pgcrypto with schema extensions;

-- Supabase Cron (pg_cron) and pg_net, where the server offers them and they are not there yet:
-- hosted Supabase does (they are in supautils' privileged extensions, so `postgres` may create
-- them, as the dashboard's Integrations > Cron does; already enabled, they are left as they are).
-- PGlite and a plain PostgreSQL offer neither, and a server that has pg_cron's files may not load
-- it in this database; there the emulator's platform setup (supabase/emulator/platform.sql) has
-- made stand-ins with the same names, which its scheduler (supabase/emulator/scheduler.ts) runs.
-- jobs.sql schedules the work.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and not exists (select 1 from pg_namespace where nspname = 'cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_net')
     and not exists (select 1 from pg_namespace where nspname = 'net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who is an administrator
-- ---------------------------------------------------------------------------------------------

-- Decided here, in SQL, for every policy, storage policy and Edge Function that asks. The JWT's
-- `app_metadata.role` (a field only the server writes) must say 'admin', and the database must
-- agree: auth.users, the row GoTrue issues tokens from and the only place the role is granted or
-- removed (admin.sql), still has the role, the account is neither deleted nor banned, and the
-- token's session still exists. So removing an administrator (which deletes their sessions),
-- signing out, or a deleted or banned account ends the rights at the next request, whatever the
-- token says until it expires.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
    and exists (
      select 1
      from auth.users as u
      join auth.sessions as s on s.user_id = u.id
      where u.id = auth.uid()
        and u.deleted_at is null
        and u.raw_app_meta_data ->> 'role' = 'admin'
        and (u.banned_until is null or u.banned_until <= now())
        and s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid
        and (s.not_after is null or s.not_after > now())
    )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- The trigger every table with an updated_at column gets.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The database's clock
-- ---------------------------------------------------------------------------------------------

-- Which day it is: the date in Europe/London, unless the transaction's setting `app.clock` holds
-- a date. Only the local emulator sets that setting (supabase/emulator/db.ts, per request
-- transaction, from its `clock` option), so tests can pin the server's day as they pin the
-- browser's. On hosted Supabase nothing can: PostgREST's per-request settings are its own
-- `request.*` names and `role`, its RPC exposes only the API schemas (not
-- pg_catalog.set_config), and each request is its own transaction. Registration windows,
-- balance due dates, secret links' expiry and retention all ask this one function.
create or replace function private.today()
returns date
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('app.clock', true), '')::date,
    (now() at time zone 'Europe/London')::date
  )
$$;

-- The instant, as private.today() is the day: now(), unless the transaction's `app.now` holds an
-- instant (only the emulator sets it, so tests of scheduled work can pin the minute). Place
-- holds, waiting-list offers and the rebuild's minute compare with it; now() stays real for what
-- a test never needs to move (rate limits, timestamps of rows).
create or replace function private.now()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('app.now', true), '')::timestamptz, pg_catalog.now())
$$;

-- The rally's today, for what signed-in callers may run but cannot reach in the private schema
-- (public.registrations_with_money's money state).
create or replace function public.rally_today()
returns date
language sql
stable
security definer
set search_path = ''
as $$ select private.today() $$;

revoke all on function private.today(), private.now() from public, anon, authenticated;
revoke all on function public.rally_today() from public, anon;
grant execute on function public.rally_today() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Field rules: the same as src/lib/validation.ts and src/lib/field-rules.ts (the browser's),
-- pinned to them by tests/lint/field-rules.test.ts. Tables' CHECK constraints call them on every
-- write, an administrator's too, so they stay executable by everyone.
-- ---------------------------------------------------------------------------------------------

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and length(value) <= 320
$$;

-- A plausible international number: 7 to 15 digits (the most E.164 allows), an optional leading
-- +, and spaces, dashes, dots and brackets between them.
create or replace function private.is_phone(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^\+?[0-9 ().-]+$'
    and length(value) <= 30
    and length(regexp_replace(value, '[^0-9]', '', 'g')) between 7 and 15
$$;

-- The inbox an address reaches, for counting: lower-case, without a +tag, and for Gmail (which
-- ignores dots and answers for googlemail.com too) without dots, at gmail.com. Only limits use
-- it; rows keep the address as typed.
create or replace function private.email_identity(address text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  whole constant text := lower(btrim(address));
  mailbox text := substring(whole from '^(.*)@[^@]*$');
  domain text := substring(whole from '@([^@]*)$');
begin
  if mailbox is null then
    return whole;
  end if;
  -- '+tag@…' alone is kept as it is: there is no address before the tag.
  mailbox := coalesce(nullif(split_part(mailbox, '+', 1), ''), mailbox);
  if domain in ('gmail.com', 'googlemail.com') then
    mailbox := coalesce(nullif(replace(mailbox, '.', ''), ''), mailbox);
    domain := 'gmail.com';
  end if;
  return mailbox || '@' || domain;
end
$$;

-- A refusal the form shows beside a field: HTTP 400 (PostgREST's custom status) with the form's
-- field in `details`.
create or replace function private.refuse(field text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PT400' using message = message, detail = field;
end
$$;

revoke all on function private.email_identity(text), private.refuse(text, text)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The public forms' guard
-- ---------------------------------------------------------------------------------------------
-- Every table a visitor's form writes to (contact messages, sponsorship enquiries, registrations,
-- newsletter subscribers, waiting-list entries, team-link requests) has:
--   - a row in private.submission_rules: which column holds the email address, the honeypot
--     column, and the limits per email address and per network over a time window;
--   - the BEFORE INSERT trigger guard_public_submission, which for the API roles `anon` and
--     `authenticated` (the service role, the database owner and this schema are trusted):
--       - refuses a second row in the same transaction (PostgREST runs each request in one), so
--         a 10 MB array of rows is refused at its second row;
--       - answers a row that fills the honeypot like any other and stores it nowhere (the column
--         itself has a CHECK that it is null);
--       - counts the submission per inbox (private.email_identity) and per network
--         (private.client_ip) and refuses with HTTP 429 (SQLSTATE PT429) past the limits;
--   - the honeypot column `website`, and insert grants for the form's columns only when visitors
--     insert directly (contact messages); the other forms write through definer functions.
-- Length checks stay with each table, as CHECK constraints beside its columns.

-- The caller's IP address as the platform passes it to PostgREST (request.headers, lower-case
-- names): the last X-Forwarded-For entry. Every proxy appends the address it saw, so whatever a
-- client writes into the header stays in front and the last entry is the platform's. On hosted
-- Supabase that is Cloudflare's, the address of the connection it received (it appends the same
-- address it puts into CF-Connecting-IP); with `supabase start` it is Kong's, and locally the
-- emulator's. CF-Connecting-IP is not read: it cannot be forged through Cloudflare, but without
-- Cloudflare in front (the CLI's stack, self-hosting) a client writes it. Null when the request
-- carries no header (a direct database session).
create or replace function private.client_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(left(btrim(regexp_replace(headers ->> 'x-forwarded-for', '^.*,', '')), 64), '')
  from (select nullif(current_setting('request.headers', true), '')::jsonb as headers) as request
$$;

-- The rules each protected table was given (keyed by its schema-qualified name, as text: a
-- regclass column would block pg_upgrade).
create table private.submission_rules (
  target text primary key,
  email_column text not null,
  honeypot_column text not null,
  per_email integer not null check (per_email > 0),
  per_ip integer not null check (per_ip > 0),
  time_window interval not null check (time_window > interval '0')
);

-- One row per accepted submission and key ('email:<inbox>' or 'ip:<address>'), kept for the
-- rule's time window and then deleted by the next submission to the same table.
create table private.submission_attempts (
  target text not null,
  key text not null,
  at timestamptz not null default now()
);
create index submission_attempts_key_idx on private.submission_attempts (target, key, at);
create index submission_attempts_at_idx on private.submission_attempts (target, at);

-- The private schema's tables are touched only by definer functions owned by the table owner
-- (who bypasses RLS): row-level security with no policy makes "nobody else" the rule if a grant
-- is ever added. Every private table below does the same.
alter table private.submission_rules enable row level security;
alter table private.submission_attempts enable row level security;
revoke all on private.submission_rules, private.submission_attempts
  from public, anon, authenticated;

-- The BEFORE INSERT trigger of every protected table (see above).
create or replace function private.guard_public_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  this_table constant text := format('%I.%I', tg_table_schema, tg_table_name);
  -- Counts this request's rows (a transaction-local setting, gone at commit or rollback).
  rows_setting constant text := 'rally_submissions.' || tg_table_name;
  rules private.submission_rules;
  submitted jsonb := to_jsonb(new);
  rows_so_far integer;
  email text;
  ip text;
  oldest timestamptz;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  select * into rules from private.submission_rules where target = this_table;
  if not found then
    raise exception 'No submission rules for %', this_table;
  end if;

  rows_so_far := coalesce(nullif(current_setting(rows_setting, true), '')::integer, 0) + 1;
  perform set_config(rows_setting, rows_so_far::text, true);
  if rows_so_far > 1 then
    raise sqlstate 'PT400' using
      message = 'Only one submission per request is accepted',
      hint = 'Send each submission as a single JSON object.';
  end if;

  -- Only a robot fills a field nobody can see: the same answer as a stored row, nothing kept.
  if coalesce(submitted ->> rules.honeypot_column, '') <> '' then
    return null;
  end if;
  new := jsonb_populate_record(new, jsonb_build_object(rules.honeypot_column, null));

  email := private.email_identity(submitted ->> rules.email_column);
  ip := private.client_ip();
  -- Concurrent submissions for the same address wait for each other, so 200 parallel requests
  -- cannot all count the same few attempts (emails first, then IPs: no lock cycle).
  perform pg_advisory_xact_lock(hashtextextended(this_table || ' email ' || coalesce(email, ''), 0));
  if ip is not null then
    perform pg_advisory_xact_lock(hashtextextended(this_table || ' ip ' || ip, 0));
  end if;
  delete from private.submission_attempts
  where target = this_table and at <= now() - rules.time_window;

  select min(at) into oldest from (
    select at from private.submission_attempts
    where target = this_table and key = 'email:' || email
    order by at desc
    limit rules.per_email
  ) as recent
  having count(*) >= rules.per_email;
  if oldest is null and ip is not null then
    select min(at) into oldest from (
      select at from private.submission_attempts
      where target = this_table and key = 'ip:' || ip
      order by at desc
      limit rules.per_ip
    ) as recent
    having count(*) >= rules.per_ip;
  end if;
  if oldest is not null then
    raise sqlstate 'PT429' using
      message = 'Too many submissions from this email address or network',
      hint = format(
        'Try again in %s minutes.',
        greatest(1, ceil(extract(epoch from oldest + rules.time_window - now()) / 60))
      );
  end if;

  insert into private.submission_attempts (target, key)
  select this_table, key
  from unnest(array['email:' || email, 'ip:' || ip]) as key
  where key is not null;
  return new;
end
$$;

-- Counts one call of a secret-taking function per network (the unsubscribe page's): 30 an hour,
-- then HTTP 429.
create or replace function private.count_network_call(target text, network text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  oldest timestamptz;
begin
  if network is null or network = '' then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(target || ' ip ' || network, 0));
  delete from private.submission_attempts as a
  where a.target = count_network_call.target and a.at <= now() - interval '1 hour';
  select min(at) into oldest from (
    select a.at from private.submission_attempts as a
    where a.target = count_network_call.target and a.key = 'ip:' || network
    order by a.at desc limit 30
  ) as recent
  having count(*) >= 30;
  if oldest is not null then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this network',
      hint = format('Try again in %s minutes.',
        greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now()) / 60)));
  end if;
  insert into private.submission_attempts (target, key)
  values (count_network_call.target, 'ip:' || network);
end
$$;

-- The caller's network: the function's word when the service role calls (an Edge Function passes
-- its own caller's), else the request's.
create or replace function private.calling_network(network text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when coalesce(auth.role(), '') = 'service_role' then left(network, 64)
              else private.client_ip() end
$$;

revoke all on function private.client_ip(), private.guard_public_submission(),
  private.count_network_call(text, text), private.calling_network(text)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Secrets
-- ---------------------------------------------------------------------------------------------

-- A fresh secret for a link (a co-driver's page, a newsletter confirmation, an unsubscribe): 32
-- random bytes, base64url (43 characters); the team's link and the waiting list's offer spell the
-- same expression out. Only its SHA-256 is stored; 256 random bits are the guard against
-- guessing.
create or replace function private.new_secret()
returns text
language sql
volatile
security definer
set search_path = ''
as $$ select translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_') $$;

revoke all on function private.new_secret() from public, anon, authenticated;
