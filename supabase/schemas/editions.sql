-- Editions: the rally happens every year, and each year is a row. An edition holds its facts
-- (year, name, dates, places, price, deposit, separate-rooms supplement, capacity, registration
-- window, balance due date, the cut-off for changing details, the cancellation terms, how long a
-- waiting-list offer stands, the funds raised); pages, emails and payment amounts read them, and
-- everything that belongs to a year carries its edition (registrations, sponsorship enquiries,
-- the waiting list, mailings). Places are counted per edition (places.sql).
--
-- Exactly one edition is current: a partial unique index allows at most one, only
-- make_current_edition() changes it (switching under the places lock), and the current edition
-- can be neither deleted nor made a draft. Drafts are read by administrators only. Money is
-- integer pence. The date rules are CHECK constraints; a trigger refuses first, with SQLSTATE
-- 23514 (23505 for a year taken twice), a sentence and the refused column in `detail`, as the
-- settings trigger and the submit functions' private.refuse name their field.

-- The cancellation terms as data: [{"from_days": 91, "percent": 50}, {"from_days": 60, "percent":
-- 25}]: a cancellation at least from_days days before the start gets percent of what was paid
-- beyond the deposit. Most days first, at most 10 tiers, whole numbers, percent 0-100 and never
-- more for a later cancellation. Executable by everyone, as private.is_email: the CHECK
-- constraint and the edition trigger call it on every administrator's write.
create or replace function private.is_cancellation_tiers(tiers jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  tier jsonb;
  previous_days integer;
  previous_percent integer;
  days integer;
  percent integer;
begin
  if jsonb_typeof(tiers) is distinct from 'array' or jsonb_array_length(tiers) > 10 then
    return false;
  end if;
  for tier in select value from jsonb_array_elements(tiers) loop
    if jsonb_typeof(tier) <> 'object'
       or (select count(*) from jsonb_object_keys(tier)) <> 2
       or jsonb_typeof(tier -> 'from_days') is distinct from 'number'
       or jsonb_typeof(tier -> 'percent') is distinct from 'number'
       or tier ->> 'from_days' !~ '^[0-9]{1,4}$'
       or tier ->> 'percent' !~ '^[0-9]{1,3}$' then
      return false;
    end if;
    days := (tier ->> 'from_days')::integer;
    percent := (tier ->> 'percent')::integer;
    if percent > 100
       or (previous_days is not null and (days >= previous_days or percent > previous_percent)) then
      return false;
    end if;
    previous_days := days;
    previous_percent := percent;
  end loop;
  return true;
end
$$;

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
  -- "Edit details" on the team's page closes this many days before the start.
  details_cutoff_days integer not null default 14
    constraint editions_details_cutoff_days_check check (details_cutoff_days between 0 and 365),
  cancellation_tiers jsonb not null
    default '[{"from_days": 91, "percent": 50}, {"from_days": 60, "percent": 25}]'
    constraint editions_cancellation_tiers_check
      check (private.is_cancellation_tiers(cancellation_tiers)),
  -- How long a freed place offered to the waiting list stands.
  waiting_list_offer_hours integer not null default 48
    constraint editions_waiting_list_offer_hours_check
      check (waiting_list_offer_hours between 1 and 336),
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

-- The refusals, each naming its column (the form's field) in `detail`. Security definer: the
-- tiers' rule is a function of the private schema, which the administrator's role may not name.
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

revoke all on function private.check_edition(), private.guard_edition_delete()
  from public, anon, authenticated;

create trigger editions_check before insert or update on public.editions
  for each row execute function private.check_edition();
create trigger editions_guard_delete before delete on public.editions
  for each row execute function private.guard_edition_delete();
create trigger editions_updated_at before update on public.editions
  for each row execute function public.set_updated_at();
create trigger audit_row after insert or update or delete on public.editions
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.editions
  for each row execute function private.site_content_changed();

-- Everyone reads the published editions, administrators read the drafts and write. The current
-- flag is make_current_edition()'s alone (no column grant).
alter table public.editions enable row level security;
revoke all on public.editions from public, anon, authenticated;
grant select on public.editions to anon, authenticated;
grant insert (year, name, start_date, end_date, start_place, finish_place, price_per_car,
  deposit, separate_rooms_supplement, capacity, registration_opens, registration_closes,
  balance_due, status, funds_raised, details_cutoff_days, cancellation_tiers,
  waiting_list_offer_hours) on public.editions to authenticated;
grant update (year, name, start_date, end_date, start_place, finish_place, price_per_car,
  deposit, separate_rooms_supplement, capacity, registration_opens, registration_closes,
  balance_due, status, funds_raised, details_cutoff_days, cancellation_tiers,
  waiting_list_offer_hours, updated_at) on public.editions to authenticated;
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

-- A new database's edition: 2026, published and current, with the spec's facts.
insert into public.editions (
  year, name, start_date, end_date, start_place, finish_place, price_per_car, deposit,
  capacity, registration_opens, registration_closes, status, is_current
) values (
  2026, '2026 Europe Rally', '2026-06-22', '2026-06-28', 'United Kingdom', 'Austria', 395000,
  25000, 12, '2025-09-01', '2026-05-31', 'published', true
);

-- ---------------------------------------------------------------------------------------------
-- The current edition and the next
-- ---------------------------------------------------------------------------------------------

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

-- The first edition by year after the current one, prepared as a draft or published ("Tell me
-- when the next rally opens" puts an address on its waiting list).
create or replace function private.next_edition_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select e.id from public.editions as e
  where e.year > coalesce((select c.year from public.editions as c where c.is_current), 0)
  order by e.year
  limit 1
$$;

revoke all on function private.next_edition_id() from public, anon, authenticated;

-- Administrators switch the current edition, one switch at a time.
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

-- ---------------------------------------------------------------------------------------------
-- What the site and the emails read
-- ---------------------------------------------------------------------------------------------

-- An edition's facts as the emails and webhooks state them: money in pence, dates as
-- 'YYYY-MM-DD'. Null for no edition. A row an Edge Function sends about carries its own edition's
-- facts (not the current one's: a 2026 receipt sent after 2027 became current still says 2026).
create or replace function private.edition_facts(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id,
    'year', e.year,
    'name', e.name,
    'start_date', e.start_date,
    'end_date', e.end_date,
    'start_place', e.start_place,
    'finish_place', e.finish_place,
    'price_per_car', e.price_per_car,
    'deposit', e.deposit,
    'separate_rooms_supplement', e.separate_rooms_supplement,
    'capacity', e.capacity,
    'registration_opens', e.registration_opens,
    'registration_closes', e.registration_closes,
    'balance_due', e.balance_due
  )
  from public.editions as e
  where e.id = target
$$;

revoke all on function private.edition_facts(uuid) from public, anon, authenticated;

-- The number of cars with a paid deposit in a published edition, for a past edition's page ("12
-- cars took part"). Registrations are the administrator's alone, so this answers only the count,
-- and null for a year the public cannot see (no edition, or a draft).
create or replace function public.edition_cars(edition_year integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*)::integer from public.registrations as r
          where r.edition_id = e.id and r.deposit_status = 'paid' and r.status <> 'cancelled')
  from public.editions as e
  where e.year = edition_year and e.status = 'published'
$$;

-- The site's "raised to date", in pence: the published editions' funds, the published past tours'
-- funds for the years no edition has recorded (a rally is counted once even when it is both),
-- and the settings' fundraising_adjustment (whole pounds, raised outside the rallies).
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

revoke all on function public.edition_cars(integer), public.funds_raised_to_date() from public;
grant execute on function public.edition_cars(integer), public.funds_raised_to_date()
  to anon, authenticated, service_role;
