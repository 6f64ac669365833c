-- Issue 22, editions: the rally happens every year. An edition's facts (year, name, dates, places,
-- prices, capacity, registration window, balance due date) leave site_settings for one row each in
-- public.editions, and everything that belongs to a year carries its edition: registrations,
-- sponsorship enquiries and the waiting list (newsletter_subscribers with source 'waitlist';
-- newsletter subscribers stay global). Places are counted per edition.
--
-- Exactly one edition is current (a partial unique index allows at most one; only
-- make_current_edition() changes it, switching under a lock, and the current edition can be
-- neither deleted nor made a draft). Drafts are read by administrators only. Money is integer
-- pence. The date rules are CHECK constraints; a trigger refuses first, with SQLSTATE 23514 (23505
-- for a year taken twice), a sentence and the refused column in `detail`, as the settings trigger
-- and the submit functions' private.refuse name their field.
--
-- Today's data becomes the 2026 edition: the settings' values move into its row (whole pounds
-- become pence; the registration window is stored as the old functions applied it, closing on the
-- eve of the start at the latest), it is published and current, and every registration, enquiry
-- and waiting-list entry belongs to it. The retired settings' rows are kept, values and all, in
-- private.retired_settings. The next_edition_* settings are retired with them: a next edition is
-- now a row of its own. tests/contract/editions.test.ts proves nothing is lost on a copy of a 2026
-- database.
--
-- Funds raised are money: per edition (editions.funds_raised, pence, null until recorded) and per
-- past tour (past_tours.funds_raised_pence, parsed from the text the organiser typed, such as
-- '£12,500', and kept in step with it by a trigger while the admin still edits that text).
-- public.funds_raised_to_date() is the site's "raised to date": the published editions' funds,
-- the published past tours' funds for the years no edition has recorded (a rally is counted once
-- even when it is both), and the Fundraising settings' offline adjustment (whole pounds). The
-- hand-typed fundraising_raised setting becomes that adjustment: what it said beyond the recorded
-- rallies, never below zero, so nothing is counted twice.
--
-- This file's definitions of registration_window_refusal, rally_places, submit_registration,
-- record_deposit_payment, subscribe_newsletter and the view private.registrations_holding_places
-- are the ones in force. Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser),
-- PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The table.
-- ---------------------------------------------------------------------------------------------
create table public.editions (
  id uuid primary key default gen_random_uuid(),
  year integer not null,
  name text not null,
  start_date date not null,
  end_date date not null,
  start_place text not null default '',
  finish_place text not null default '',
  price_per_car integer not null,
  deposit integer not null,
  -- Null: the supplement is not set (the organiser confirms it with the team).
  separate_rooms_supplement integer,
  capacity integer not null,
  registration_opens date not null,
  registration_closes date not null,
  -- Null: not set yet.
  balance_due date,
  status text not null default 'draft',
  is_current boolean not null default false,
  -- Pence; null until recorded after the rally.
  funds_raised integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint editions_year_key unique (year),
  constraint editions_year_check check (year between 2000 and 2999),
  constraint editions_name_check check (btrim(name) <> '' and length(name) <= 200),
  constraint editions_start_place_check check (length(start_place) <= 200),
  constraint editions_finish_place_check check (length(finish_place) <= 200),
  constraint editions_price_per_car_check check (price_per_car >= 0),
  constraint editions_deposit_check check (deposit >= 0),
  constraint editions_separate_rooms_supplement_check check (separate_rooms_supplement >= 0),
  constraint editions_capacity_check check (capacity >= 0),
  constraint editions_funds_raised_check check (funds_raised >= 0),
  constraint editions_end_date_check check (end_date >= start_date),
  constraint editions_registration_closes_check check (registration_closes < start_date),
  constraint editions_registration_opens_check check (registration_opens <= registration_closes),
  constraint editions_balance_due_check check (balance_due < start_date),
  constraint editions_status_check check (status in ('draft', 'published')),
  constraint editions_current_is_published check (not is_current or status = 'published')
);
create unique index editions_one_current on public.editions (is_current) where is_current;
create index editions_published_idx on public.editions (year desc) where status = 'published';

-- The refusals, each naming its column (the form's field) in `detail`.
create or replace function private.check_edition()
returns trigger
language plpgsql
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
     'The current edition is shown on the site: it cannot be a draft.')
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
create trigger editions_check before insert or update on public.editions
  for each row execute function private.check_edition();
