-- Issue 24, the waiting list's database: entries per edition in their order, offers of a freed
-- place by a secret link that expires, and the hand-out that makes them, under the places lock.
--
-- - public.consent_wordings: each wording a visitor agreed to, by version. The waiting list's
--   form sends the version it showed (src/config/consent.ts holds the same row; a lint test
--   compares the two); issue 26 adds the newsletter's.
-- - public.waiting_list_entries: name, email, phone, the consent given (version and moment),
--   status ('waiting', 'offered', 'accepted', 'expired', 'declined', 'withdrawn'), the offer's
--   moments and the registration made through it. Queue order is created_at, then id. One live
--   entry ('waiting' or 'offered') per edition and address. Administrators read it; nobody
--   writes it except through the functions below.
--   The old waiting list (newsletter_subscribers rows with source 'waitlist', an address only)
--   is carried over as entries with `joined_by` 'newsletter-box', in their order, with no name,
--   phone or consent version: those were never asked for, and a check allows the gaps only on
--   such rows. An unsubscribed one is carried over as 'withdrawn'. The subscriber rows stay.
-- - The places: private.edition_places counts a standing offer (status 'offered',
--   offer_expires_at later than private.now()) as a place taken. A registration made through
--   the offer holds its place while the offer stands (and not by the 5-minute hold), so the two
--   count once; its deposit paid makes the entry 'accepted' (a trigger) and the registration
--   counts as any paid one. Paid after the offer lapsed and the place went on: record_deposit_payment's
--   existing 'no-place' exception. The holds now compare with private.now() (now() unless the
--   emulator pins the instant), so a test can let a hold or an offer lapse.
-- - private.hand_out_places(edition), under the places lock: lapsed offers become 'expired', then
--   while a place is free and someone waits, the first waiting entry is offered the place for the
--   edition's waiting_list_offer_hours (48 by default) and its 'waiting_list_offer' email queued.
--   Only for the current edition while its registration is open (an offer is used through the
--   sign-up, whose window applies). cancel_registration, decline_waiting_list_offer,
--   withdraw_waiting_list_entry and the 'waiting-list' cron job (every 5 minutes, for holds and
--   offers that lapse with time) call it.
-- - The offer's secret: minted when its email is claimed (claim_registration_email), 32 random
--   bytes as 43 base64url characters, only the SHA-256 kept (private.waiting_list_offer_links),
--   a new one replacing the last. waiting_list_offer(secret) and decline_waiting_list_offer(secret)
--   take it, and submit_registration(…, waiting_list_offer) registers with it although the
--   edition is full (still within the registration window). A wrong, altered, expired or used
--   secret (one a registration was made with) answers null: nothing personal. As with the team's
--   page, 256 random bits are the guard against guessing; no per-caller counter.
-- - join_waiting_list(name, email, phone, consent_version, website): the public form, with the
--   sign-up's field rules and refusal shape and the public forms' limits (3 per address, 10 per
--   network an hour; the honeypot stores nothing); only when the current edition has no place
--   left (else PT409 'places-left'); the same address again answers its place in the queue.
-- - Administrators: waiting_list(edition), offer_next_place(edition),
--   withdraw_waiting_list_entry(entry), each write in the audit log.
--
-- This file's definitions of registrations_holding_places, edition_places, submit_registration,
-- cancel_registration and claim_registration_email are the ones in force. Valid on hosted
-- Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The edition's offer time.
-- ---------------------------------------------------------------------------------------------
alter table public.editions
  add column waiting_list_offer_hours integer not null default 48
    constraint editions_waiting_list_offer_hours_check
      check (waiting_list_offer_hours between 1 and 336);
grant insert (waiting_list_offer_hours), update (waiting_list_offer_hours)
  on public.editions to authenticated;

-- The edition's refusals (20261126000000's, with the offer time last).
create or replace function private.check_edition()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  refused text;
  message text;
