-- Issue 20, money and places: the database checks what Stripe says was paid before it counts a
-- deposit, a payment never takes a place that is no longer there, and one machine cannot make the
-- rally look full.
--
-- Payment checks. The stripe-webhook Edge Function passes Stripe's fields through unchanged
-- (amount_total, currency, mode, payment_status, …) and record_deposit_payment decides, under the
-- same advisory lock submit_registration takes for places. The deposit is paid only by a one-off
-- payment (mode 'payment') in pounds of exactly the `rally_deposit` setting × 100 pence, that
-- Stripe reports paid (payment_status 'paid' on checkout.session.completed, or the
-- async_payment_succeeded event). Anything else is not applied: it is recorded in
-- public.payment_exceptions with its reason for the organiser, and answered to Stripe with 200
-- (an answer other than 2xx makes Stripe retry the same event for days). A payment for a
-- cancelled registration, for one whose hold lapsed while the rally filled, or a second payment
-- for a paid one, is recorded there as 'refund-due' and never counts as a place.
--
-- The hold. An unpaid registration keeps a place for 5 minutes (private.place_hold()), and only
-- when it is its network's first registration within the registrations' rate window (1 hour,
-- private.submission_rules): a later one from the same client IP holds nothing, though it may
-- still pay and then takes a place if one is free. So one machine, whatever emails it uses, holds
-- at most one place for 5 minutes an hour. The client IP is stored on the row (`client_ip`, read
-- only by administrators) from private.client_ip(); a registration with none (a direct database
-- session) holds as before.
--
-- This file's definitions of place_hold, rally_places, submit_registration, deposit_status and
-- record_deposit_payment are the ones in force. Valid on hosted Supabase (PostgreSQL 15+), PGlite
-- and PostgreSQL 15.

-- How long an unpaid registration keeps its place: the time a visitor has to finish paying.
create or replace function private.place_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '5 minutes' $$;

-- The reasons a payment is not applied as a deposit (payment_exceptions.reason). It stays
-- executable by everyone, as private.is_email does: CHECK constraints call it on every
-- administrator's update too.
create or replace function private.is_payment_exception_reason(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value in ('amount', 'currency', 'mode', 'not-paid', 'cancelled', 'no-place',
                   'unknown-reference', 'duplicate')
$$;

alter table public.registrations
  add column client_ip text check (length(client_ip) <= 64),
  add column holds_place boolean not null default true,
  -- The latest payment exception's reason (the inbox's marker and filter); the rows themselves
  -- are in public.payment_exceptions.
  add column payment_exception text check (private.is_payment_exception_reason(payment_exception));

-- Registrations holding a place now: paid, or unpaid within their hold when they may hold one.
-- The one definition that rally_places() counts and record_deposit_payment asks.
create view private.registrations_holding_places as
  select id from public.registrations
  where status <> 'cancelled'
    and (deposit_status = 'paid'
         or (deposit_status = 'pending' and holds_place
             and created_at > now() - private.place_hold()));
revoke all on private.registrations_holding_places from public, anon, authenticated;

create index registrations_live_holds_idx on public.registrations (created_at)
  where status <> 'cancelled' and deposit_status = 'pending' and holds_place;