create trigger editions_updated_at before update on public.editions
  for each row execute function public.set_updated_at();
select private.audit_attach('public.editions');

-- ---------------------------------------------------------------------------------------------
-- Who may do what: everyone reads the published editions, administrators read the drafts and
-- write. The current flag is make_current_edition()'s alone.
-- ---------------------------------------------------------------------------------------------
alter table public.editions enable row level security;
revoke all on public.editions from public, anon, authenticated;
grant select on public.editions to anon, authenticated;
grant insert (year, name, start_date, end_date, start_place, finish_place, price_per_car,
  deposit, separate_rooms_supplement, capacity, registration_opens, registration_closes,
  balance_due, status, funds_raised) on public.editions to authenticated;
grant update (year, name, start_date, end_date, start_place, finish_place, price_per_car,
  deposit, separate_rooms_supplement, capacity, registration_opens, registration_closes,
  balance_due, status, funds_raised, updated_at) on public.editions to authenticated;
grant delete on public.editions to authenticated;
grant all on public.editions to service_role;

create policy "published editions are public" on public.editions for select to anon, authenticated
  using (status = 'published' or (select public.is_admin()));
create policy "administrators add editions" on public.editions for insert to authenticated
  with check ((select public.is_admin()));
create policy "administrators update editions" on public.editions for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "administrators delete editions" on public.editions for delete to authenticated
  using ((select public.is_admin()));

-- The current edition: what registrations, enquiries and waiting-list entries default to. Called
-- from column defaults, so the roles that insert may execute it (it says nothing secret).
create or replace function private.current_edition_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$ select id from public.editions where is_current $$;
revoke all on function private.current_edition_id() from public;
grant execute on function private.current_edition_id() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Today's data becomes the 2026 edition.
-- ---------------------------------------------------------------------------------------------
create table private.retired_settings (
  key text primary key,
  value text not null,
  label text not null,
  group_name text not null,
  description text,
  retired_at timestamptz not null default now()
);
alter table private.retired_settings enable row level security;
revoke all on private.retired_settings from public, anon, authenticated;

insert into private.retired_settings (key, value, label, group_name, description)
select key, value, label, group_name, description from public.site_settings
where group_name = 'edition' or key = 'fundraising_raised';

do $$
declare
  setting jsonb := (select coalesce(jsonb_object_agg(key, nullif(btrim(value), '')), '{}')
                    from public.site_settings where group_name = 'edition');
  whole constant text := '^[0-9]{1,9}$';
  day constant text := '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
  starts date;
  closes date;
begin
  -- Each value as the site read it, or the spec's seed value where it was missing or unreadable
  -- (src/config/site-defaults.ts), so the site shows the same facts before and after.
  starts := case when setting ->> 'rally_start_date' ~ day
                 then (setting ->> 'rally_start_date')::date else date '2026-06-22' end;
  closes := least(case when setting ->> 'registration_closes' ~ day
                       then (setting ->> 'registration_closes')::date else date '2026-05-31' end,
                  starts - 1);
  insert into public.editions (
    year, name, start_date, end_date, start_place, finish_place, price_per_car, deposit,
    capacity, registration_opens, registration_closes, status, is_current
  ) values (
    case when setting ->> 'rally_year' ~ whole then (setting ->> 'rally_year')::integer else 2026 end,
    coalesce(setting ->> 'rally_name', '2026 Europe Rally'),
    starts,
    greatest(case when setting ->> 'rally_end_date' ~ day
                  then (setting ->> 'rally_end_date')::date else date '2026-06-28' end, starts),
    coalesce(setting ->> 'rally_start_place', 'United Kingdom'),
    coalesce(setting ->> 'rally_finish_place', 'Austria'),
    100 * case when setting ->> 'rally_price' ~ whole
               then (setting ->> 'rally_price')::integer else 3950 end,
    100 * case when setting ->> 'rally_deposit' ~ whole
               then (setting ->> 'rally_deposit')::integer else 250 end,
    case when setting ->> 'rally_capacity' ~ whole
         then (setting ->> 'rally_capacity')::integer else 12 end,
    least(case when setting ->> 'registration_opens' ~ day
               then (setting ->> 'registration_opens')::date else date '2025-09-01' end, closes),
    closes,
    'published',
    true
  );
