-- Issue 23, after the deposit: each team's own page behind a secret link, the balance paid
-- online, reminders, details kept up to date and cancellation by the terms. This file is the
-- database's part.
--
-- The ledger. public.registration_payments holds one row per deposit, balance or refund, in
-- pence, with the provider's ids; administrators read it and nobody writes it except through the
-- functions below (the webhook's record_deposit_payment and record_checkout_payment, and
-- mark_refunded_by_hand). Every deposit paid before this migration becomes a deposit row.
-- A registration's money (price, supplement, paid, refunded, balance, due date and its state:
-- 'awaiting deposit', 'deposit paid', 'balance due', 'overdue', 'paid in full', 'cancelled',
-- 'refunded') is derived from the ledger and its edition by private.registration_money(), never
-- typed; administrators read it through public.registration_money().
--
-- Secret links, as pretix does. issue_team_link() (service role) makes a random 256-bit secret,
-- stores only its SHA-256 in private.registration_links and answers the secret once, for the
-- emails' /my-registration/<secret> links. A secret works until its edition's end date + 30 days
-- (the database's day, private.today()). The functions that take it (team_page,
-- update_team_details, cancellation_quote, cancel_registration) answer null, the same answer,
-- for a wrong, altered or expired secret: nothing personal. request_team_link() emails the lead
-- driver a fresh link; it answers the same whether or not the address is registered and is
-- rate-limited per inbox and per network by the public forms' machinery (private.submission_rules).
--
-- The edition gains details_cutoff_days (14: "Edit details" closes that many days before the
-- start) and cancellation_tiers (the terms as data: most days first, each tier the fewest days
-- before the start it covers and the percentage refunded of what was paid beyond the deposit).
--
-- Emails to participants are queued in public.email_log (what was sent, to whom and when) and
-- sent by the participant-emails Edge Function: claim_registration_email() takes one, once,
-- finish_registration_email() records the outcome. The once-only kinds are unique per
-- registration. due_balance_reminders() queues the day's balance reminders; a daily cron job runs
-- it and then calls participant-emails.
--
-- This file's definitions of check_edition, submit_registration and record_deposit_payment are
-- the ones in force (the field rules of submit_registration moved, unchanged, into
-- private.refuse_team_fields, which update_team_details uses too). Valid on hosted Supabase
-- (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The edition's cut-off for details and its cancellation terms.
-- ---------------------------------------------------------------------------------------------

-- Tiers as [{"from_days": 91, "percent": 50}, {"from_days": 60, "percent": 25}]: a cancellation
-- at least from_days days before the start gets percent of what was paid beyond the deposit.
-- Most days first, at most 10 tiers, whole numbers, percent 0-100 and never more for a later
-- cancellation. Executable by everyone, as private.is_email: the CHECK constraint and the
-- edition trigger call it on every administrator's write.
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

alter table public.editions
  add column details_cutoff_days integer not null default 14
    constraint editions_details_cutoff_days_check check (details_cutoff_days between 0 and 365),
  add column cancellation_tiers jsonb not null
    default '[{"from_days": 91, "percent": 50}, {"from_days": 60, "percent": 25}]'
    constraint editions_cancellation_tiers_check
      check (private.is_cancellation_tiers(cancellation_tiers));

grant insert (details_cutoff_days, cancellation_tiers),
  update (details_cutoff_days, cancellation_tiers) on public.editions to authenticated;

-- The edition's refusals (20261125000000_editions.sql's, with the two new columns last). Security
-- definer now: the tiers' rule is a function of the private schema, which the administrator's
-- role may not name.
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
     'Please give each cancellation tier its fewest days before the start and a percentage from 0 to 100, the most days first.')
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
-- The registration's new details: the vehicle's model, an emergency contact, and cancellation.
-- ---------------------------------------------------------------------------------------------
alter table public.registrations
  add column vehicle_model text not null default '' check (length(vehicle_model) <= 100),
  add column emergency_contact_name text not null default ''
    check (length(emergency_contact_name) <= 200),
  add column emergency_contact_phone text not null default ''
    check (emergency_contact_phone = '' or private.is_phone(emergency_contact_phone)),
  -- Set by cancel_registration: when, and what the terms gave back at that moment (pence).
  add column cancelled_at timestamptz,
  add column refund_due_pence integer check (refund_due_pence >= 0);

