-- The registration window is the database's rule, not only the sign-up page's (issue 12): before
-- `registration_opens` and after `registration_closes` (site settings, calendar dates in London)
-- submit_registration refuses, so calling the RPC directly no longer gets a registration and a
-- deposit link outside the window.
--
-- The days match src/lib/calendar.ts's rallyPhase exactly: registration is open from the start of
-- its opening day to the end of its closing day, both days included, and never once the rally has
-- started (rallyPhase says 'during' then, whatever the closing date). The refusal is shaped like
-- "The rally is full" (HTTP 409, a form-level message): `details` names the page's phase
-- ('before-opening' or 'closed'), the message is the sentence the visitor reads, with the date
-- written as the page writes it (formatLongDate: '1 September 2025').
--
-- Which day it is comes from ONE function, private.today(): the date in Europe/London, unless the
-- transaction's setting `app.clock` holds a date. Only the local emulator sets that setting
-- (supabase/emulator/db.ts, per request transaction, from its `clock` option), so tests can pin
-- the server's day as they pin the browser's. On hosted Supabase nothing sets it: PostgREST's
-- per-request settings are its own `request.*` names and `role`, its RPC exposes only the API
-- schemas (not pg_catalog.set_config), and each request is its own transaction. now() stays
-- real everywhere else (place holds, trash purge, rate limits). Valid on hosted Supabase,
-- PGlite and PostgreSQL 15.

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

-- Why a registration cannot be made today: no row while the window is open, else the page's phase
-- ('before-opening' or 'closed') and the sentence for the visitor. A missing date bounds nothing.
create or replace function private.registration_window_refusal()
returns table (phase text, message text)
language sql
stable
set search_path = ''
as $$
  with setting as (
    select
      (select nullif(btrim(value), '') from public.site_settings where key = 'rally_name')
        as edition_name,
      (select nullif(btrim(value), '')::date from public.site_settings
       where key = 'registration_opens') as opens,
      (select nullif(btrim(value), '')::date from public.site_settings
       where key = 'registration_closes') as closes,
      (select nullif(btrim(value), '')::date from public.site_settings
       where key = 'rally_start_date') as starts
  ),
  window_days as (
    select
      coalesce(edition_name, 'rally') as edition_name,
      opens,
      -- The last day a team can register: the closing day, or the eve of the rally if earlier.
      least(closes, starts - 1) as last_day,
      private.today() as today
    from setting
  )
  select 'before-opening', format('Registration for the %s opens on %s.', edition_name,
           to_char(opens, 'FMDD FMMonth YYYY'))
  from window_days where today < opens
  union all
  select 'closed', format('Registration for the %s closed on %s.', edition_name,
           to_char(last_day, 'FMDD FMMonth YYYY'))
  from window_days where today > last_day
$$;

revoke all on function private.today(), private.registration_window_refusal()
  from public, anon, authenticated;

-- The organiser's function (20260301000000_organiser.sql) with the window checked first; the
-- rest is unchanged. Same signature, so its grants stay as they were.
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

  -- Registrations wait for each other here, so two visitors cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into places from public.rally_places();
  if places.remaining <= 0 then
    raise sqlstate 'PT409' using
      message = 'The rally is full',
      detail = 'places',
      hint = 'Join the waiting list to hear if a place becomes free.';
  end if;

  insert into public.registrations (
    lead_driver_name, lead_driver_email, lead_driver_phone, co_driver_name, co_driver_email,
    co_driver_phone, team_name, separate_rooms, vehicle_make, vehicle_colour, registration_plate,
    terms_accepted_at, website
  ) values (
    btrim(lead_driver_name), btrim(lead_driver_email), btrim(lead_driver_phone),
    btrim(coalesce(co_driver_name, '')), btrim(coalesce(co_driver_email, '')),
    btrim(coalesce(co_driver_phone, '')), btrim(coalesce(team_name, '')),
    coalesce(separate_rooms, false), btrim(coalesce(vehicle_make, '')),
    btrim(coalesce(vehicle_colour, '')), btrim(coalesce(registration_plate, '')),
    now(), website
  )
  returning id into new_id;
  -- The honeypot's row is stored nowhere, and the robot gets a reference like anyone else.
  return coalesce(new_id, gen_random_uuid());
end
$$;