end
$$;

-- Everything that belongs to a year carries its edition, the current one unless it says.
alter table public.registrations
  add column edition_id uuid references public.editions (id) on delete restrict;
alter table public.sponsorship_enquiries
  add column edition_id uuid references public.editions (id) on delete restrict;
-- Waiting-list entries belong to an edition; newsletter subscribers (source 'footer') to none.
alter table public.newsletter_subscribers
  add column edition_id uuid references public.editions (id) on delete restrict;

-- The backfill is not an organiser's change: with the tables' own triggers off, no row's
-- updated_at moves and the audit log records nothing.
alter table public.registrations disable trigger user;
alter table public.sponsorship_enquiries disable trigger user;
alter table public.newsletter_subscribers disable trigger user;
update public.registrations set edition_id = private.current_edition_id();
update public.sponsorship_enquiries set edition_id = private.current_edition_id();
update public.newsletter_subscribers set edition_id = private.current_edition_id()
where source = 'waitlist';
alter table public.registrations enable trigger user;
alter table public.sponsorship_enquiries enable trigger user;
alter table public.newsletter_subscribers enable trigger user;

alter table public.registrations
  alter column edition_id set default private.current_edition_id(),
  alter column edition_id set not null;
alter table public.sponsorship_enquiries
  alter column edition_id set default private.current_edition_id(),
  alter column edition_id set not null;
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_waitlist_edition
    check ((source = 'waitlist') = (edition_id is not null));

-- A waiting-list entry written without its edition is for the current one; a subscriber has none.
create or replace function private.stamp_waitlist_edition()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.source = 'waitlist' then
    new.edition_id := coalesce(new.edition_id, private.current_edition_id());
  else
    new.edition_id := null;
  end if;
  return new;
end
$$;
revoke all on function private.stamp_waitlist_edition() from public, anon, authenticated;
create trigger newsletter_subscribers_edition before insert or update on public.newsletter_subscribers
  for each row execute function private.stamp_waitlist_edition();

create index registrations_edition_idx on public.registrations (edition_id, created_at desc, id);
create index sponsorship_enquiries_edition_idx
  on public.sponsorship_enquiries (edition_id, created_at desc, id);
create index newsletter_subscribers_edition_idx on public.newsletter_subscribers (edition_id)
  where edition_id is not null;
-- rally_places() counts one edition's places: the old index counted them all.
drop index if exists public.registrations_places_idx;
create index registrations_edition_places_idx
  on public.registrations (edition_id, deposit_status, created_at) where status <> 'cancelled';

-- An edition with anything a visitor sent cannot be deleted, nor can the current one (there
-- would be none); the foreign keys refuse too, this says why.
create or replace function private.guard_edition_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_current then
    raise exception using errcode = '23503', detail = 'is_current',
      message = 'The current edition cannot be deleted: make another edition current first.';
  end if;
  if exists (select 1 from public.registrations where edition_id = old.id) then
    raise exception using errcode = '23503', detail = 'registrations',
      message = format('The %s has registrations: it cannot be deleted.', old.name);
  end if;
  if exists (select 1 from public.sponsorship_enquiries where edition_id = old.id) then
    raise exception using errcode = '23503', detail = 'sponsorship_enquiries',
      message = format('The %s has sponsorship enquiries: it cannot be deleted.', old.name);
  end if;
  if exists (select 1 from public.newsletter_subscribers where edition_id = old.id) then
    raise exception using errcode = '23503', detail = 'waiting_list',
      message = format('The %s has a waiting list: it cannot be deleted.', old.name);
  end if;
  return old;
end
$$;
revoke all on function private.guard_edition_delete() from public, anon, authenticated;
create trigger editions_guard_delete before delete on public.editions
  for each row execute function private.guard_edition_delete();