begin
  new.name := btrim(new.name);
  new.start_place := btrim(coalesce(new.start_place, ''));
  new.finish_place := btrim(coalesce(new.finish_place, ''));
  select field, sentence into refused, message from (values
    (1, 'name', new.name is null or new.name = '' or length(new.name) > 200,
     'Please enter the edition''s name (up to 200 characters).'),
    (2, 'year', new.year is null or new.year not between 2000 and 2999,
     'Please enter a year between 2000 and 2999.'),
    (3, 'start_place', length(new.start_place) > 200,
     'Please shorten the start place to 200 characters or fewer.'),
    (4, 'finish_place', length(new.finish_place) > 200,
     'Please shorten the finish place to 200 characters or fewer.'),
    (5, 'price_per_car', new.price_per_car is null or new.price_per_car < 0,
     'Please enter an amount of £0 or more.'),
    (6, 'deposit', new.deposit is null or new.deposit < 0, 'Please enter an amount of £0 or more.'),
    (7, 'separate_rooms_supplement', new.separate_rooms_supplement < 0,
     'Please enter an amount of £0 or more.'),
    (8, 'capacity', new.capacity is null or new.capacity < 0,
     'Please enter a number of cars, 0 or more.'),
    (9, 'start_date', new.start_date is null, 'Start date is required.'),
    (10, 'end_date', new.end_date is null or new.end_date < new.start_date,
     'The end date must be on or after the start date.'),
    (11, 'registration_closes',
     new.registration_closes is null or new.registration_closes >= new.start_date,
     'Registration must close before the start date.'),
    (12, 'registration_opens',
     new.registration_opens is null or new.registration_opens > new.registration_closes,
     'Registration must open on or before the day it closes.'),
    (13, 'balance_due', new.balance_due >= new.start_date,
     'The balance must be due before the start date.'),
    (14, 'funds_raised', new.funds_raised < 0, 'Please enter an amount of £0 or more.'),
    (15, 'status', new.is_current and new.status is distinct from 'published',
     'The current edition is shown on the site: it cannot be a draft.'),
    (16, 'details_cutoff_days',
     new.details_cutoff_days is null or new.details_cutoff_days not between 0 and 365,
     'Please enter a number of days between 0 and 365.'),
    (17, 'cancellation_tiers', not coalesce(private.is_cancellation_tiers(new.cancellation_tiers), false),
     'Please give each cancellation tier its fewest days before the start and a percentage from 0 to 100, the most days first.'),
    (18, 'waiting_list_offer_hours',
     new.waiting_list_offer_hours is null or new.waiting_list_offer_hours not between 1 and 336,
     'Please enter a number of hours between 1 and 336 (14 days).')
  ) as rule(position, field, broken, sentence)
  where broken
  order by position
  limit 1;
  if refused is not null then
    raise exception using errcode = '23514', message = message, detail = refused;
  end if;
  if exists (select 1 from public.editions where year = new.year and id <> new.id) then
    raise exception using errcode = '23505',
      message = format('There is already an edition for %s.', new.year), detail = 'year';
  end if;
  return new;
