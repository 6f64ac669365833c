-- What a public form may put into the database, as one reusable rule set for every table a
-- visitor writes to (contact messages now; registrations, sponsorship enquiries and newsletter
-- subscribers when they come). A later migration applies it to a new table in one statement:
--
--   select private.accept_public_submissions(
--     'public.registrations', array['team_name', 'lead_driver_email', ...], 'lead_driver_email');
--
-- It gives the table:
--   - column grants: anonymous and signed-in callers may insert the form's columns and no other
--     (never id, created_at or a status);
--   - one row per request: a second row in the same transaction is refused (PostgREST runs each
--     request in one transaction), so a 10 MB array of rows is refused at its second row;
--   - a honeypot column, `website` by default: a row that fills it is answered like any other
--     and stored nowhere (the column itself is always null);
--   - a rate limit per email address and per client IP address over a time window, answering
--     HTTP 429 through PostgREST's custom status (SQLSTATE PT429).
-- Length checks stay with each table, as CHECK constraints beside its columns.
--
-- The service role, the database owner and migrations are trusted: only the API roles `anon`
-- and `authenticated` are limited. Valid on hosted Supabase (PostgreSQL 15+), PGlite and
-- PostgreSQL 15.

create schema if not exists private;
-- Nothing here is reachable through the API: PostgREST exposes `public` only, and the API roles
-- get no usage on this schema. Triggers run their function whatever the caller's privileges.
revoke all on schema private from public, anon, authenticated;

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

-- One row per accepted submission and key ('email:<address>' or 'ip:<address>'), kept for the
-- rule's time window and then deleted by the next submission to the same table.
create table private.submission_attempts (
  target text not null,
  key text not null,
  at timestamptz not null default now()
);
create index submission_attempts_key_idx on private.submission_attempts (target, key, at);
create index submission_attempts_at_idx on private.submission_attempts (target, at);

-- The caller's IP address as hosted Supabase passes it to PostgREST (request.headers, lower-case
-- names). Cloudflare, in front of every hosted project, overwrites cf-connecting-ip with the
-- address it saw; x-forwarded-for's first entry is what a client behind no proxy of ours says,
-- and can be forged, which is why the per-email limit stands beside this one. Null when the
-- request carries neither (a direct database session, or an emulator without request.headers).
create or replace function private.client_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(left(btrim(coalesce(
    headers ->> 'cf-connecting-ip',
    split_part(headers ->> 'x-forwarded-for', ',', 1)
  )), 64), '')
  from (select nullif(current_setting('request.headers', true), '')::jsonb as headers) as request
$$;

-- The BEFORE INSERT trigger every protected table gets (see the header of this file).
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

  email := lower(btrim(submitted ->> rules.email_column));
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

-- Gives a table the rules above; run again to change its form's columns or its limits.
create or replace function private.accept_public_submissions(
  target regclass,
  form_columns text[],
  email_column text,
  per_email integer default 3,
  per_ip integer default 10,
  time_window interval default interval '1 hour',
  honeypot_column text default 'website'
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  table_name constant text := (select relname from pg_catalog.pg_class where oid = target);
  grantable text;
begin
  execute format(
    'alter table %s add column if not exists %I text constraint %I check (%I is null)',
    target, honeypot_column, table_name || '_' || honeypot_column || '_never_stored',
    honeypot_column
  );
  select string_agg(format('%I', name), ', ') into grantable
  from unnest(form_columns || honeypot_column) as name;
  -- A table-wide revoke also removes column grants: start from none, then grant the form's.
  execute format('revoke insert on table %s from anon, authenticated', target);
  execute format('grant insert (%s) on table %s to anon, authenticated', grantable, target);

  insert into private.submission_rules as rules
    (target, email_column, honeypot_column, per_email, per_ip, time_window)
  values (target::text, email_column, honeypot_column, per_email, per_ip, time_window)
  on conflict on constraint submission_rules_pkey do update set
    email_column = excluded.email_column,
    honeypot_column = excluded.honeypot_column,
    per_email = excluded.per_email,
    per_ip = excluded.per_ip,
    time_window = excluded.time_window;

  execute format('drop trigger if exists guard_public_submission on %s', target);
  execute format(
    'create trigger guard_public_submission before insert on %s '
    'for each row execute function private.guard_public_submission()',
    target
  );
end
$$;

revoke all on all functions in schema private from public, anon, authenticated;
revoke all on all tables in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Contact messages. The form states the message's limit to the visitor ("up to 2,000
-- characters"); src/config/forms.ts holds the same limits for the browser, and
-- tests/contract/hostile-product.test.ts proves the two agree. Raw lengths are checked, so a
-- message cannot hide megabytes of spaces behind a short trimmed text. NOT VALID: rows already
-- stored under the old limits stay; every new row is checked.
-- ---------------------------------------------------------------------------------------------

alter table public.contact_messages
  drop constraint contact_messages_name_check,
  drop constraint contact_messages_message_check,
  add constraint contact_messages_name_length
    check (btrim(name) <> '' and length(name) <= 200) not valid,
  add constraint contact_messages_message_length
    check (btrim(message) <> '' and length(message) <= 2000) not valid;

select private.accept_public_submissions(
  'public.contact_messages',
  array['name', 'email', 'phone', 'subject', 'message'],
  'email'
);