-- Whether a network registered within the rate window (the hold's first-from-its-network rule).
create index registrations_client_ip_idx on public.registrations (client_ip, created_at)
  where client_ip is not null;

create or replace function public.rally_places()
returns table (capacity integer, taken integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$
  with counted as (
    select
      coalesce((select value::integer from public.site_settings where key = 'rally_capacity'), 0)
        as capacity,
      (select count(*)::integer from private.registrations_holding_places) as taken
  )
  select capacity, taken, greatest(capacity - taken, 0) from counted
$$;

-- ---------------------------------------------------------------------------------------------
-- Payment exceptions: what Stripe reported and the database did not apply as a deposit.
-- Administrators read them and record what was done (resolution, note); the service role writes
-- them through record_deposit_payment; nobody else reads them.
-- ---------------------------------------------------------------------------------------------

create table public.payment_exceptions (
  id uuid primary key default gen_random_uuid(),
  -- Kept when the registration is deleted: the money was still received.
  registration_id uuid references public.registrations (id) on delete set null,
  event_id text not null,
  event_type text not null,
  -- The client_reference_id as Stripe sent it (an unknown one has no registration).
  reference text check (length(reference) <= 200),
  reason text not null check (private.is_payment_exception_reason(reason)),
  -- Money in the currency's minor unit (pence for pounds), as Stripe reports amount_total.
  expected_amount integer,
  amount bigint,
  currency text check (length(currency) <= 10),
  mode text check (length(mode) <= 40),
  payment_status text check (length(payment_status) <= 40),
  payment_id text check (length(payment_id) <= 200),
  created_at timestamptz not null default now(),
  -- null: the organiser has yet to decide (a wrong amount, currency or mode).
  resolution text check (resolution in ('refund-due', 'refunded', 'waiting-list', 'accepted')),
  note text not null default '' check (length(note) <= 5000)
);
create index payment_exceptions_registration_idx on public.payment_exceptions (registration_id);
create index payment_exceptions_newest_idx on public.payment_exceptions (created_at desc, id);

alter table public.payment_exceptions enable row level security;
revoke all on public.payment_exceptions from anon, authenticated;
grant select on public.payment_exceptions to authenticated;
grant update (resolution, note) on public.payment_exceptions to authenticated;
create policy "administrators read payment exceptions" on public.payment_exceptions
  for select to authenticated using ((select public.is_admin()));
create policy "administrators resolve payment exceptions" on public.payment_exceptions
  for update to authenticated using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Public submissions: the registration (migration 20260410000000's, which stays in force for the
-- window) now stores its network and whether it holds a place.
-- ---------------------------------------------------------------------------------------------

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
  -- two from one network cannot both be its first.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into places from public.rally_places();
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
    terms_accepted_at, website, client_ip, holds_place
  ) values (
    btrim(lead_driver_name), btrim(lead_driver_email), btrim(lead_driver_phone),
    btrim(coalesce(co_driver_name, '')), btrim(coalesce(co_driver_email, '')),
    btrim(coalesce(co_driver_phone, '')), btrim(coalesce(team_name, '')),
    coalesce(separate_rooms, false), btrim(coalesce(vehicle_make, '')),
    btrim(coalesce(vehicle_colour, '')), btrim(coalesce(registration_plate, '')),
    now(), website, network, first_from_network
  )
  returning id into new_id;
  -- The honeypot's row is stored nowhere, and the robot gets a reference like anyone else.
  return coalesce(new_id, gen_random_uuid());
end
$$;

-- What /payment-success may know about the registration whose reference the visitor holds:
-- 'paid', 'pending', 'failed', 'exception' (a payment arrived that could not be applied: the
-- organisers will be in touch) or 'unknown'. It reveals nothing else.
create or replace function public.deposit_status(reference text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select case
              when deposit_status <> 'paid' and payment_exception is not null then 'exception'
              else deposit_status
            end
     from public.registrations
     where reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       and id = reference::uuid),
    'unknown'
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- The Stripe webhook's one write. It answers what it did:
--   'paid'             this event paid the deposit (the receipt is sent on this answer only);
--   'already-paid'     another event paid it before (a second payment is recorded 'duplicate');
--   'replayed'         the event was handled before: nothing changes;
--   'awaiting-payment' a completed session whose payment is still on its way (bank debits);
--   'failed'           async_payment_failed: an unpaid deposit is marked failed;
--   'mismatch'         amount, currency, mode or payment status is not the deposit's;
--   'cancelled'        the registration was cancelled: refund due;
--   'no-place'         its hold lapsed and the rally filled meanwhile: refund due (or the
--                      waiting list, the organiser's decision);
--   'unknown'          no registration has that reference;
--   'ignored'          an event type this endpoint does not handle.
-- ---------------------------------------------------------------------------------------------

drop function if exists public.record_deposit_payment(text, text, text, integer, text, text, timestamptz);

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

  select value::integer * 100 into expected from public.site_settings
  where key = 'rally_deposit' and value ~ '^[0-9]{1,6}$';
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
    when not holding and (select remaining from public.rally_places()) <= 0 then 'no-place'
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

revoke execute on function
  public.record_deposit_payment(text, text, text, bigint, text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.record_deposit_payment(text, text, text, bigint, text, text, text, text, timestamptz)
  to service_role;