-- ---------------------------------------------------------------------------------------------
-- The settings keep the organisation, fundraising and pages groups.
-- ---------------------------------------------------------------------------------------------
-- The hand-typed total becomes the offline adjustment (what it says beyond the recorded rallies is
-- worked out below, once the past tours' amounts are money).
update public.site_settings set
  key = 'fundraising_adjustment',
  label = 'Raised outside the rallies (£)',
  description = 'Money raised outside the rallies and past tours, in whole pounds: added to their funds raised for the total the home and charity pages show.'
where key = 'fundraising_raised';

delete from public.site_settings where group_name = 'edition';
alter table public.site_settings drop constraint if exists site_settings_rally_capacity_number;
alter table public.site_settings drop constraint site_settings_group_check;
alter table public.site_settings add constraint site_settings_group_check
  check (group_name in ('organisation', 'fundraising', 'pages'));
alter table public.site_settings alter column group_name set default 'organisation';

-- ---------------------------------------------------------------------------------------------
-- Past tours' funds as money.
-- ---------------------------------------------------------------------------------------------
-- '£12,500' → 1250000; '£1.2k' → 120000; '12500' → 1250000; anything without a number → null.
create or replace function private.pence_from_text(amount text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when m is null then null
    when (replace(m[1], ',', '')::numeric * case when lower(m[2]) = 'k' then 1000
                                                  when lower(m[2]) = 'm' then 1000000 else 1 end)
         * 100 > 2147483647 then null
    else round(replace(m[1], ',', '')::numeric * 100
               * case when lower(m[2]) = 'k' then 1000 when lower(m[2]) = 'm' then 1000000
                      else 1 end)::integer
  end
  from (select regexp_match(coalesce(amount, ''),
          '([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]{1,2})?|[0-9]+(?:\.[0-9]{1,2})?)\s*([kKmM]?)(?![A-Za-z])') as m) parsed
$$;
revoke all on function private.pence_from_text(text) from public, anon, authenticated;

alter table public.past_tours
  add column funds_raised_pence integer check (funds_raised_pence >= 0);
alter table public.past_tours disable trigger user;
update public.past_tours set funds_raised_pence = private.pence_from_text(funds_raised);
alter table public.past_tours enable trigger user;

-- While the admin still edits the amount as text, the money follows it.
create or replace function private.past_tour_funds()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.funds_raised is distinct from old.funds_raised then
    if tg_op = 'INSERT' and new.funds_raised_pence is not null then
      return new;
    end if;
    new.funds_raised_pence := private.pence_from_text(new.funds_raised);
  end if;
  return new;
end
$$;
revoke all on function private.past_tour_funds() from public, anon, authenticated;
create trigger past_tours_funds before insert or update on public.past_tours
  for each row execute function private.past_tour_funds();

update public.site_settings set value = (greatest(
    case when value ~ '^[0-9]{1,9}$' then value::bigint * 100 else 0 end
      - coalesce((select sum(funds_raised_pence) from public.past_tours
                  where published and deleted_at is null), 0),
    0) / 100)::text
where key = 'fundraising_adjustment';

-- The site's "raised to date", in pence.
create or replace function public.funds_raised_to_date()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce((select sum(funds_raised) from public.editions
              where status = 'published' and funds_raised is not null), 0)
    + coalesce((select sum(t.funds_raised_pence) from public.past_tours as t
                where t.published and t.deleted_at is null and t.funds_raised_pence is not null
                  and not exists (
                    select 1 from public.editions as e
                    where e.year = t.year and e.status = 'published'
                      and e.funds_raised is not null)), 0)
    + coalesce((select btrim(value)::bigint * 100 from public.site_settings
                where key = 'fundraising_adjustment' and btrim(value) ~ '^[0-9]{1,9}$'), 0)
$$;
revoke all on function public.funds_raised_to_date() from public;
grant execute on function public.funds_raised_to_date() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Places and registration per edition.
-- ---------------------------------------------------------------------------------------------
create or replace view private.registrations_holding_places as
  select id, edition_id from public.registrations
  where status <> 'cancelled'
    and (deposit_status = 'paid'
         or (deposit_status = 'pending' and holds_place
             and created_at > now() - private.place_hold()));
revoke all on private.registrations_holding_places from public, anon, authenticated;

-- One edition's places: its capacity, the registrations holding a place in it, what is left.
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
       where h.edition_id = target_edition) as taken
  )
  select capacity, taken, greatest(capacity - taken, 0) from counted
$$;
revoke all on function private.edition_places(uuid) from public, anon, authenticated;

