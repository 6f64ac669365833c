-- Registrations: a team's sign-up for an edition, and what the team does afterwards on its own
-- page behind a secret link: keep its details up to date, cancel by the terms, set its
-- fundraising page, and download its team pack. The co-driver has a page of their own behind a
-- link of their own. Places (what a registration holds) are places.sql's, the money the ledger's
-- (money.sql), the documents documents.sql's.
--
-- Secret links, as pretix does: issue_team_link() (service role) makes a random 256-bit secret,
-- stores only its SHA-256 and answers the secret once, for the emails' /my-registration/<secret>
-- links. A secret works until its edition's end date + 30 days (the database's day,
-- private.today()). The functions that take it answer null, the same answer, for a wrong,
-- altered or expired secret: nothing personal. The secret is the key: no per-caller counter.

-- The reasons a payment is not applied (money.sql's payment_exceptions.reason, and the latest on
-- the registration). Executable by everyone, as private.is_email: CHECK constraints call it on
-- every administrator's update too.
create or replace function private.is_payment_exception_reason(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value in ('amount', 'currency', 'mode', 'not-paid', 'cancelled', 'no-place',
                   'unknown-reference', 'duplicate')
$$;

-- A team's fundraising page: https on justgiving.com or enthuse.com (or a subdomain of either,
-- as Enthuse gives each charity one), no user, port or other host; up to 500 characters.
-- Executable by everyone, as private.is_email: the CHECK constraint calls it on every write.
create or replace function private.is_fundraising_url(address text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select length(address) <= 500
    and address ~* '^https://([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*(justgiving|enthuse)\.com(/[!#$%&''()*+,./0-9:;=?@A-Z_a-z~-]*)?$'
$$;

create table public.registrations (
  id uuid primary key default gen_random_uuid(),
  lead_driver_name text not null check (btrim(lead_driver_name) <> '' and length(lead_driver_name) <= 200),
  lead_driver_email text not null check (private.is_email(lead_driver_email)),
  lead_driver_phone text not null check (private.is_phone(lead_driver_phone)),
  co_driver_name text not null default '' check (length(co_driver_name) <= 200),
  co_driver_email text not null default '' check (co_driver_email = '' or private.is_email(co_driver_email)),
  co_driver_phone text not null default '' check (co_driver_phone = '' or private.is_phone(co_driver_phone)),
  team_name text not null default '' check (length(team_name) <= 200),
  separate_rooms boolean not null default false,
  vehicle_make text not null default '' check (length(vehicle_make) <= 100),
  vehicle_colour text not null default '' check (length(vehicle_colour) <= 100),
  registration_plate text not null default '' check (length(registration_plate) <= 20),
  terms_accepted_at timestamptz not null default now(),
  -- The organiser's progress in the inbox.
  status text not null default 'new' check (status in ('new', 'contacted', 'confirmed', 'cancelled')),
  note text not null default '' check (length(note) <= 5000),
  -- The deposit as the Stripe webhook recorded it (the ledger, money.sql, holds every payment).
  deposit_status text not null default 'pending' check (deposit_status in ('pending', 'paid', 'failed')),
  deposit_amount integer check (deposit_amount >= 0),
  deposit_currency text,
  deposit_paid_at timestamptz,
  payment_id text,
  -- The spec's webhook's copy and the acknowledgements (submissions.sql).
  webhook_status text not null default 'pending' check (webhook_status in ('pending', 'delivered', 'failed')),
  webhook_attempts integer not null default 0,
  webhook_error text,
  webhook_attempted_at timestamptz,
  confirmation_sent_at timestamptz,
  receipt_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The public forms' honeypot: always null (foundation.sql).
  website text constraint registrations_website_never_stored check (website is null),
  -- The network it came from (private.client_ip()), read only by administrators: one network
  -- holds at most one place at a time (places.sql).
  client_ip text check (length(client_ip) <= 64),
  -- Whether this unpaid registration holds a place for private.place_hold(): only its network's
  -- first within the registrations' rate window does.
  holds_place boolean not null default true,
  -- The latest payment exception's reason (the inbox's marker and filter); the rows themselves
  -- are in public.payment_exceptions.
  payment_exception text check (private.is_payment_exception_reason(payment_exception)),
  edition_id uuid not null default private.current_edition_id()
    references public.editions (id) on delete restrict,
  vehicle_model text not null default '' check (length(vehicle_model) <= 100),
  emergency_contact_name text not null default ''
    check (length(emergency_contact_name) <= 200),
  emergency_contact_phone text not null default ''
    check (emergency_contact_phone = '' or private.is_phone(emergency_contact_phone)),
  -- Set by cancel_registration: when, and what the terms gave back at that moment (pence).
  cancelled_at timestamptz,
  refund_due_pence integer check (refund_due_pence >= 0),
  -- The ledger's succeeded payments by kind, kept here by a trigger on the ledger (money.sql) and
  -- never written by hand, so that the inbox's view reads one row per registration and sums
  -- nothing: 10,000 rows filtered by money state cost one scan.
  paid_pence integer not null default 0,
  deposit_paid_pence integer not null default 0,
  refunded_pence integer not null default 0,
  -- The car's documents' dates (documents.sql).
  insurance_expiry date,
  mot_expiry date,
  -- The team's JustGiving or Enthuse page, its target (pence, at most £1,000,000; null for none)
  -- and its consent to the edition's public teams list.
  fundraising_url text not null default ''
    constraint registrations_fundraising_url_check
      check (fundraising_url = '' or private.is_fundraising_url(fundraising_url)),
  fundraising_target_pence integer
    constraint registrations_fundraising_target_check
      check (fundraising_target_pence between 0 and 100000000),
  show_on_teams_list boolean not null default false,
  -- Given when the first deposit is recorded in the ledger (see the door numbers below); never
  -- changed.
  door_number integer check (door_number > 0),
  -- When its personal fields were anonymised (an erasure or the retention job,
  -- personal_data.sql): never twice.
  anonymised_at timestamptz,
  constraint registrations_door_number_once unique (edition_id, door_number)
);
-- The inbox lists open newest first; page 1 reads the first 20 entries of these.
create index registrations_newest_idx on public.registrations (created_at desc, id);
create index registrations_status_idx on public.registrations (status, created_at desc);
create index registrations_edition_idx on public.registrations (edition_id, created_at desc, id);
-- What holds a place in an edition, and the live holds (places.sql).
create index registrations_edition_places_idx
  on public.registrations (edition_id, deposit_status, created_at) where status <> 'cancelled';