end
$$;
revoke all on function private.check_edition() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Consent wordings.
-- ---------------------------------------------------------------------------------------------
-- An id as every table has (the API's generic calls select by it); the version is the key the
-- entries name.
create table public.consent_wordings (
  id uuid primary key default gen_random_uuid(),
  version text not null unique check (version ~ '^[a-z0-9-]{1,60}$'),
  purpose text not null check (purpose ~ '^[a-z_]{1,40}$'),
  wording text not null check (btrim(wording) <> '' and length(wording) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.consent_wordings enable row level security;
revoke all on public.consent_wordings from public, anon, authenticated;
grant select on public.consent_wordings to anon, authenticated;
grant all on public.consent_wordings to service_role;
create policy "everyone reads the consent wordings" on public.consent_wordings
  for select to anon, authenticated using (true);

insert into public.consent_wordings (version, purpose, wording) values
  ('waiting-list-2026-11', 'waiting_list',
   'Contact me by email or phone about a place on this rally if one becomes free.');

-- ---------------------------------------------------------------------------------------------
-- The entries.
-- ---------------------------------------------------------------------------------------------
create table public.waiting_list_entries (
  id uuid primary key default gen_random_uuid(),
  edition_id uuid not null default private.current_edition_id()
    references public.editions (id) on delete restrict,
  -- Null only on an entry carried over from the old box, which asked for an address alone.
  name text check (name is null or (btrim(name) <> '' and length(name) <= 200)),
  email text not null check (length(email) <= 320),
  phone text check (phone is null or private.is_phone(phone)),
  consent_version text references public.consent_wordings (version) on delete restrict,
  consented_at timestamptz,
  joined_by text not null default 'form' check (joined_by in ('form', 'newsletter-box')),
  status text not null default 'waiting'
    check (status in ('waiting', 'offered', 'accepted', 'expired', 'declined', 'withdrawn')),
  created_at timestamptz not null default now(),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  registration_id uuid references public.registrations (id) on delete set null,
  client_ip text check (length(client_ip) <= 64),
  updated_at timestamptz not null default now(),
  constraint waiting_list_entries_form_facts check (
    joined_by = 'newsletter-box'
    or (name is not null and phone is not null and consent_version is not null
        and consented_at is not null)),
  constraint waiting_list_entries_offer_facts check (
    status not in ('offered', 'expired') or (offered_at is not null and offer_expires_at is not null))
);
create unique index waiting_list_entries_live
  on public.waiting_list_entries (edition_id, lower(email))
  where status in ('waiting', 'offered');
create index waiting_list_entries_queue_idx
  on public.waiting_list_entries (edition_id, status, created_at, id);
create index waiting_list_entries_registration_idx
  on public.waiting_list_entries (registration_id) where registration_id is not null;

create trigger waiting_list_entries_updated_at before update on public.waiting_list_entries
  for each row execute function public.set_updated_at();

alter table public.waiting_list_entries enable row level security;
-- The public forms' guard (3 per address and 10 per network an hour, the honeypot `website`)
-- counts the inserts join_waiting_list makes; the form's columns it grants are taken back at
-- once: only the function writes.
select private.accept_public_submissions(
  'public.waiting_list_entries', array['name', 'email', 'phone', 'consent_version'], 'email');
revoke all on public.waiting_list_entries from public, anon, authenticated;
grant select on public.waiting_list_entries to authenticated;
grant all on public.waiting_list_entries to service_role;
create policy "administrators read the waiting list" on public.waiting_list_entries
  for select to authenticated using ((select public.is_admin()));

-- The old box's entries, in their order (the triggers off: nothing a visitor did).
alter table public.waiting_list_entries disable trigger user;
insert into public.waiting_list_entries (edition_id, email, joined_by, status, created_at,
  updated_at)
select s.edition_id, s.email, 'newsletter-box',
  case when s.status = 'subscribed' then 'waiting' else 'withdrawn' end, s.created_at, s.updated_at
from public.newsletter_subscribers as s
where s.source = 'waitlist' and s.edition_id is not null
order by s.created_at, s.id;
alter table public.waiting_list_entries enable trigger user;

-- The offers' secrets: only their SHA-256, one per entry (a new one replaces the last).
create table private.waiting_list_offer_links (
  token_hash bytea primary key,
  entry_id uuid not null unique references public.waiting_list_entries (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table private.waiting_list_offer_links enable row level security;
revoke all on private.waiting_list_offer_links from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The email log knows the entry its waiting-list emails are about.
-- ---------------------------------------------------------------------------------------------
alter table public.email_log
  add column waiting_list_entry_id uuid
    references public.waiting_list_entries (id) on delete set null,
  drop constraint email_log_kind_check,
  add constraint email_log_kind_check check (kind in ('confirmation', 'deposit_receipt',
    'balance_receipt', 'balance_reminder_14', 'balance_reminder_3', 'balance_overdue',
    'cancelled_team', 'cancelled_organiser', 'team_link', 'reminder_manual',
    'waiting_list_joined', 'waiting_list_offer'));
-- Each goes once per entry (an entry is offered a place once).
create unique index email_log_waiting_list_once on public.email_log (waiting_list_entry_id, kind)
  where waiting_list_entry_id is not null;

create or replace function private.queue_waiting_list_email(entry uuid, email_kind text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.email_log (waiting_list_entry_id, kind, recipient)
  select w.id, email_kind, w.email from public.waiting_list_entries as w where w.id = entry
  on conflict do nothing
  returning id
$$;

-- ---------------------------------------------------------------------------------------------
-- Places: a standing offer is a place taken.
-- ---------------------------------------------------------------------------------------------
create or replace function private.offer_stands(entry public.waiting_list_entries)
returns boolean
language sql
stable
set search_path = ''
as $$ select entry.status = 'offered' and entry.offer_expires_at > private.now() $$;

-- Registrations holding a place now: paid; unpaid within their 5-minute hold when they may hold
-- one; or unpaid and made through an offer that still stands.
create or replace view private.registrations_holding_places as
  select r.id, r.edition_id from public.registrations as r
  where r.status <> 'cancelled'
    and (r.deposit_status = 'paid'
         or (r.deposit_status = 'pending'
             and ((r.holds_place and r.created_at > private.now() - private.place_hold())
                  or exists (
                    select 1 from public.waiting_list_entries as w
                    where w.registration_id = r.id and w.status = 'offered'
                      and w.offer_expires_at > private.now()))));
revoke all on private.registrations_holding_places from public, anon, authenticated;

-- One edition's places: its capacity; taken = the registrations holding a place plus the
-- standing offers not yet held by their registration; what is left.
create or replace function private.edition_places(target_edition uuid)
returns table (capacity integer, taken integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$
  with counted as (
    select
      coalesce((select e.capacity from public.editions as e where e.id = target_edition), 0)
        as capacity,
      (select count(*)::integer from private.registrations_holding_places as h
       where h.edition_id = target_edition)
      + (select count(*)::integer from public.waiting_list_entries as w
         where w.edition_id = target_edition and w.status = 'offered'
           and w.offer_expires_at > private.now()
           and not exists (select 1 from private.registrations_holding_places as h
                           where h.id = w.registration_id)) as taken
  )
  select capacity, taken, greatest(capacity - taken, 0) from counted
$$;
revoke all on function private.edition_places(uuid) from public, anon, authenticated;

-- A deposit paid through an offer takes the place: the entry is 'accepted' (also when the offer
-- had lapsed and a place was still free for the payment).
create or replace function private.accept_waiting_list_offer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.waiting_list_entries set status = 'accepted'
  where registration_id = new.id and status in ('offered', 'expired');
  return null;
end
$$;
revoke all on function private.accept_waiting_list_offer() from public, anon, authenticated;
create trigger registrations_accept_waiting_list_offer
  after update of deposit_status on public.registrations
  for each row when (new.deposit_status = 'paid' and old.deposit_status is distinct from 'paid')
  execute function private.accept_waiting_list_offer();

-- An entry's place in its queue: 1 for the first waiting, null when not waiting.
create or replace function private.waiting_list_position(entry uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when w.status = 'waiting' then (
    select count(*)::integer from public.waiting_list_entries as o
    where o.edition_id = w.edition_id and o.status = 'waiting'
      and (o.created_at, o.id) <= (w.created_at, w.id)) end
  from public.waiting_list_entries as w
  where w.id = entry
$$;

-- ---------------------------------------------------------------------------------------------
-- The hand-out.
-- ---------------------------------------------------------------------------------------------

-- Offers the edition's next free place to its first waiting entry (the caller holds the places
-- lock and has checked that a place is free); answers the entry, or null when nobody waits.
create or replace function private.offer_to_next(edition uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen uuid;
begin
  select w.id into chosen from public.waiting_list_entries as w
  where w.edition_id = offer_to_next.edition and w.status = 'waiting'
  order by w.created_at, w.id
  limit 1
  for update;
  if chosen is null then
    return null;
  end if;
  update public.waiting_list_entries as w set
    status = 'offered',
    offered_at = private.now(),
    offer_expires_at = private.now()
      + make_interval(hours => (select e.waiting_list_offer_hours from public.editions as e
                                where e.id = w.edition_id))
  where w.id = chosen;
  perform private.queue_waiting_list_email(chosen, 'waiting_list_offer');
  return chosen;
end
$$;

-- Lapsed offers become 'expired', then each free place of the current edition, while its
-- registration is open, goes to the next waiting entry. Answers how many offers were made.
create or replace function private.hand_out_places(edition uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  offered integer := 0;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  update public.waiting_list_entries set status = 'expired'
  where edition_id = hand_out_places.edition and status = 'offered'
    and offer_expires_at <= private.now();
  if hand_out_places.edition is distinct from private.current_edition_id()
     or exists (select 1 from private.registration_window_refusal()) then
    return 0;
  end if;
  while (select remaining from private.edition_places(hand_out_places.edition)) > 0 loop
    exit when private.offer_to_next(hand_out_places.edition) is null;
    offered := offered + 1;
  end loop;
  return offered;
end
$$;

-- The scheduled hand-out (service role; the 'waiting-list' cron job): the current edition and
-- any edition with an offer out. Answers {offered, emails_waiting}: the job calls the
-- participant-emails function only when a waiting-list email waits.
create or replace function public.hand_out_waiting_list_places()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  offered integer := 0;
  edition uuid;
begin
  for edition in
    select private.current_edition_id() where private.current_edition_id() is not null
    union
    select distinct w.edition_id from public.waiting_list_entries as w where w.status = 'offered'
  loop
    offered := offered + private.hand_out_places(edition);
  end loop;
  return jsonb_build_object('offered', offered, 'emails_waiting', (
    select count(*)::integer from public.email_log as l
    where l.kind in ('waiting_list_joined', 'waiting_list_offer')
      and ((l.status in ('queued', 'failed') and l.attempts < 5)
           or (l.status = 'sending' and l.claimed_at < now() - interval '10 minutes'))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Joining.
-- ---------------------------------------------------------------------------------------------
create or replace function public.join_waiting_list(
  name text,
  email text,
  phone text,
  consent_version text,
  website text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address constant text := btrim(coalesce(join_waiting_list.email, ''));
  edition uuid;
  refusal record;
  entry uuid;
begin
  select * into refusal from private.registration_window_refusal();
  if found then
    raise sqlstate 'PT409' using message = refusal.message, detail = refusal.phase;
  end if;
  if btrim(coalesce(join_waiting_list.name, '')) = '' or length(join_waiting_list.name) > 200 then
    perform private.refuse('name', 'Please enter your full name (up to 200 characters).');
  end if;
  if not coalesce(private.is_email(address), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if not coalesce(private.is_phone(btrim(join_waiting_list.phone)), false) then
    perform private.refuse('phone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
  if not exists (select 1 from public.consent_wordings as c
                 where c.version = join_waiting_list.consent_version
                   and c.purpose = 'waiting_list') then
    perform private.refuse('consent',
      'Please agree to be contacted about a place, so that we can offer you one.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  edition := private.current_edition_id();
  if (select remaining from private.edition_places(edition)) > 0 then
    raise sqlstate 'PT409' using
      message = 'Places are still available: please register instead.',
      detail = 'places-left';
  end if;

  -- The guard counts this attempt (and keeps nothing of a robot's) before the one live entry
  -- per address makes a second one from the same address a no-op.
  insert into public.waiting_list_entries (edition_id, name, email, phone, consent_version,
    consented_at, website, client_ip)
  values (edition, btrim(join_waiting_list.name), address, btrim(join_waiting_list.phone),
    join_waiting_list.consent_version, now(), join_waiting_list.website, private.client_ip())
  on conflict (edition_id, lower(email)) where status in ('waiting', 'offered') do nothing
  returning id into entry;
  if entry is not null then
    perform private.queue_waiting_list_email(entry, 'waiting_list_joined');
  else
    select w.id into entry from public.waiting_list_entries as w
    where w.edition_id = edition and lower(w.email) = lower(address)
      and w.status in ('waiting', 'offered');
  end if;
  if entry is null then
    -- The honeypot's: a place at the end, like anyone's.
    return jsonb_build_object('position', (
      select count(*)::integer + 1 from public.waiting_list_entries as w
      where w.edition_id = edition and w.status = 'waiting'),
      'status', 'waiting');
  end if;
  return jsonb_build_object('position', private.waiting_list_position(entry),
    'status', (select w.status from public.waiting_list_entries as w where w.id = entry));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The offer's secret.
-- ---------------------------------------------------------------------------------------------

-- The entry a secret opens while its offer stands and no registration was made with it; null
-- for a wrong, altered, expired or used secret.
create or replace function private.standing_offer(secret text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select w.id
  from private.waiting_list_offer_links as l
  join public.waiting_list_entries as w on w.id = l.entry_id
  where l.token_hash = sha256(convert_to(coalesce(secret, ''), 'UTF8'))
    and secret ~ '^[A-Za-z0-9_-]{43}$'
    and w.status = 'offered' and w.offer_expires_at > private.now()
    and w.registration_id is null
$$;

create or replace function public.waiting_list_offer(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'edition_year', e.year, 'edition_name', e.name, 'name', w.name, 'email', w.email,
    'phone', w.phone, 'expires_at', w.offer_expires_at, 'status', w.status)
  from public.waiting_list_entries as w
  join public.editions as e on e.id = w.edition_id
  where w.id = private.standing_offer(secret)
$$;

create or replace function public.decline_waiting_list_offer(secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry uuid;
  edition uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  entry := private.standing_offer(secret);
  if entry is null then
    return false;
  end if;
  update public.waiting_list_entries set status = 'declined' where id = entry
  returning edition_id into edition;
  perform private.hand_out_places(edition);
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Registering through an offer.
-- ---------------------------------------------------------------------------------------------
drop function public.submit_registration(text, text, text, boolean, text, text, text, text,
  boolean, text, text, text, text);
create function public.submit_registration(
  lead_driver_name text,
  lead_driver_email text,
  lead_driver_phone text,
  accept_terms boolean,
  co_driver_name text default '',
  co_driver_email text default '',
  co_driver_phone text default '',
  team_name text default '',
  separate_rooms boolean default false,
  vehicle_make text default '',
  vehicle_colour text default '',
  registration_plate text default '',
  website text default null,
  waiting_list_offer text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  places record;
  new_id uuid;
  refusal record;
  edition uuid;
  network constant text := private.client_ip();
  rate_window interval;
  first_from_network boolean := true;
  offer uuid;
begin
  -- First: outside the window no correction of a field could make the registration possible.
  -- An offer too is used within the window.
  select * into refusal from private.registration_window_refusal();
  if found then
    raise sqlstate 'PT409' using message = refusal.message, detail = refusal.phase;
  end if;
  perform private.refuse_team_fields(
    lead_driver_name, lead_driver_email, lead_driver_phone, co_driver_name, co_driver_email,
    co_driver_phone, team_name, vehicle_make, vehicle_colour, registration_plate);
  if not coalesce(accept_terms, false) then
    perform private.refuse('acceptTerms', 'Please accept the terms and conditions to register.');
  end if;

  -- Registrations wait for each other here, so two visitors cannot both take the last place, and
  -- two from one network cannot both be its first. make_current_edition() takes this lock too:
  -- the edition read under it is the one whose window and places are checked and registered for.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  edition := private.current_edition_id();
  select * into refusal from private.registration_window_refusal();
  if found then
    raise sqlstate 'PT409' using message = refusal.message, detail = refusal.phase;
  end if;
  if coalesce(waiting_list_offer, '') <> '' then
    -- The offer holds the place: the edition may be full.
    select w.id into offer from public.waiting_list_entries as w
    where w.id = private.standing_offer(waiting_list_offer) and w.edition_id = edition
    for update;
    if offer is null then
      raise sqlstate 'PT409' using
        message = 'This offer of a place has expired or has already been used.',
        detail = 'offer';
    end if;
  else
    select * into places from private.edition_places(edition);
    if places.remaining <= 0 then
      raise sqlstate 'PT409' using
        message = 'The rally is full',
        detail = 'places',
        hint = 'Join the waiting list to hear if a place becomes free.';
    end if;
  end if;

  if network is not null then
    select coalesce(
      (select time_window from private.submission_rules where target = 'public.registrations'),
      interval '1 hour'
    ) into rate_window;
    first_from_network := not exists (
      select 1 from public.registrations
      where client_ip = network and created_at > now() - rate_window
    );
  end if;

  insert into public.registrations (
    lead_driver_name, lead_driver_email, lead_driver_phone, co_driver_name, co_driver_email,
    co_driver_phone, team_name, separate_rooms, vehicle_make, vehicle_colour, registration_plate,
    terms_accepted_at, website, client_ip, holds_place, edition_id
  ) values (
    btrim(lead_driver_name), btrim(lead_driver_email), btrim(lead_driver_phone),
    btrim(coalesce(co_driver_name, '')), btrim(coalesce(co_driver_email, '')),
    btrim(coalesce(co_driver_phone, '')), btrim(coalesce(team_name, '')),
    coalesce(separate_rooms, false), btrim(coalesce(vehicle_make, '')),
    btrim(coalesce(vehicle_colour, '')), btrim(coalesce(registration_plate, '')),
    -- Through an offer, the offer holds the place (as long as it stands), not the 5 minutes.
    now(), website, network, first_from_network and offer is null, edition
  )
  returning id into new_id;
  if offer is not null and new_id is not null then
    update public.waiting_list_entries set registration_id = new_id where id = offer;
  end if;
  -- The honeypot's row is stored nowhere, and the robot gets a reference like anyone else.
  return coalesce(new_id, gen_random_uuid());
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Cancelling frees the place for the next entry at once.
-- ---------------------------------------------------------------------------------------------

-- 20261126000000's, and then: a registration made through an offer gives the offer up
-- ('declined'), and the edition's free places are handed out in the same transaction.
create or replace function public.cancel_registration(secret text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.team_registration(secret);
  team public.registrations;
  starts date;
  quote jsonb;
begin
  if target is null then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into team from public.registrations where id = target for update;
  if team.status = 'cancelled' then
    return jsonb_build_object('outcome', 'already-cancelled',
      'refund_due_pence', team.refund_due_pence, 'cancelled_at', team.cancelled_at);
  end if;
  select start_date into starts from public.editions where id = team.edition_id;
  if private.today() >= starts then
    raise sqlstate 'PT409' using
      message = 'The rally has started: please contact the organisers.', detail = 'started';
  end if;
  quote := private.cancellation_quote(target);
  update public.registrations set
    status = 'cancelled',
    cancelled_at = now(),
    refund_due_pence = (quote ->> 'refund_pence')::integer
  where id = target
  returning * into team;
  perform private.audit_participant(target, array['cancelled_at', 'refund_due_pence', 'status']);
  perform private.queue_email(target, 'cancelled_team', team.lead_driver_email);
  perform private.queue_email(target, 'cancelled_organiser', private.organiser_email());
  update public.waiting_list_entries set status = 'declined'
  where registration_id = target and status = 'offered';
  perform private.hand_out_places(team.edition_id);
  return jsonb_build_object('outcome', 'cancelled', 'refund_due_pence', team.refund_due_pence,
    'cancelled_at', team.cancelled_at);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The administrators' queue.
-- ---------------------------------------------------------------------------------------------
create or replace function private.audit_waiting_list(entry uuid, columns text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
    changed_columns)
  select auth.uid(), auth.jwt() ->> 'email', 'changed', 'waiting_list_entries', w.id,
    left(coalesce(w.name, w.email), 200), columns
  from public.waiting_list_entries as w
  where w.id = entry
$$;

create or replace function public.waiting_list(edition uuid)
returns table (
  id uuid,
  "position" integer,
  name text,
  email text,
  phone text,
  status text,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz,
  registration_id uuid,
  consent_version text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read the waiting list' using errcode = '42501';
  end if;
  return query
    select w.id,
      case when w.status = 'waiting' then
        (row_number() over (partition by w.status = 'waiting' order by w.created_at, w.id))::integer
      end,
      w.name, w.email, w.phone, w.status, w.offered_at, w.offer_expires_at, w.created_at,
      w.registration_id, w.consent_version
    from public.waiting_list_entries as w
    where w.edition_id = waiting_list.edition
    order by w.created_at, w.id;
end
$$;

create or replace function public.offer_next_place(edition uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  edition_name text;
  entry uuid;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may offer places' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select e.name into edition_name from public.editions as e where e.id = offer_next_place.edition;
  if edition_name is null then
    raise sqlstate 'PT404' using message = 'No such edition.';
  end if;
  update public.waiting_list_entries set status = 'expired'
  where edition_id = offer_next_place.edition and status = 'offered'
    and offer_expires_at <= private.now();
  if (select remaining from private.edition_places(offer_next_place.edition)) <= 0 then
    raise sqlstate 'PT409' using
      message = format('No place is free in the %s: an offer needs a free place.', edition_name),
      detail = 'places';
  end if;
  entry := private.offer_to_next(offer_next_place.edition);
  if entry is null then
    raise sqlstate 'PT409' using
      message = format('Nobody is waiting for a place in the %s.', edition_name),
      detail = 'nobody-waiting';
  end if;
  perform private.audit_waiting_list(entry, array['offer_expires_at', 'offered_at', 'status']);
  return entry;
end
$$;

create or replace function public.withdraw_waiting_list_entry(entry uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  withdrawn public.waiting_list_entries;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may remove waiting-list entries' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  update public.waiting_list_entries set status = 'withdrawn'
  where id = withdraw_waiting_list_entry.entry and status in ('waiting', 'offered')
  returning * into withdrawn;
  if withdrawn.id is null then
    raise sqlstate 'PT409' using message = 'This entry is no longer waiting or offered a place.',
      detail = 'status';
  end if;
  perform private.audit_waiting_list(withdrawn.id, array['status']);
  perform private.hand_out_places(withdrawn.edition_id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Sending: the claim answers a waiting-list email's entry, and an offer's fresh secret.
-- ---------------------------------------------------------------------------------------------

-- {email, entry: {id, name, email, phone, status, position, offered_at, offer_expires_at},
-- edition, offer_secret (the offer's only)}; null and 'skipped' when the entry is gone, an
-- offer no longer stands or a 'joined' email's entry no longer waits.
create or replace function private.claim_waiting_list_email(claimed public.email_log)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.waiting_list_entries;
  secret text;
  skipped text;
begin
  select * into entry from public.waiting_list_entries where id = claimed.waiting_list_entry_id;
  skipped := case
    when entry.id is null then 'The waiting-list entry was deleted.'
    when claimed.kind = 'waiting_list_offer' and not private.offer_stands(entry)
      then 'The offer no longer stands.'
    when claimed.kind = 'waiting_list_joined' and entry.status <> 'waiting'
      then 'The entry no longer waits.'
  end;
  if skipped is not null then
    update public.email_log set status = 'skipped', error = skipped where id = claimed.id;
    return null;
  end if;
  if claimed.kind = 'waiting_list_offer' then
    secret := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
    delete from private.waiting_list_offer_links where entry_id = entry.id;
    insert into private.waiting_list_offer_links (token_hash, entry_id)
    values (sha256(convert_to(secret, 'UTF8')), entry.id);
  end if;
  return jsonb_build_object(
    'email', to_jsonb(claimed),
    'entry', jsonb_build_object('id', entry.id, 'name', entry.name, 'email', entry.email,
      'phone', entry.phone, 'status', entry.status,
      'position', private.waiting_list_position(entry.id), 'offered_at', entry.offered_at,
      'offer_expires_at', entry.offer_expires_at),
    'edition', private.edition_facts(entry.edition_id),
    'offer_secret', secret);
end
$$;

-- 20261126000000's, with the waiting list's emails answered by claim_waiting_list_email.
create or replace function public.claim_registration_email(email_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed public.email_log;
  team public.registrations;
  money jsonb;
begin
  update public.email_log set status = 'sending', attempts = attempts + 1, claimed_at = now()
  where id = email_id
    and ((status in ('queued', 'failed') and attempts < 5)
         or (status = 'sending' and claimed_at < now() - interval '10 minutes'))
  returning * into claimed;
  if claimed.id is null then
    return null;
  end if;
  if claimed.kind in ('waiting_list_joined', 'waiting_list_offer') then
    return private.claim_waiting_list_email(claimed);
  end if;
  select * into team from public.registrations where id = claimed.registration_id;
  if team.id is null then
    update public.email_log set status = 'skipped', error = 'The registration was deleted.'
    where id = claimed.id;
    return null;
  end if;
  money := private.registration_money(team.id);
  if claimed.kind in ('balance_reminder_14', 'balance_reminder_3', 'balance_overdue',
                      'reminder_manual')
     and (team.status = 'cancelled' or coalesce((money ->> 'balance_pence')::integer, 0) <= 0) then
    update public.email_log set status = 'skipped', error = 'Nothing is owed any more.'
    where id = claimed.id;
    return null;
  end if;
  return jsonb_build_object(
    'email', to_jsonb(claimed),
    'registration', to_jsonb(team) - 'client_ip' - 'website',
    'edition', private.edition_facts(team.edition_id),
    'money', money,
    'quote', private.cancellation_quote(team.id),
    'team_link_secret', case when claimed.kind <> 'cancelled_organiser'
                             then public.issue_team_link(team.id) end);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call what.
-- ---------------------------------------------------------------------------------------------
revoke all on function
  private.queue_waiting_list_email(uuid, text), private.offer_stands(public.waiting_list_entries),
  private.waiting_list_position(uuid), private.offer_to_next(uuid), private.hand_out_places(uuid),
  private.standing_offer(text), private.audit_waiting_list(uuid, text[]),
  private.claim_waiting_list_email(public.email_log)
  from public, anon, authenticated;
revoke all on function
  public.hand_out_waiting_list_places(), public.join_waiting_list(text, text, text, text, text),
  public.waiting_list_offer(text), public.decline_waiting_list_offer(text),
  public.waiting_list(uuid), public.offer_next_place(uuid), public.withdraw_waiting_list_entry(uuid)
  from public, anon, authenticated;
-- The public form, and the secret's holder.
grant execute on function
  public.join_waiting_list(text, text, text, text, text), public.waiting_list_offer(text),
  public.decline_waiting_list_offer(text)
  to anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function
  public.waiting_list(uuid), public.offer_next_place(uuid), public.withdraw_waiting_list_entry(uuid)
  to authenticated;
grant execute on function public.hand_out_waiting_list_places() to service_role;

-- Every 5 minutes: lapsed holds and offers hand their places on, and the waiting list's emails
-- go (participant-emails with {waiting_list: true} sends those kinds only), the function called
-- only when one waits. One statement (the local scheduler runs one).
select cron.schedule(
  'waiting-list',
  '*/5 * * * *',
  $$select private.call_edge_function('participant-emails', jsonb_build_object('waiting_list', true) || hand_out.answer) from (select public.hand_out_waiting_list_places() as answer) as hand_out where (hand_out.answer ->> 'emails_waiting')::integer > 0$$
);