-- The current edition's places (the answer's shape is unchanged).
create or replace function public.rally_places()
returns table (capacity integer, taken integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$ select * from private.edition_places(private.current_edition_id()) $$;

-- The current edition's window: before it opens, or after its last day (the day it closes, or
-- the eve of the start if earlier). No current edition: closed.
create or replace function private.registration_window_refusal()
returns table (phase text, message text)
language sql
stable
set search_path = ''
as $$
  with window_days as (
    select
      e.name as edition_name,
      e.registration_opens as opens,
      least(e.registration_closes, e.start_date - 1) as last_day,
      private.today() as today
    from public.editions as e
    where e.is_current
  )
  select 'before-opening', format('Registration for the %s opens on %s.', edition_name,
           to_char(opens, 'FMDD FMMonth YYYY'))
  from window_days where today < opens
  union all
  select 'closed', format('Registration for the %s closed on %s.', edition_name,
           to_char(last_day, 'FMDD FMMonth YYYY'))
  from window_days where today > last_day
  union all
  select 'closed', 'Registration is closed.'
  where not exists (select 1 from public.editions where is_current)
$$;
revoke all on function private.registration_window_refusal() from public, anon, authenticated;

create or replace function public.submit_registration(
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
  website text default null
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
begin
  -- First: outside the window no correction of a field could make the registration possible.
  select * into refusal from private.registration_window_refusal();
  if found then
    raise sqlstate 'PT409' using message = refusal.message, detail = refusal.phase;
  end if;
  if btrim(coalesce(lead_driver_name, '')) = '' or length(lead_driver_name) > 200 then
    perform private.refuse('leadDriverName', 'Please enter the lead driver''s full name (up to 200 characters).');
  end if;
  if not coalesce(private.is_email(btrim(lead_driver_email)), false) then
    perform private.refuse('leadDriverEmail', 'Please enter a valid email address.');
  end if;
  if not coalesce(private.is_phone(btrim(lead_driver_phone)), false) then
    perform private.refuse('leadDriverPhone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
  if length(coalesce(co_driver_name, '')) > 200 then
    perform private.refuse('coDriverName', 'Please shorten the co-driver''s name to 200 characters or fewer.');
  end if;
  if btrim(coalesce(co_driver_email, '')) <> '' and not private.is_email(btrim(co_driver_email)) then
    perform private.refuse('coDriverEmail', 'Please enter a valid email address.');
  end if;
  if btrim(coalesce(co_driver_phone, '')) <> '' and not private.is_phone(btrim(co_driver_phone)) then
    perform private.refuse('coDriverPhone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
  if length(coalesce(team_name, '')) > 200 then
    perform private.refuse('teamName', 'Please shorten the team name to 200 characters or fewer.');
  end if;
  if length(coalesce(vehicle_make, '')) > 100 then
    perform private.refuse('vehicleMake', 'Please shorten the vehicle make to 100 characters or fewer.');
  end if;
  if length(coalesce(vehicle_colour, '')) > 100 then
    perform private.refuse('vehicleColour', 'Please shorten the vehicle colour to 100 characters or fewer.');
  end if;
  if length(coalesce(registration_plate, '')) > 20 then
    perform private.refuse('registrationPlate', 'Please shorten the registration plate to 20 characters or fewer.');
  end if;
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
  select * into places from private.edition_places(edition);
  if places.remaining <= 0 then
    raise sqlstate 'PT409' using
      message = 'The rally is full',
      detail = 'places',
      hint = 'Join the waiting list to hear if a place becomes free.';
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
    now(), website, network, first_from_network, edition
  )
  returning id into new_id;
  -- The honeypot's row is stored nowhere, and the robot gets a reference like anyone else.
  return coalesce(new_id, gen_random_uuid());
end
$$;

-- The deposit expected is the registration's edition's, and a payment needs a free place in that
-- edition (a 2026 payment arriving after 2027 is current is judged against 2026).
create or replace function public.record_deposit_payment(
  event_id text,
  event_type text,
  reference text,
  amount_total bigint,
  currency text,
  mode text,
  payment_status text,
  payment_id text,
  paid_at timestamptz
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration public.registrations;
  expected integer;
  reason text;
  holding boolean;
  changed integer;
begin
  if event_type not in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                        'checkout.session.async_payment_failed') then
    return 'ignored';
  end if;
  -- Under the places lock: a payment that needs a free place cannot race a registration for it.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  insert into private.payment_events (id, type) values (event_id, event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return 'replayed';
  end if;

  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into registration from public.registrations where id = reference::uuid;
    update private.payment_events set registration_id = registration.id where id = event_id;
  end if;

  if event_type = 'checkout.session.async_payment_failed' then
    if registration.id is null then
      return 'unknown';
    end if;
    update public.registrations set deposit_status = 'failed'
    where id = registration.id and deposit_status = 'pending';
    return 'failed';
  end if;
  if event_type = 'checkout.session.completed' and mode = 'payment'
     and payment_status = 'unpaid' then
    return 'awaiting-payment';
  end if;

  select deposit into expected from public.editions where id = registration.edition_id;
  select exists (
    select 1 from private.registrations_holding_places where id = registration.id
  ) into holding;

  reason := case
    when registration.id is null then 'unknown-reference'
    when mode is distinct from 'payment' then 'mode'
    when event_type = 'checkout.session.completed'
         and payment_status is distinct from 'paid' then 'not-paid'
    when lower(currency) is distinct from 'gbp' then 'currency'
    when expected is null or amount_total is distinct from expected then 'amount'
    when registration.status = 'cancelled' then 'cancelled'
    when registration.deposit_status = 'paid' then
      case when record_deposit_payment.payment_id is distinct from registration.payment_id
           then 'duplicate' end
    when not holding
         and (select remaining from private.edition_places(registration.edition_id)) <= 0
      then 'no-place'
  end;

  if reason is not null then
    insert into public.payment_exceptions (
      registration_id, event_id, event_type, reference, reason, expected_amount, amount, currency,
      mode, payment_status, payment_id, resolution
    ) values (
      registration.id, event_id, event_type, left(reference, 200), reason, expected, amount_total,
      left(lower(currency), 10), left(mode, 40), left(payment_status, 40),
      left(record_deposit_payment.payment_id, 200),
      case when reason in ('cancelled', 'no-place', 'duplicate') then 'refund-due' end
    );
    update public.registrations set payment_exception = reason where id = registration.id;
  end if;

  if (reason is null and registration.deposit_status = 'paid') or reason = 'duplicate' then
    return 'already-paid';
  end if;
  if reason = 'unknown-reference' then
    return 'unknown';
  end if;
  if reason in ('cancelled', 'no-place') then
    return reason;
  end if;
  if reason is not null then
    return 'mismatch';
  end if;

  update public.registrations set
    deposit_status = 'paid',
    deposit_amount = amount_total,
    deposit_currency = lower(currency),
    deposit_paid_at = paid_at,
    payment_id = record_deposit_payment.payment_id
  where id = registration.id;
  return 'paid';
end
$$;

-- A waiting-list entry is for the current edition; signing up to it again moves an existing
-- address onto the current edition's list.
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
  insert into public.newsletter_subscribers as subscriber (email, source, website, edition_id)
  values (lower(btrim(email)), source, website,
          case when source = 'waitlist' then private.current_edition_id() end)
  on conflict on constraint newsletter_subscribers_email_key do update set
    source = case when excluded.source = 'waitlist' then 'waitlist' else subscriber.source end,
    edition_id = case when excluded.source = 'waitlist' then excluded.edition_id
                      else subscriber.edition_id end
  where subscriber.status = 'subscribed';
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Make current: administrators switch the current edition, one switch at a time.
-- ---------------------------------------------------------------------------------------------
create or replace function public.make_current_edition(edition_year integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.editions;
begin
  if not ((select public.is_admin()) or coalesce(auth.jwt() ->> 'role', '') = 'service_role') then
    raise exception 'Only administrators may change the current edition' using errcode = '42501';
  end if;
  -- One switch at a time, and never in the middle of a registration or a payment (they read the
  -- current edition under this lock): each sees one current edition, before or after.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into target from public.editions where year = edition_year;
  if not found then
    perform private.refuse('year', format('There is no %s edition.', coalesce(edition_year::text, 'such')));
  end if;
  if target.status <> 'published' then
    perform private.refuse('status', 'Publish the edition before making it current: the public site shows the current edition.');
  end if;
  -- Two statements: the unique index on the current flag never sees two at once.
  update public.editions set is_current = false where is_current and id <> target.id;
  update public.editions set is_current = true where id = target.id and not is_current;
  return target.id;
end
$$;
revoke all on function public.make_current_edition(integer) from public, anon;
grant execute on function public.make_current_edition(integer) to authenticated, service_role;