create index registrations_live_holds_idx on public.registrations (created_at)
  where status <> 'cancelled' and deposit_status = 'pending' and holds_place;
-- Whether a network registered within the rate window (the hold's first-from-its-network rule).
create index registrations_client_ip_idx on public.registrations (client_ip, created_at)
  where client_ip is not null;

create trigger registrations_updated_at before update on public.registrations
  for each row execute function public.set_updated_at();
-- The public forms' guard counts the inserts submit_registration makes.
create trigger guard_public_submission before insert on public.registrations
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('public.registrations', 'lead_driver_email', 'website', 3, 10, interval '1 hour');

-- Administrators read, update the status and note, and delete; visitors register through
-- submit_registration, teams change their rows through the functions below.
alter table public.registrations enable row level security;
revoke all on public.registrations from anon, authenticated;
grant select, delete on public.registrations to authenticated;
grant update (status, note) on public.registrations to authenticated;
create policy "administrators read registrations" on public.registrations
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update registrations" on public.registrations
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete registrations" on public.registrations
  for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Signing up
-- ---------------------------------------------------------------------------------------------

-- Why a registration cannot be made today: no row while the current edition's window is open,
-- else the page's phase ('before-opening' or 'closed') and the sentence for the visitor, with
-- the date written as the page writes it ('1 September 2025'). The days match
-- src/lib/calendar.ts's rallyPhase: open from the start of the opening day to the end of the
-- closing day, and never once the rally has started (the last day is the eve of the start if
-- that is earlier). No current edition: closed.
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

-- The team's fields, one set of rules for the sign-up (submit_registration) and the team's page
-- (update_team_details, and the documents' and co-driver's details): the refusal names the form's
-- field in `details`.
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

revoke all on function private.registration_window_refusal(),
  private.refuse_team_fields(text, text, text, text, text, text, text, text, text, text, text, text, text)
  from public, anon, authenticated;

-- The sign-up form. Outside the registration window it refuses first (HTTP 409, a form-level
-- message, shaped like "The rally is full": `details` names the page's phase). Under the places
-- lock it registers for the current edition while a place is free, or with a standing
-- waiting-list offer's secret although the edition is full (the offer holds the place, not the
-- 5-minute hold). It answers the registration's reference, which the deposit's payment link
-- carries. Visitors may call it (the schema's default privileges).
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
-- The team's page
-- ---------------------------------------------------------------------------------------------

-- Only the SHA-256 of each secret.
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

-- What the terms give back if the registration is cancelled today (money.sql's
-- private.cancellation_quote).
create or replace function public.cancellation_quote(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.cancellation_quote(private.team_registration(secret)) $$;

-- Cancels the registration under the places lock: the place is free at once, the refund due is
-- the quote at that moment, and the team and the organiser are emailed. A registration made
-- through a waiting-list offer gives the offer up ('declined'), and the edition's free places are
-- handed out in the same transaction. Answers {outcome: 'cancelled' | 'already-cancelled',
-- refund_due_pence, cancelled_at}, or null for a secret that opens nothing.
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

-- "Email me my link": each request, counted by the public forms' guard (3 per inbox and 10 per
-- network an hour); kept a day.
create table private.team_link_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) <= 320),
  requested_at timestamptz not null default now(),
  website text constraint team_link_requests_website_never_stored check (website is null)
);
create trigger guard_public_submission before insert on private.team_link_requests
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('private.team_link_requests', 'email', 'website', 3, 10, interval '1 hour');
alter table private.team_link_requests enable row level security;
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

