-- The public forms' limits, as issue 20's second attack sweep found them wanting:
--
--   - the per-network limit read an address the client writes (the first X-Forwarded-For
--     entry; CF-Connecting-IP, which the emulator passed through): it now reads the entry the
--     platform appended, the last one;
--   - the per-email limit counted a+1@, a+2@ … and a.b@gmail.com, ab@gmail.com as different
--     addresses: it now counts one address per inbox (private.email_identity);
--   - subscribe_newsletter re-subscribed an address the organiser had marked unsubscribed: it
--     stays unsubscribed until the person confirms again (double opt-in, a later issue), and the
--     visitor is answered as for any subscription;
--   - the acknowledgement emails (registration confirmation, enquiry acknowledgement) could be
--     sent to any address as often as the form's limit allowed: each address now gets at most
--     one a day, both kinds together, and the database decides (claim_email).
--
-- The functions below are replaced with their full definitions; this file's definitions are the
-- ones in force. Valid on hosted Supabase (PostgreSQL 15+), PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The client's address
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- One address per inbox
-- ---------------------------------------------------------------------------------------------

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

-- The BEFORE INSERT trigger every protected table gets (see
-- 20260204000000_public_submissions.sql); unchanged but for the email key, which is now the
-- address's inbox.
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

-- ---------------------------------------------------------------------------------------------
-- The newsletter: unsubscribed stays unsubscribed
-- ---------------------------------------------------------------------------------------------

-- Idempotent per address: subscribing again keeps one row (and a waitlist sign-up marks it). An
-- address the organiser marked unsubscribed is left as it is, and the visitor gets the same
-- answer as any subscription, so the form reveals nothing about who is on the list.
create or replace function public.subscribe_newsletter(
  email text,
  source text default 'footer',
  website text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_email(lower(btrim(email))), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if coalesce(source, '') not in ('footer', 'waitlist') then
    perform private.refuse('source', 'Unknown sign-up source.');
  end if;
  insert into public.newsletter_subscribers as subscriber (email, source, website)
  values (lower(btrim(email)), source, website)
  on conflict on constraint newsletter_subscribers_email_key do update set
    source = case when excluded.source = 'waitlist' then 'waitlist' else subscriber.source end
  where subscriber.status = 'subscribed';
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Acknowledgement emails: one a day per inbox
-- ---------------------------------------------------------------------------------------------

-- The last acknowledgement (registration confirmation or enquiry acknowledgement) sent to each
-- inbox (private.email_identity). Anyone can type anyone's address into a form, so the rally's
-- address writes to a stranger at most once a day.
create table private.acknowledgements_sent (
  address text primary key,
  sent_at timestamptz not null
);
alter table private.acknowledgements_sent enable row level security;
revoke all on private.acknowledgements_sent from public, anon, authenticated;

-- Takes the sending of one email (confirmation or receipt) for a row, once, and answers the row
-- as JSON, or null when there is nothing to send: sent already, or (a confirmation) another
-- acknowledgement went to the same inbox in the last 24 hours, in which case the row's
-- confirmation_sent_at stays empty. `release` gives a claim back after a failed send, so a later
-- call tries again (and the inbox's day is freed with it).
create or replace function public.claim_email(kind text, row_id uuid, email text, release boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant text := private.delivery_table(kind);
  sent_column constant text := case email
    when 'confirmation' then 'confirmation_sent_at'
    when 'receipt' then 'receipt_sent_at'
  end;
  address_column constant text := case kind
    when 'registration' then 'lead_driver_email'
    when 'sponsorship' then 'email'
  end;
  claimed jsonb;
  inbox text;
  claimed_at timestamptz;
begin
  if target is null or sent_column is null or (kind <> 'registration' and email = 'receipt') then
    return null;
  end if;
  if email = 'receipt' then
    if release then
      execute format('update %s set receipt_sent_at = null where id = $1', target) using row_id;
      return null;
    end if;
    execute format(
      'update %s set receipt_sent_at = now() where id = $1 and receipt_sent_at is null '
      'returning to_jsonb(%1$s.*)', target
    ) into claimed using row_id;
    return claimed;
  end if;

  execute format('select %I, confirmation_sent_at from %s where id = $1', address_column, target)
    into inbox, claimed_at using row_id;
  if inbox is null then
    return null;
  end if;
  inbox := private.email_identity(inbox);
  -- Two deliveries for the same inbox wait for each other, so both cannot see a free day.
  perform pg_advisory_xact_lock(hashtextextended('acknowledgement ' || inbox, 0));
  if release then
    execute format('update %s set confirmation_sent_at = null where id = $1', target) using row_id;
    delete from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at = claimed_at;
    return null;
  end if;
  if exists (
    select 1 from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at > now() - interval '1 day'
  ) then
    return null;
  end if;
  execute format(
    'update %s set confirmation_sent_at = now() where id = $1 and confirmation_sent_at is null '
    'returning to_jsonb(%1$s.*)', target
  ) into claimed using row_id;
  if claimed is not null then
    insert into private.acknowledgements_sent as sent (address, sent_at) values (inbox, now())
    on conflict (address) do update set sent_at = excluded.sent_at;
  end if;
  return claimed;
end
$$;

revoke all on function private.client_ip(), private.email_identity(text)
  from public, anon, authenticated;
revoke execute on function public.claim_email(text, uuid, text, boolean)
  from public, anon, authenticated;
grant execute on function public.claim_email(text, uuid, text, boolean) to service_role;