-- The team's fields, one set of rules for the sign-up (submit_registration) and the team's page
-- (update_team_details): the refusal names the form's field in `details`, as before.
create or replace function private.refuse_team_fields(
  lead_driver_name text,
  lead_driver_email text,
  lead_driver_phone text,
  co_driver_name text,
  co_driver_email text,
  co_driver_phone text,
  team_name text,
  vehicle_make text,
  vehicle_colour text,
  registration_plate text,
  vehicle_model text default '',
  emergency_contact_name text default '',
  emergency_contact_phone text default ''
)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
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
  if length(coalesce(vehicle_model, '')) > 100 then
    perform private.refuse('vehicleModel', 'Please shorten the vehicle model to 100 characters or fewer.');
  end if;
  if length(coalesce(vehicle_colour, '')) > 100 then
    perform private.refuse('vehicleColour', 'Please shorten the vehicle colour to 100 characters or fewer.');
  end if;
  if length(coalesce(registration_plate, '')) > 20 then
    perform private.refuse('registrationPlate', 'Please shorten the registration plate to 20 characters or fewer.');
  end if;
  if length(coalesce(emergency_contact_name, '')) > 200 then
    perform private.refuse('emergencyContactName', 'Please shorten the emergency contact''s name to 200 characters or fewer.');
  end if;
  if btrim(coalesce(emergency_contact_phone, '')) <> ''
     and not private.is_phone(btrim(emergency_contact_phone)) then
    perform private.refuse('emergencyContactPhone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
end
$$;

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

-- ---------------------------------------------------------------------------------------------
-- The ledger.
-- ---------------------------------------------------------------------------------------------
create table public.registration_payments (
  id uuid primary key default gen_random_uuid(),
  -- Kept when the registration is deleted: the money was still received (or paid back), and the
  -- edition's sums stay whole.
  registration_id uuid references public.registrations (id) on delete set null,
  edition_id uuid not null references public.editions (id) on delete restrict,
  kind text not null check (kind in ('deposit', 'balance', 'refund')),
  amount_pence integer not null check (amount_pence > 0),
  currency text not null default 'gbp' check (currency = 'gbp'),
  -- A payment is recorded once it succeeded; a refund has its own states (issue 24 creates them
  -- pending through Stripe).
  status text not null default 'succeeded',
  checkout_session_id text check (length(checkout_session_id) <= 200),
  payment_intent_id text check (length(payment_intent_id) <= 200),
  charge_id text check (length(charge_id) <= 200),
  refund_id text check (length(refund_id) <= 200),
  -- The provider's event that recorded it: one row per event at most.
  event_id text unique check (length(event_id) <= 200),
  recorded_at timestamptz not null default now(),
  note text not null default '' check (length(note) <= 5000),
  -- The administrator who recorded it by hand (a refund paid back outside Stripe).
  recorded_by uuid,
  recorded_by_email text check (length(recorded_by_email) <= 320),
  constraint registration_payments_status_check check (
    case when kind = 'refund' then status in ('pending', 'succeeded', 'failed')
         else status = 'succeeded' end)
);
create index registration_payments_registration_idx
  on public.registration_payments (registration_id, kind);
create index registration_payments_edition_idx
  on public.registration_payments (edition_id, recorded_at);

alter table public.registration_payments enable row level security;
revoke all on public.registration_payments from public, anon, authenticated;
grant select on public.registration_payments to authenticated;
grant all on public.registration_payments to service_role;
create policy "administrators read the ledger" on public.registration_payments
  for select to authenticated using ((select public.is_admin()));

-- Every deposit paid so far, with the amount and payment recorded on its registration (a paid
-- row without an amount, from before amounts were checked, is its edition's deposit).
insert into public.registration_payments (
  registration_id, edition_id, kind, amount_pence, currency, status, payment_intent_id,
  recorded_at, note
)
select r.id, r.edition_id, 'deposit', coalesce(nullif(r.deposit_amount, 0), e.deposit),
  coalesce(lower(r.deposit_currency), 'gbp'), 'succeeded', r.payment_id,
  coalesce(r.deposit_paid_at, r.updated_at),
  'Deposit recorded before the ledger (migration 20261126000000)'
from public.registrations as r
join public.editions as e on e.id = r.edition_id
where r.deposit_status = 'paid' and coalesce(nullif(r.deposit_amount, 0), e.deposit) > 0;

-- Which kind of payment an exception was about (the balance's are new).
alter table public.payment_exceptions
  add column kind text not null default 'deposit' check (kind in ('deposit', 'balance'));

-- ---------------------------------------------------------------------------------------------
-- Money, derived.
-- ---------------------------------------------------------------------------------------------

-- A registration's statement of money (pence), from its edition and the ledger; null for no
-- registration. The one definition the team's page, the admin, the reminders and checkout read.
create or replace function private.registration_money(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with team as (
    select r.status, r.separate_rooms, r.refund_due_pence, e.price_per_car, e.deposit,
      e.balance_due,
      e.price_per_car + case when r.separate_rooms then coalesce(e.separate_rooms_supplement, 0)
                             else 0 end as total
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where r.id = target
  ),
  ledger as (
    select
      coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')), 0)::integer
        as paid,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'), 0)::integer as deposits,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'), 0)::integer as refunded
    from public.registration_payments as p
    where p.registration_id = target and p.status = 'succeeded'
  )
  select jsonb_build_object(
    'price_pence', t.price_per_car,
    'supplement_pence', t.total - t.price_per_car,
    'total_pence', t.total,
    'deposit_pence', t.deposit,
    'deposit_paid_pence', l.deposits,
    'paid_pence', l.paid,
    'refunded_pence', l.refunded,
    'refund_due_pence', t.refund_due_pence,
    'balance_pence', greatest(t.total - l.paid, 0),
    'balance_due_on', t.balance_due,
    'currency', 'gbp',
    'state', case
      when t.status = 'cancelled' and coalesce(t.refund_due_pence, 0) > 0
           and l.refunded >= t.refund_due_pence then 'refunded'
      when t.status = 'cancelled' then 'cancelled'
      when l.deposits = 0 then 'awaiting deposit'
      when t.total - l.paid <= 0 then 'paid in full'
      when t.balance_due is null then 'deposit paid'
      when private.today() > t.balance_due then 'overdue'
      else 'balance due'
    end)
  from team as t, ledger as l
$$;

-- What the terms give back if the registration is cancelled today: the edition's first tier whose
-- from_days the days before the start reach, applied to what was paid beyond the deposit,
-- rounded down to the penny.
create or replace function private.cancellation_quote(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with facts as (
    select e.start_date - private.today() as days_before, e.cancellation_tiers,
      private.registration_money(r.id) as money
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where r.id = target
  ),
  chosen as (
    select f.*, (
      select t.value from jsonb_array_elements(f.cancellation_tiers) with ordinality as t(value, n)
      where (t.value ->> 'from_days')::integer <= f.days_before
      order by t.n
      limit 1
    ) as tier
    from facts as f
  )
  select jsonb_build_object(
    'refund_pence',
      floor(greatest((c.money ->> 'paid_pence')::integer - (c.money ->> 'deposit_paid_pence')::integer, 0)
            * coalesce((c.tier ->> 'percent')::integer, 0) / 100.0)::integer,
    'tier', c.tier,
    'percent', coalesce((c.tier ->> 'percent')::integer, 0),
    'days_before', c.days_before,
    'paid_pence', (c.money ->> 'paid_pence')::integer,
    'deposit_pence', (c.money ->> 'deposit_paid_pence')::integer)
  from chosen as c
$$;

-- The administrators' view of a registration's money (null for anyone else).
create or replace function public.registration_money(registration uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.registration_money(registration)
  where (select public.is_admin()) or coalesce(auth.jwt() ->> 'role', '') = 'service_role'
$$;

-- ---------------------------------------------------------------------------------------------
-- The email log.
-- ---------------------------------------------------------------------------------------------
create table public.email_log (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid references public.registrations (id) on delete set null,
  kind text not null check (kind in ('confirmation', 'deposit_receipt', 'balance_receipt',
    'balance_reminder_14', 'balance_reminder_3', 'balance_overdue', 'cancelled_team',
    'cancelled_organiser', 'team_link', 'reminder_manual')),
  recipient text not null check (length(recipient) <= 320),
  -- queued → sending (claimed) → sent or failed (claimed again later); skipped: a reminder that
  -- was no longer owed when its turn came.
  status text not null default 'queued'
    check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  error text check (length(error) <= 500),
  attempts integer not null default 0,
  queued_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz
);
-- Each of these goes at most once per registration.
create unique index email_log_once on public.email_log (registration_id, kind)
  where kind not in ('team_link', 'reminder_manual');
create index email_log_to_send_idx on public.email_log (queued_at) where status <> 'sent';
create index email_log_newest_idx on public.email_log (queued_at desc, id);

alter table public.email_log enable row level security;
revoke all on public.email_log from public, anon, authenticated;
grant select on public.email_log to authenticated;
grant all on public.email_log to service_role;
create policy "administrators read the email log" on public.email_log
  for select to authenticated using ((select public.is_admin()));

-- Queues one email; answers its id, or null when a once-only kind was queued before.
create or replace function private.queue_email(target uuid, email_kind text, address text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.email_log (registration_id, kind, recipient)
  values (target, email_kind, coalesce(address, ''))
  on conflict do nothing
  returning id
$$;

-- The organiser's address, where a cancellation is reported.
create or replace function private.organiser_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$ select coalesce((select value from public.site_settings where key = 'contact_email'), '') $$;

-- ---------------------------------------------------------------------------------------------
-- Secret links.
-- ---------------------------------------------------------------------------------------------
create table private.registration_links (
  token_hash bytea primary key,
  registration_id uuid not null references public.registrations (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index registration_links_registration_idx on private.registration_links (registration_id);
alter table private.registration_links enable row level security;
revoke all on private.registration_links from public, anon, authenticated;

-- The registration a secret opens, or null: wrong, altered (the hash differs) or expired (its
-- edition ended more than 30 days ago by the database's day) all answer null.
create or replace function private.team_registration(secret text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.registration_id
  from private.registration_links as l
  join public.registrations as r on r.id = l.registration_id
  join public.editions as e on e.id = r.edition_id
  where l.token_hash = sha256(convert_to(coalesce(secret, ''), 'UTF8'))
    and secret ~ '^[A-Za-z0-9_-]{43}$'
    and private.today() <= e.end_date + 30
$$;

-- Makes a secret for the registration's page: 32 random bytes, base64url (43 characters);
-- stores its SHA-256 only and answers the secret, once. Null for no registration.
create or replace function public.issue_team_link(registration uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret constant text := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='),
                                    '+/', '-_');
begin
  if not exists (select 1 from public.registrations where id = issue_team_link.registration) then
    return null;
  end if;
  insert into private.registration_links (token_hash, registration_id)
  values (sha256(convert_to(secret, 'UTF8')), issue_team_link.registration);
  return secret;
end
$$;

-- The page's facts for a registration (the secret was checked by the caller).
create or replace function private.team_page(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', r.id,
    'team_name', r.team_name,
    'lead_driver_name', r.lead_driver_name,
    'lead_driver_email', r.lead_driver_email,
    'lead_driver_phone', r.lead_driver_phone,
    'co_driver_name', r.co_driver_name,
    'co_driver_email', r.co_driver_email,
    'co_driver_phone', r.co_driver_phone,
    'vehicle_make', r.vehicle_make,
    'vehicle_model', r.vehicle_model,
    'vehicle_colour', r.vehicle_colour,
    'registration_plate', r.registration_plate,
    'separate_rooms', r.separate_rooms,
    'emergency_contact_name', r.emergency_contact_name,
    'emergency_contact_phone', r.emergency_contact_phone,
    'edition', jsonb_build_object(
      'year', e.year, 'name', e.name, 'start_date', e.start_date, 'end_date', e.end_date,
      'start_place', e.start_place, 'finish_place', e.finish_place,
      'balance_due', e.balance_due),
    'money', private.registration_money(r.id),
    'cancelled', r.status = 'cancelled',
    'cancelled_at', r.cancelled_at,
    'refund_due_pence', r.refund_due_pence,
    'details_editable_until', e.start_date - e.details_cutoff_days,
    'details_editable', r.status <> 'cancelled'
      and private.today() <= e.start_date - e.details_cutoff_days,
    'may_cancel', r.status <> 'cancelled' and private.today() < e.start_date)
  from public.registrations as r
  join public.editions as e on e.id = r.edition_id
  where r.id = target
$$;

create or replace function public.team_page(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.team_page(private.team_registration(secret)) $$;

-- The participant's change, in the audit log (the registrations' own admin changes are not
-- logged row by row): actor 'participant', the registration, the columns changed.
create or replace function private.audit_participant(target uuid, columns text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
    changed_columns)
  select null, 'participant', 'changed', 'registrations', r.id,
    left(coalesce(nullif(r.team_name, ''), r.lead_driver_name), 200), columns
  from public.registrations as r
  where r.id = target and cardinality(columns) > 0
$$;

-- The team's details, changed on its page until the edition's cut-off. `details` holds the
-- fields to change, named as submit_registration's arguments (plus vehicle_model and the
-- emergency contact); a field left out keeps its value. Refusals are the sign-up's
-- (private.refuse_team_fields), naming the form's field. Answers the page as team_page does,
-- or null for a secret that opens nothing.
create or replace function public.update_team_details(secret text, details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.team_registration(secret);
  current_row public.registrations;
  edition public.editions;
  changed_row public.registrations;
  field text;
  text_fields constant text[] := array['lead_driver_name', 'lead_driver_email',
    'lead_driver_phone', 'co_driver_name', 'co_driver_email', 'co_driver_phone', 'team_name',
    'vehicle_make', 'vehicle_model', 'vehicle_colour', 'registration_plate',
    'emergency_contact_name', 'emergency_contact_phone'];
  changed text[];
begin
  if target is null then
    return null;
  end if;
  select * into current_row from public.registrations where id = target for update;
  select * into edition from public.editions where id = current_row.edition_id;
  if current_row.status = 'cancelled' then
    raise sqlstate 'PT409' using message = 'This registration is cancelled: its details can no longer be changed.',
      detail = 'cancelled';
  end if;
  if private.today() > edition.start_date - edition.details_cutoff_days then
    raise sqlstate 'PT409' using
      message = format('Details could be changed until %s. Please contact the organisers.',
                       to_char(edition.start_date - edition.details_cutoff_days, 'FMDD FMMonth YYYY')),
      detail = 'cutoff';
  end if;
  if jsonb_typeof(details) is distinct from 'object' then
    raise sqlstate 'PT400' using message = 'Send the details as one JSON object.';
  end if;
  for field in select jsonb_object_keys(details) loop
    if field = 'separate_rooms' then
      if jsonb_typeof(details -> field) <> 'boolean' then
        perform private.refuse('separateRooms', 'Please choose whether you want separate rooms.');
      end if;
    elsif not field = any (text_fields) then
      raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
    elsif jsonb_typeof(details -> field) <> 'string' then
      raise sqlstate 'PT400' using message = format('%s must be text.', field), detail = field;
    end if;
  end loop;

  changed_row := jsonb_populate_record(current_row, details);
  perform private.refuse_team_fields(
    changed_row.lead_driver_name, changed_row.lead_driver_email, changed_row.lead_driver_phone,
    changed_row.co_driver_name, changed_row.co_driver_email, changed_row.co_driver_phone,
    changed_row.team_name, changed_row.vehicle_make, changed_row.vehicle_colour,
    changed_row.registration_plate, changed_row.vehicle_model,
    changed_row.emergency_contact_name, changed_row.emergency_contact_phone);

  update public.registrations set
    lead_driver_name = btrim(changed_row.lead_driver_name),
    lead_driver_email = btrim(changed_row.lead_driver_email),
    lead_driver_phone = btrim(changed_row.lead_driver_phone),
    co_driver_name = btrim(changed_row.co_driver_name),
    co_driver_email = btrim(changed_row.co_driver_email),
    co_driver_phone = btrim(changed_row.co_driver_phone),
    team_name = btrim(changed_row.team_name),
    vehicle_make = btrim(changed_row.vehicle_make),
    vehicle_model = btrim(changed_row.vehicle_model),
    vehicle_colour = btrim(changed_row.vehicle_colour),
    registration_plate = btrim(changed_row.registration_plate),
    emergency_contact_name = btrim(changed_row.emergency_contact_name),
    emergency_contact_phone = btrim(changed_row.emergency_contact_phone),
    separate_rooms = changed_row.separate_rooms
  where id = target
  returning * into changed_row;

  select coalesce(array_agg(key order by key), '{}') into changed
  from jsonb_each(to_jsonb(changed_row)) as after_value(key, value)
  where key = any (text_fields || 'separate_rooms'::text)
    and value is distinct from to_jsonb(current_row) -> key;
  perform private.audit_participant(target, changed);
  return private.team_page(target);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Cancellation.
-- ---------------------------------------------------------------------------------------------
create or replace function public.cancellation_quote(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.cancellation_quote(private.team_registration(secret)) $$;

-- Cancels the registration under the places lock: the place is free at once (rally_places counts
-- it no more), the refund due is the quote at that moment, and the team and the organiser are
-- emailed. Answers {outcome: 'cancelled' | 'already-cancelled', refund_due_pence, cancelled_at},
-- or null for a secret that opens nothing.
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
  return jsonb_build_object('outcome', 'cancelled', 'refund_due_pence', team.refund_due_pence,
    'cancelled_at', team.cancelled_at);
end
$$;

-- The refund due, paid back outside Stripe: an administrator records it in the ledger, with a
-- note. Answers the registration's money afterwards ('refunded').
create or replace function public.mark_refunded_by_hand(registration uuid, note text default '')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  owed integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may record refunds' using errcode = '42501';
  end if;
  if length(coalesce(mark_refunded_by_hand.note, '')) > 4000 then
    perform private.refuse('note', 'Please shorten the note to 4,000 characters or fewer.');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into team from public.registrations where id = mark_refunded_by_hand.registration
  for update;
  owed := coalesce(team.refund_due_pence, 0)
    - coalesce((private.registration_money(team.id) ->> 'refunded_pence')::integer, 0);
  if team.id is null or team.status <> 'cancelled' or owed <= 0 then
    raise sqlstate 'PT409' using message = 'No refund is due on this registration.',
      detail = 'refund';
  end if;
  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, status, note, recorded_by, recorded_by_email
  ) values (
    team.id, team.edition_id, 'refund', owed, 'succeeded',
    btrim('Marked refunded by hand. ' || coalesce(mark_refunded_by_hand.note, '')),
    auth.uid(), auth.jwt() ->> 'email'
  );
  return private.registration_money(team.id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- "Email me my link".
-- ---------------------------------------------------------------------------------------------

-- Each request, counted by the public forms' guard (3 per inbox and 10 per network an hour);
-- kept a day.
create table private.team_link_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) <= 320),
  requested_at timestamptz not null default now()
);
alter table private.team_link_requests enable row level security;
select private.accept_public_submissions('private.team_link_requests', array['email'], 'email');
revoke all on private.team_link_requests from public, anon, authenticated;

-- Queues a 'team_link' email for each registration of a not-expired edition whose lead driver has
-- the address, and answers nothing either way (a refusal only for an address that is not one, or
-- the rate limit, HTTP 429). The same statements run whether or not the address is registered.
create or replace function public.request_team_link(email text, website text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  address constant text := btrim(coalesce(request_team_link.email, ''));
begin
  if not coalesce(private.is_email(address), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  insert into private.team_link_requests (email, website)
  values (address, request_team_link.website);
  delete from private.team_link_requests where requested_at < now() - interval '1 day';
  if request_team_link.website is not null and request_team_link.website <> '' then
    return;
  end if;
  insert into public.email_log (registration_id, kind, recipient)
  select r.id, 'team_link', r.lead_driver_email
  from public.registrations as r
  join public.editions as e on e.id = r.edition_id
  where lower(r.lead_driver_email) = lower(address)
    and private.today() <= e.end_date + 30;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The balance: the amount to charge and the webhook's record.
-- ---------------------------------------------------------------------------------------------

-- What a Checkout Session should charge, computed here: kind 'deposit' with the registration's
-- reference (the edition's deposit), kind 'balance' with the team's secret (price + supplement -
-- paid). Answers {registration_id, edition_id, edition_year, edition_name, amount_pence,
-- currency, email, kind}, or {refused: 'unknown' | 'cancelled' | 'already-paid' |
-- 'awaiting-deposit' | 'nothing-owed'} (an expired secret is 'unknown', as a wrong one).
create or replace function public.checkout_amount(kind text, reference text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target uuid;
  team public.registrations;
  edition public.editions;
  money jsonb;
  amount integer;
begin
  if checkout_amount.kind = 'deposit'
     and reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    target := reference::uuid;
  elsif checkout_amount.kind = 'balance' then
    target := private.team_registration(reference);
  end if;
  select * into team from public.registrations where id = target;
  if team.id is null then
    return jsonb_build_object('refused', 'unknown');
  end if;
  if team.status = 'cancelled' then
    return jsonb_build_object('refused', 'cancelled');
  end if;
  select * into edition from public.editions where id = team.edition_id;
  money := private.registration_money(team.id);
  if checkout_amount.kind = 'deposit' then
    if (money ->> 'deposit_paid_pence')::integer > 0 or team.deposit_status = 'paid' then
      return jsonb_build_object('refused', 'already-paid');
    end if;
    amount := edition.deposit;
  else
    if (money ->> 'deposit_paid_pence')::integer = 0 then
      return jsonb_build_object('refused', 'awaiting-deposit');
    end if;
    amount := (money ->> 'balance_pence')::integer;
  end if;
  if amount <= 0 then
    return jsonb_build_object('refused', 'nothing-owed');
  end if;
  return jsonb_build_object(
    'registration_id', team.id, 'edition_id', edition.id, 'edition_year', edition.year,
    'edition_name', edition.name, 'amount_pence', amount, 'currency', 'gbp',
    'email', team.lead_driver_email, 'kind', checkout_amount.kind);
end
$$;

-- The deposit's record (20261125000000_editions.sql's), now writing the deposit's ledger row too.
-- Its answers are unchanged (see 20261124000000_payment_checks_and_holds.sql).
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
  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, currency, status, payment_intent_id,
    event_id, recorded_at
  ) values (
    registration.id, registration.edition_id, 'deposit', amount_total, lower(currency),
    'succeeded', left(record_deposit_payment.payment_id, 200), left(event_id, 200),
    coalesce(paid_at, now())
  );
  return 'paid';
end
$$;

-- A Checkout Session event, as the stripe-webhook function passes it after checking the
-- signature: `session` is the event's data.object unchanged. metadata.kind 'balance' is recorded
-- here; any other kind is the deposit (record_deposit_payment, whose answer is the outcome). A
-- balance is applied only when mode, payment status, currency and amount are exactly what is
-- owed at that moment, once per event id; anything else is a payment_exceptions row (kind
-- 'balance') for the organiser and no ledger row. Answers {outcome, kind, registration_id,
-- amount_pence, email_id}: outcome as record_deposit_payment's ('paid', 'replayed', 'mismatch',
-- 'cancelled', 'already-paid', 'unknown', 'awaiting-payment', 'failed', 'ignored'); email_id is
-- the queued balance receipt.
create or replace function public.record_checkout_payment(
  event_id text,
  event_type text,
  session jsonb,
  paid_at timestamptz default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  reference constant text := session ->> 'client_reference_id';
  amount_total constant bigint := case when session ->> 'amount_total' ~ '^[0-9]{1,12}$'
                                       then (session ->> 'amount_total')::bigint end;
  currency constant text := lower(session ->> 'currency');
  mode constant text := session ->> 'mode';
  payment_status constant text := session ->> 'payment_status';
  payment_intent constant text := session ->> 'payment_intent';
  outcome text;
  team public.registrations;
  money jsonb;
  expected integer;
  reason text;
  changed integer;
  receipt uuid;
begin
  if coalesce(session -> 'metadata' ->> 'kind', 'deposit') <> 'balance' then
    outcome := public.record_deposit_payment(event_id, event_type, reference, amount_total,
      currency, mode, payment_status, payment_intent, coalesce(paid_at, now()));
    if outcome = 'paid' then
      update public.registration_payments set checkout_session_id = left(session ->> 'id', 200)
      where registration_payments.event_id = record_checkout_payment.event_id;
    end if;
    return jsonb_build_object('outcome', outcome, 'kind', 'deposit',
      'registration_id', (select r.id from public.registrations as r
                          where r.id = case when reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                            then reference::uuid end));
  end if;

  if event_type not in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                        'checkout.session.async_payment_failed') then
    return jsonb_build_object('outcome', 'ignored', 'kind', 'balance');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  insert into private.payment_events (id, type) values (event_id, event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return jsonb_build_object('outcome', 'replayed', 'kind', 'balance');
  end if;
  -- The reference and the metadata must name the same registration.
  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and (session -> 'metadata' ->> 'registration_id') is not distinct from reference then
    select * into team from public.registrations where id = reference::uuid for update;
    update private.payment_events set registration_id = team.id
    where id = record_checkout_payment.event_id;
  end if;
  if event_type = 'checkout.session.async_payment_failed' then
    return jsonb_build_object('outcome', case when team.id is null then 'unknown' else 'failed' end,
      'kind', 'balance', 'registration_id', team.id);
  end if;
  if event_type = 'checkout.session.completed' and mode = 'payment'
     and payment_status = 'unpaid' then
    return jsonb_build_object('outcome', 'awaiting-payment', 'kind', 'balance',
      'registration_id', team.id);
  end if;

  money := private.registration_money(team.id);
  expected := (money ->> 'balance_pence')::integer;
  reason := case
    when team.id is null then 'unknown-reference'
    when mode is distinct from 'payment' then 'mode'
    when event_type = 'checkout.session.completed'
         and payment_status is distinct from 'paid' then 'not-paid'
    when currency is distinct from 'gbp' then 'currency'
    when team.status = 'cancelled' then 'cancelled'
    when expected <= 0 then 'duplicate'
    when amount_total is distinct from expected then 'amount'
  end;

  if reason is not null then
    insert into public.payment_exceptions (
      registration_id, event_id, event_type, reference, reason, expected_amount, amount, currency,
      mode, payment_status, payment_id, resolution, kind
    ) values (
      team.id, left(record_checkout_payment.event_id, 200), event_type, left(reference, 200),
      reason, expected, amount_total, left(currency, 10), left(mode, 40),
      left(payment_status, 40), left(payment_intent, 200),
      case when reason in ('cancelled', 'duplicate') then 'refund-due' end, 'balance'
    );
    update public.registrations set payment_exception = reason where id = team.id;
    return jsonb_build_object('outcome', case reason
        when 'unknown-reference' then 'unknown'
        when 'cancelled' then 'cancelled'
        when 'duplicate' then 'already-paid'
        else 'mismatch' end,
      'kind', 'balance', 'registration_id', team.id);
  end if;

  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, currency, status, checkout_session_id,
    payment_intent_id, event_id, recorded_at
  ) values (
    team.id, team.edition_id, 'balance', amount_total, 'gbp', 'succeeded',
    left(session ->> 'id', 200), left(payment_intent, 200),
    left(record_checkout_payment.event_id, 200), coalesce(paid_at, now())
  );
  receipt := private.queue_email(team.id, 'balance_receipt', team.lead_driver_email);
  return jsonb_build_object('outcome', 'paid', 'kind', 'balance', 'registration_id', team.id,
    'amount_pence', amount_total, 'email_id', receipt);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Sending: claim, finish, reminders.
-- ---------------------------------------------------------------------------------------------

-- Takes one queued (or failed, up to 5 attempts, or stuck sending for 10 minutes) email, once,
-- and answers what the sender needs: {email: the log row, registration: the row, edition: its
-- facts, money: the statement, quote: the cancellation quote, team_link_secret: a fresh secret
-- for the page's link (not for the organiser's copy)}. Null when there is nothing to send; a
-- reminder no longer owed (paid in full, cancelled) is marked 'skipped' and answers null.
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

create or replace function public.finish_registration_email(
  email_id uuid,
  sent boolean,
  error text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.email_log set
    status = case when sent then 'sent' else 'failed' end,
    sent_at = case when sent then now() end,
    error = case when sent then null else left(coalesce(finish_registration_email.error, ''), 500) end
  where id = email_id and status = 'sending'
$$;

-- Queues the balance reminders due today (the database's day) for the current edition's teams
-- that paid the deposit, are not cancelled and still owe: 14 days before the due date, 3 days
-- before, and the overdue notice from the day after. Each kind once per registration (a day the
-- job did not run is caught up the next day, within the same kind's days). Answers how many were
-- queued.
create or replace function public.due_balance_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today constant date := private.today();
  queued integer;
begin
  insert into public.email_log (registration_id, kind, recipient)
  select due.id, due.kind, due.lead_driver_email
  from (
    select r.id, r.lead_driver_email,
      case
        when today > e.balance_due then 'balance_overdue'
        when today >= e.balance_due - 3 then 'balance_reminder_3'
        when today >= e.balance_due - 14 then 'balance_reminder_14'
      end as kind,
      private.registration_money(r.id) as money
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where e.is_current and e.balance_due is not null and r.status <> 'cancelled'
  ) as due
  where due.kind is not null
    and (due.money ->> 'deposit_paid_pence')::integer > 0
    and (due.money ->> 'balance_pence')::integer > 0
  on conflict do nothing;
  get diagnostics queued = row_count;
  return queued;
end
$$;

-- The admin's "Send reminder now": queues a reminder for a team that owes a balance; answers the
-- email's id.
create or replace function public.send_reminder_now(registration uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  money jsonb;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may send reminders' using errcode = '42501';
  end if;
  select * into team from public.registrations where id = send_reminder_now.registration;
  money := private.registration_money(team.id);
  if team.id is null or team.status = 'cancelled'
     or coalesce((money ->> 'deposit_paid_pence')::integer, 0) = 0
     or coalesce((money ->> 'balance_pence')::integer, 0) <= 0 then
    raise sqlstate 'PT409' using message = 'Nothing is owed on this registration.',
      detail = 'balance';
  end if;
  return private.queue_email(team.id, 'reminder_manual', team.lead_driver_email);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call what.
-- ---------------------------------------------------------------------------------------------
revoke all on function
  private.refuse_team_fields(text, text, text, text, text, text, text, text, text, text, text, text, text),
  private.registration_money(uuid), private.cancellation_quote(uuid),
  private.queue_email(uuid, text, text), private.organiser_email(),
  private.team_registration(text), private.team_page(uuid),
  private.audit_participant(uuid, text[])
  from public, anon, authenticated;

revoke all on function
  public.registration_money(uuid), public.issue_team_link(uuid), public.team_page(text),
  public.update_team_details(text, jsonb), public.cancellation_quote(text),
  public.cancel_registration(text), public.mark_refunded_by_hand(uuid, text),
  public.request_team_link(text, text), public.checkout_amount(text, text),
  public.record_checkout_payment(text, text, jsonb, timestamptz),
  public.claim_registration_email(uuid), public.finish_registration_email(uuid, boolean, text),
  public.due_balance_reminders(), public.send_reminder_now(uuid)
  from public, anon, authenticated;
-- The secret is the key: anyone holding it may use the team's page.
grant execute on function
  public.team_page(text), public.update_team_details(text, jsonb),
  public.cancellation_quote(text), public.cancel_registration(text),
  public.request_team_link(text, text)
  to anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function
  public.registration_money(uuid), public.mark_refunded_by_hand(uuid, text),
  public.send_reminder_now(uuid)
  to authenticated;
-- The Edge Functions.
grant execute on function
  public.registration_money(uuid), public.issue_team_link(uuid),
  public.checkout_amount(text, text), public.record_checkout_payment(text, text, jsonb, timestamptz),
  public.claim_registration_email(uuid), public.finish_registration_email(uuid, boolean, text),
  public.due_balance_reminders()
  to service_role;

-- Daily at 08:00 UTC (pg_cron's schedules are in GMT: 09:00 in London in summer): the day's
-- reminders are queued, then participant-emails sends what is queued. One statement (the local
-- scheduler runs one): the reminders are queued before the call's body is built.
select cron.schedule(
  'participant-emails',
  '0 8 * * *',
  $$select private.call_edge_function('participant-emails', jsonb_build_object('reminders_queued', public.due_balance_reminders()))$$
);