revoke all on function private.team_registration(text), private.team_page(uuid)
  from public, anon, authenticated;
revoke all on function
  public.issue_team_link(uuid), public.team_page(text), public.update_team_details(text, jsonb),
  public.cancellation_quote(text), public.cancel_registration(text),
  public.request_team_link(text, text)
  from public, anon, authenticated;
-- The secret is the key: anyone holding it may use the team's page.
grant execute on function
  public.team_page(text), public.update_team_details(text, jsonb),
  public.cancellation_quote(text), public.cancel_registration(text),
  public.request_team_link(text, text)
  to anon, authenticated;
grant execute on function public.issue_team_link(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The co-driver's page
-- ---------------------------------------------------------------------------------------------
-- /my-registration/co-driver/<secret>: the co-driver's own name, email and phone, their driver's
-- details and licence, nothing of the lead driver, the money or the cancellation. A team link does
-- not open it, nor a co-driver link the team's functions (different tables). It expires as the
-- team link does.

create table private.co_driver_links (
  token_hash bytea primary key,
  registration_id uuid not null references public.registrations (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index co_driver_links_registration_idx on private.co_driver_links (registration_id);
alter table private.co_driver_links enable row level security;
revoke all on private.co_driver_links from public, anon, authenticated;

-- The registration a co-driver's secret opens, or null (wrong, altered or expired: as
-- private.team_registration).
create or replace function private.co_driver_registration(secret text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.registration_id
  from private.co_driver_links as l
  join public.registrations as r on r.id = l.registration_id
  join public.editions as e on e.id = r.edition_id
  where l.token_hash = sha256(convert_to(coalesce(secret, ''), 'UTF8'))
    and secret ~ '^[A-Za-z0-9_-]{43}$'
    and private.today() <= e.end_date + 30
$$;

-- Makes a co-driver secret; stores its SHA-256 only and answers the secret, once. Null for no
-- registration.
create or replace function public.issue_co_driver_link(registration uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret constant text := private.new_secret();
begin
  if not exists (select 1 from public.registrations where id = issue_co_driver_link.registration) then
    return null;
  end if;
  insert into private.co_driver_links (token_hash, registration_id)
  values (sha256(convert_to(secret, 'UTF8')), issue_co_driver_link.registration);
  return secret;
end
$$;

-- The co-driver's section: their own details (name, email, phone; date of birth, licence and
-- emergency contact as registration_drivers holds them; their licence's state), the edition's
-- facts and whether they may still be changed.
create or replace function private.co_driver_page(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'team_name', r.team_name,
    'co_driver_name', r.co_driver_name,
    'co_driver_email', r.co_driver_email,
    'co_driver_phone', r.co_driver_phone,
    'driver', private.driver_details(d, r.co_driver_name) - 'name',
    'licence', (select i - 'document_id'
                from jsonb_array_elements(private.registration_readiness(r.id) -> 'items') as i
                where i ->> 'kind' = 'co_licence'),
    'edition', jsonb_build_object(
      'year', e.year, 'name', e.name, 'start_date', e.start_date, 'end_date', e.end_date),
    'cancelled', r.status = 'cancelled',
    'details_editable_until', e.start_date - e.details_cutoff_days,
    'details_editable', r.status <> 'cancelled'
      and private.today() <= e.start_date - e.details_cutoff_days)
  from public.registrations as r
  join public.editions as e on e.id = r.edition_id
  left join public.registration_drivers as d on d.registration_id = r.id and d.role = 'co'
  where r.id = target
$$;

create or replace function public.co_driver_page(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.co_driver_page(private.co_driver_registration(secret)) $$;

-- The co-driver's own details, changed until the edition's cut-off as the team's are, with the
-- sign-up's rules (private.refuse_team_fields: the refusal names the form's field). `details`
-- holds co_driver_name, co_driver_email and co_driver_phone, and the co-driver's section of the
-- documents' details (date_of_birth, licence_number, licence_expiry, emergency_contact_name,
-- emergency_contact_phone: private.save_driver's rules and refusals, coDateOfBirth …), each
-- optional; nothing else.
create or replace function public.update_co_driver_details(secret text, details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.co_driver_registration(secret);
  current_row public.registrations;
  edition public.editions;
  changed_row public.registrations;
  field text;
  fields constant text[] := array['co_driver_name', 'co_driver_email', 'co_driver_phone'];
  driver_fields constant text[] := array['date_of_birth', 'licence_number', 'licence_expiry',
    'emergency_contact_name', 'emergency_contact_phone'];
  section jsonb;
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
    if field = any (driver_fields) then
      continue;
    elsif not field = any (fields) then
      raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
    elsif jsonb_typeof(details -> field) <> 'string' then
      raise sqlstate 'PT400' using message = format('%s must be text.', field), detail = field;
    end if;
  end loop;

  changed_row := jsonb_populate_record(current_row, details - driver_fields);
  if btrim(coalesce(changed_row.co_driver_name, '')) = '' then
    perform private.refuse('coDriverName', 'Please enter your full name (up to 200 characters).');
  end if;
  perform private.refuse_team_fields(
    current_row.lead_driver_name, current_row.lead_driver_email, current_row.lead_driver_phone,
    changed_row.co_driver_name, changed_row.co_driver_email, changed_row.co_driver_phone,
    current_row.team_name, current_row.vehicle_make, current_row.vehicle_colour,
    current_row.registration_plate, current_row.vehicle_model,
    current_row.emergency_contact_name, current_row.emergency_contact_phone);

  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into section
  from jsonb_each(details) where key = any (driver_fields);
  if section <> '{}'::jsonb then
    perform private.save_driver(target, 'co', section, edition);
  end if;

  update public.registrations set
    co_driver_name = btrim(changed_row.co_driver_name),
    co_driver_email = btrim(changed_row.co_driver_email),
    co_driver_phone = btrim(changed_row.co_driver_phone)
  where id = target
  returning * into changed_row;

  select coalesce(array_agg(key order by key), '{}') into changed
  from jsonb_each(to_jsonb(changed_row)) as after_value(key, value)
  where key = any (fields) and value is distinct from to_jsonb(current_row) -> key;
  if section <> '{}'::jsonb then
    changed := changed || 'co_driver_details'::text;
  end if;
  perform private.audit_participant(target, changed);
  return private.co_driver_page(target);
end
$$;

revoke all on function private.co_driver_registration(text), private.co_driver_page(uuid)
  from public, anon, authenticated;
revoke all on function
  public.issue_co_driver_link(uuid), public.co_driver_page(text),
  public.update_co_driver_details(text, jsonb)
  from public, anon, authenticated;
-- The secret is the key: its holder may use its page.
grant execute on function public.co_driver_page(text), public.update_co_driver_details(text, jsonb)
  to anon, authenticated;
grant execute on function public.issue_co_driver_link(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Fundraising and the public teams list
-- ---------------------------------------------------------------------------------------------

-- The team's fundraising as its page shows it (the secret was checked by the caller).
create or replace function private.team_fundraising(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'fundraising_url', r.fundraising_url,
    'fundraising_target_pence', r.fundraising_target_pence,
    'show_on_teams_list', r.show_on_teams_list,
    'door_number', r.door_number,
    'editable', r.status <> 'cancelled')
  from public.registrations as r
  where r.id = target
$$;

create or replace function public.team_fundraising(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.team_fundraising(private.team_registration(secret)) $$;

-- Sets the fundraising page, its target and the consent to the public list. `details` holds
-- fundraising_url (text, '' for none), fundraising_target_pence (a whole number of pence, or
-- null) and show_on_teams_list (boolean), each optional. Refusals name the form's field. Open
-- until the link expires (after the details' cut-off too: a team raises money until the end),
-- but not once cancelled. Answers team_fundraising's shape, or null for a bad secret.
create or replace function public.update_team_fundraising(secret text, details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.team_registration(secret);
  current_row public.registrations;
  address text;
  target_pence integer;
  shown boolean;
  field text;
  changed text[];
begin
  if target is null then
    return null;
  end if;
  select * into current_row from public.registrations where id = target for update;
  if current_row.status = 'cancelled' then
    raise sqlstate 'PT409' using message = 'This registration is cancelled: its details can no longer be changed.',
      detail = 'cancelled';
  end if;
  if jsonb_typeof(details) is distinct from 'object' then
    raise sqlstate 'PT400' using message = 'Send the details as one JSON object.';
  end if;
  for field in select jsonb_object_keys(details) loop
    if field not in ('fundraising_url', 'fundraising_target_pence', 'show_on_teams_list') then
      raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
    end if;
  end loop;

  address := current_row.fundraising_url;
  if details ? 'fundraising_url' then
    if jsonb_typeof(details -> 'fundraising_url') <> 'string' then
      perform private.refuse('fundraisingUrl', 'Please enter the address of your JustGiving or Enthuse page.');
    end if;
    address := btrim(details ->> 'fundraising_url');
    if address <> '' and not private.is_fundraising_url(address) then
      perform private.refuse('fundraisingUrl',
        'Please enter the https:// address of your page on JustGiving (justgiving.com) or Enthuse (enthuse.com).');
    end if;
  end if;
  target_pence := current_row.fundraising_target_pence;
  if details ? 'fundraising_target_pence' then
    if jsonb_typeof(details -> 'fundraising_target_pence') = 'null' then
      target_pence := null;
    elsif jsonb_typeof(details -> 'fundraising_target_pence') <> 'number'
          or (details ->> 'fundraising_target_pence') !~ '^[0-9]{1,9}$'
          or (details ->> 'fundraising_target_pence')::bigint > 100000000 then
      perform private.refuse('fundraisingTarget', 'Please enter a target between £0 and £1,000,000.');
    else
      target_pence := (details ->> 'fundraising_target_pence')::integer;
    end if;
  end if;
  shown := current_row.show_on_teams_list;
  if details ? 'show_on_teams_list' then
    if jsonb_typeof(details -> 'show_on_teams_list') <> 'boolean' then
      perform private.refuse('showOnTeamsList', 'Please choose whether to show your team on the public teams list.');
    end if;
    shown := (details -> 'show_on_teams_list')::boolean;
  end if;

  update public.registrations set
    fundraising_url = address,
    fundraising_target_pence = target_pence,
    show_on_teams_list = shown
  where id = target;
  changed := array_remove(array[
    case when address is distinct from current_row.fundraising_url then 'fundraising_url' end,
    case when target_pence is distinct from current_row.fundraising_target_pence
         then 'fundraising_target_pence' end,
    case when shown is distinct from current_row.show_on_teams_list then 'show_on_teams_list' end
  ], null);
  perform private.audit_participant(target, changed);
  return private.team_fundraising(target);
end
$$;

-- The public teams list of a published edition: the teams that agreed to be shown, paid the
-- deposit (the ledger holds one) and are not cancelled, in door-number order. Only these
-- columns, for anyone; an unpublished or unknown year answers an empty list.
create or replace function public.public_teams(year integer)
returns table (
  team_name text,
  vehicle_make text,
  vehicle_model text,
  fundraising_url text,
  fundraising_target_pence integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.team_name, r.vehicle_make, r.vehicle_model, r.fundraising_url,
    r.fundraising_target_pence
  from public.registrations as r
  join public.editions as e on e.id = r.edition_id
  where e.year = public_teams.year
    and e.status = 'published'
    and r.show_on_teams_list
    and r.status <> 'cancelled'
    and exists (select 1 from public.registration_payments as p
                where p.registration_id = r.id and p.kind = 'deposit' and p.status = 'succeeded')
  order by r.door_number nulls last, r.team_name, r.id
$$;

revoke all on function private.team_fundraising(uuid) from public, anon, authenticated;
revoke all on function
  public.team_fundraising(text), public.update_team_fundraising(text, jsonb),
  public.public_teams(integer)
  from public, anon, authenticated;
grant execute on function
  public.team_fundraising(text), public.update_team_fundraising(text, jsonb)
  to anon, authenticated;
grant execute on function public.public_teams(integer) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Door numbers and the team pack
-- ---------------------------------------------------------------------------------------------
-- A registration's door number is given when its first deposit is recorded in the ledger (the
-- ledger's trigger, money.sql): 1, 2, 3 … per edition in the order the deposits were recorded,
-- stored once on the registration and never given again in that edition (a counter per edition,
-- so a cancelled or deleted team's number is not reused).

create table private.edition_door_numbers (
  edition_id uuid primary key references public.editions (id) on delete cascade,
  last_given integer not null default 0
);
alter table private.edition_door_numbers enable row level security;
revoke all on private.edition_door_numbers from public, anon, authenticated;

-- Gives the registration the next door number of its edition if it has none; answers it.
create or replace function private.give_door_number(target uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  given integer;
begin
  select * into team from public.registrations where id = target for update;
  if team.id is null or team.door_number is not null then
    return team.door_number;
  end if;
  insert into private.edition_door_numbers as counter (edition_id, last_given)
  values (team.edition_id, 1)
  on conflict (edition_id) do update set last_given = counter.last_given + 1
  returning last_given into given;
  update public.registrations set door_number = given where id = target;
  return given;
end
$$;

revoke all on function private.give_door_number(uuid) from public, anon, authenticated;

-- The facts of a team's pack, for the team-pack Edge Function (service role): {edition: name,
-- year, start and finish dates and places}, {organiser_phone} (the settings' contact_phone),
-- {team: name, door number, drivers, car}; or {refused: 'unknown' (a wrong or expired secret),
-- 'cancelled', 'not-paid' (not paid in full), 'not-ready' (not ready to drive,
-- documents.sql)}.
create or replace function public.team_pack_facts(secret text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.team_registration(secret);
  team public.registrations;
  edition public.editions;
begin
  select * into team from public.registrations where id = target;
  if team.id is null then
    return jsonb_build_object('refused', 'unknown');
  end if;
  if team.status = 'cancelled' then
    return jsonb_build_object('refused', 'cancelled');
  end if;
  if private.registration_money(team.id) ->> 'state' <> 'paid in full' then
    return jsonb_build_object('refused', 'not-paid');
  end if;
  if not coalesce((private.registration_readiness(team.id) ->> 'ready')::boolean, false) then
    return jsonb_build_object('refused', 'not-ready');
  end if;
  select * into edition from public.editions where id = team.edition_id;
  return jsonb_build_object(
    'edition', jsonb_build_object(
      'name', edition.name, 'year', edition.year,
      'start_date', edition.start_date, 'end_date', edition.end_date,
      'start_place', edition.start_place, 'finish_place', edition.finish_place),
    'organiser_phone',
      coalesce((select value from public.site_settings where key = 'contact_phone'), ''),
    'team', jsonb_build_object(
      'reference', team.id,
      'team_name', team.team_name,
      'door_number', team.door_number,
      'lead_driver_name', team.lead_driver_name,
      'co_driver_name', team.co_driver_name,
      'vehicle_make', team.vehicle_make,
      'vehicle_model', team.vehicle_model,
      'vehicle_colour', team.vehicle_colour,
      'registration_plate', team.registration_plate));
end
$$;

revoke all on function public.team_pack_facts(text) from public, anon, authenticated;
grant execute on function public.team_pack_facts(text) to service_role;
