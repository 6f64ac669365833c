-- The organiser's side (issue 11): registrations, sponsorship enquiries and newsletter
-- subscribers are stored first (the webhooks get a copy), deposits are tied to their
-- registration, places are counted, and the contact messages gain a status and a note.
--
-- Why visitors write through functions (RPC) and not table inserts: a registration needs an
-- atomic capacity check under a lock and must hand its reference back to the visitor (the
-- payment link carries it), which an anonymous insert cannot (visitors may not read rows back,
-- and letting them choose ids was closed by the hardening issue). The enquiry and the
-- subscriber use the same pattern, so every new form has one shape: `submit_*` checks the
-- fields with messages the form shows, then inserts under issue 10's guard (one row per request,
-- honeypot `website`, rate limit PT429: the trigger applies inside the function because it reads
-- the caller's role from the request's JWT). Visitors get no insert grant on these tables.
--
-- Places: capacity (setting rally_capacity) − registrations holding a place. A registration
-- holds one when it is not cancelled and its deposit is paid, or it is pending and younger than
-- private.place_hold() (30 minutes: the time a visitor has to finish paying). Valid on hosted
-- Supabase (PostgreSQL 15+), PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- Shared checks, the same as src/lib/validation.ts (the browser's copy).
-- ---------------------------------------------------------------------------------------------

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and length(value) <= 320
$$;

-- A plausible international number: 7–15 digits, an optional leading +, spaces, dashes, dots
-- and brackets between them.
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

-- How long an unpaid registration keeps its place.
create or replace function private.place_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 minutes' $$;

-- A refusal the form shows beside a field: HTTP 400 with the field in `details`.
create or replace function private.refuse(field text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PT400' using message = message, detail = field;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

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
  status text not null default 'new' check (status in ('new', 'contacted', 'confirmed', 'cancelled')),
  note text not null default '' check (length(note) <= 5000),
  deposit_status text not null default 'pending' check (deposit_status in ('pending', 'paid', 'failed')),
  deposit_amount integer check (deposit_amount >= 0),
  deposit_currency text,
  deposit_paid_at timestamptz,
  payment_id text,
  webhook_status text not null default 'pending' check (webhook_status in ('pending', 'delivered', 'failed')),
  webhook_attempts integer not null default 0,
  webhook_error text,
  webhook_attempted_at timestamptz,
  confirmation_sent_at timestamptz,
  receipt_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.sponsorship_enquiries (
  id uuid primary key default gen_random_uuid(),
  company_name text not null check (btrim(company_name) <> '' and length(company_name) <= 200),
  email text not null check (private.is_email(email)),
  phone text not null check (private.is_phone(phone)),
  tier text not null check (tier in ('Tier 1 - £8,000', 'Tier 2 - £2,100', 'Tier 3 - £800')),
  message text not null check (btrim(message) <> '' and length(message) <= 2000),
  status text not null default 'new' check (status in ('new', 'contacted', 'confirmed', 'cancelled')),
  note text not null default '' check (length(note) <= 5000),
  webhook_status text not null default 'pending' check (webhook_status in ('pending', 'delivered', 'failed')),
  webhook_attempts integer not null default 0,
  webhook_error text,
  webhook_attempted_at timestamptz,
  confirmation_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Stored trimmed and lower-case, so one address is one subscriber.
  email text not null unique check (private.is_email(email) and email = lower(btrim(email))),
  source text not null default 'footer' check (source in ('footer', 'waitlist')),
  status text not null default 'subscribed' check (status in ('subscribed', 'unsubscribed')),
  note text not null default '' check (length(note) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.contact_messages
  add column status text not null default 'new'
    check (status in ('new', 'contacted', 'confirmed', 'cancelled')),
  add column note text not null default '' check (length(note) <= 5000),
  add column updated_at timestamptz not null default now();

create trigger registrations_updated_at before update on public.registrations
  for each row execute function public.set_updated_at();
create trigger sponsorship_enquiries_updated_at before update on public.sponsorship_enquiries
  for each row execute function public.set_updated_at();
create trigger newsletter_subscribers_updated_at before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();
create trigger contact_messages_updated_at before update on public.contact_messages
  for each row execute function public.set_updated_at();

-- The inbox lists open newest first; page 1 reads the first 20 entries of these.
create index registrations_newest_idx on public.registrations (created_at desc, id);
create index registrations_status_idx on public.registrations (status, created_at desc);
create index sponsorship_enquiries_newest_idx on public.sponsorship_enquiries (created_at desc, id);
create index newsletter_subscribers_newest_idx on public.newsletter_subscribers (created_at desc, id);
create index contact_messages_newest_idx on public.contact_messages (created_at desc, id);
-- What holds a place, for the count under the registration lock.
create index registrations_places_idx on public.registrations (deposit_status, created_at)
  where status <> 'cancelled';

-- Payment events already handled (Stripe's event ids): a replayed event changes nothing.
create table private.payment_events (
  id text primary key,
  type text not null,
  registration_id uuid,
  received_at timestamptz not null default now()
);
revoke all on private.payment_events from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Who reads and writes: administrators only. Visitors write through the functions below.
-- ---------------------------------------------------------------------------------------------

alter table public.registrations enable row level security;
alter table public.sponsorship_enquiries enable row level security;
alter table public.newsletter_subscribers enable row level security;

revoke all on public.registrations, public.sponsorship_enquiries, public.newsletter_subscribers
  from anon, authenticated;
grant select, delete on public.registrations, public.sponsorship_enquiries,
  public.newsletter_subscribers to authenticated;
grant update (status, note) on public.registrations, public.sponsorship_enquiries,
  public.newsletter_subscribers, public.contact_messages to authenticated;

create policy "administrators read registrations" on public.registrations
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update registrations" on public.registrations
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete registrations" on public.registrations
  for delete to authenticated using ((select public.is_admin()));

create policy "administrators read enquiries" on public.sponsorship_enquiries
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update enquiries" on public.sponsorship_enquiries
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete enquiries" on public.sponsorship_enquiries
  for delete to authenticated using ((select public.is_admin()));

create policy "administrators read subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update subscribers" on public.newsletter_subscribers
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete subscribers" on public.newsletter_subscribers
  for delete to authenticated using ((select public.is_admin()));

create policy "administrators update contact messages" on public.contact_messages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Issue 10's guard on each new table (honeypot, one row per request, rate limit), then the
-- insert grant it gives is taken back: the functions below are the only way in.
select private.accept_public_submissions(
  'public.registrations', array['lead_driver_email'], 'lead_driver_email');
select private.accept_public_submissions(
  'public.sponsorship_enquiries', array['email'], 'email');
select private.accept_public_submissions(
  'public.newsletter_subscribers', array['email'], 'email', per_email => 5, per_ip => 20);
revoke insert on public.registrations, public.sponsorship_enquiries,
  public.newsletter_subscribers from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Places
-- ---------------------------------------------------------------------------------------------

insert into public.site_settings (key, value, description) values
  ('rally_capacity', '12', 'Places on the 2026 rally (cars). Spots remaining are counted from it.')
on conflict (key) do nothing;
-- Places are counted, not typed.
delete from public.site_settings where key = 'rally_spots_remaining';

alter table public.site_settings add constraint site_settings_rally_capacity_number
  check (key <> 'rally_capacity' or value ~ '^[0-9]{1,6}$');

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
      (select count(*)::integer from public.registrations
       where status <> 'cancelled'
         and (deposit_status = 'paid'
              or (deposit_status = 'pending' and created_at > now() - private.place_hold())))
        as taken
  )
  select capacity, taken, greatest(capacity - taken, 0) from counted
$$;

-- ---------------------------------------------------------------------------------------------
-- Public submissions
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

create or replace function public.submit_sponsorship_enquiry(
  company_name text,
  email text,
  phone text,
  tier text,
  message text,
  website text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_id uuid;
begin
  if btrim(coalesce(company_name, '')) = '' or length(company_name) > 200 then
    perform private.refuse('companyName', 'Please enter your company name (up to 200 characters).');
  end if;
  if not coalesce(private.is_email(btrim(email)), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if not coalesce(private.is_phone(btrim(phone)), false) then
    perform private.refuse('phone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
  if coalesce(tier, '') not in ('Tier 1 - £8,000', 'Tier 2 - £2,100', 'Tier 3 - £800') then
    perform private.refuse('tier', 'Please select a sponsorship tier.');
  end if;
  if btrim(coalesce(message, '')) = '' or length(message) > 2000 then
    perform private.refuse('message', 'Please enter a message of up to 2,000 characters.');
  end if;
  insert into public.sponsorship_enquiries (company_name, email, phone, tier, message, website)
  values (btrim(company_name), btrim(email), btrim(phone), tier, btrim(message), website)
  returning id into new_id;
  return coalesce(new_id, gen_random_uuid());
end
$$;

-- Idempotent per address: subscribing again keeps one row (and a waitlist sign-up marks it).
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
    status = 'subscribed',
    source = case when excluded.source = 'waitlist' then 'waitlist' else subscriber.source end;
end
$$;

-- What /payment-success may know: the deposit status of the registration whose reference the
-- visitor holds ('paid', 'pending', 'failed'), or 'unknown'. It reveals nothing else.
create or replace function public.deposit_status(reference text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select deposit_status from public.registrations
     where reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       and id = reference::uuid),
    'unknown'
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- For the Edge Functions (service role only): claim a webhook delivery or an email once, record
-- the outcome, and mark a deposit paid once per event.
-- ---------------------------------------------------------------------------------------------

-- The tables whose rows the delivery function handles.
create or replace function private.delivery_table(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case kind
    when 'registration' then 'public.registrations'
    when 'sponsorship' then 'public.sponsorship_enquiries'
  end
$$;

-- Takes the row's webhook delivery if it is still to do (first delivery) or, with retry, if it
-- failed; answers the row as JSON, or null when there is nothing to deliver.
create or replace function public.claim_webhook_delivery(kind text, row_id uuid, retry boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant text := private.delivery_table(kind);
  claimed jsonb;
begin
  if target is null then
    return null;
  end if;
  execute format(
    'update %s set webhook_attempts = webhook_attempts + 1, webhook_attempted_at = now() '
    'where id = $1 and (webhook_status = ''pending'' and webhook_attempts = 0 '
    '  or ($2 and webhook_status <> ''delivered'')) '
    'returning to_jsonb(%1$s.*)', target
  ) into claimed using row_id, coalesce(retry, false);
  return claimed;
end
$$;

create or replace function public.record_webhook_delivery(kind text, row_id uuid, delivered boolean, error text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant text := private.delivery_table(kind);
begin
  if target is null then
    return;
  end if;
  execute format(
    'update %s set webhook_status = case when $2 then ''delivered'' else ''failed'' end, '
    'webhook_error = case when $2 then null else left($3, 500) end where id = $1', target
  ) using row_id, delivered, error;
end
$$;

-- Takes the sending of one email (confirmation or receipt) for a row, once, and answers the row
-- as JSON (null when it was sent already); `release` gives it back after a failed send, so a
-- later call tries again.
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
  claimed jsonb;
begin
  if target is null or sent_column is null or (kind <> 'registration' and email = 'receipt') then
    return null;
  end if;
  if release then
    execute format('update %s set %I = null where id = $1', target, sent_column) using row_id;
    return null;
  end if;
  execute format(
    'update %s set %I = now() where id = $1 and %I is null returning to_jsonb(%1$s.*)',
    target, sent_column, sent_column
  ) into claimed using row_id;
  return claimed;
end
$$;

-- A completed deposit payment. Answers 'paid' when this event marked the registration paid,
-- 'replayed' for an event already handled, 'already-paid' when another event paid it before,
-- 'unknown' when no registration has that reference.
create or replace function public.record_deposit_payment(
  event_id text,
  event_type text,
  reference text,
  amount integer,
  currency text,
  payment_id text,
  paid_at timestamptz
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target_id uuid;
  changed integer;
begin
  insert into private.payment_events (id, type) values (event_id, event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return 'replayed';
  end if;
  if reference !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return 'unknown';
  end if;
  target_id := reference::uuid;
  update private.payment_events set registration_id = target_id where id = event_id;
  if not exists (select 1 from public.registrations where id = target_id) then
    return 'unknown';
  end if;
  if event_type = 'checkout.session.async_payment_failed' then
    update public.registrations set deposit_status = 'failed'
    where id = target_id and deposit_status = 'pending';
    return 'failed';
  end if;
  update public.registrations set
    deposit_status = 'paid',
    deposit_amount = amount,
    deposit_currency = lower(currency),
    deposit_paid_at = paid_at,
    payment_id = record_deposit_payment.payment_id
  where id = target_id and deposit_status <> 'paid';
  get diagnostics changed = row_count;
  return case when changed = 1 then 'paid' else 'already-paid' end;
end
$$;

-- Visitors may call the public functions; the Edge Functions' ones are the service role's.
revoke execute on function
  public.rally_places(), public.submit_registration(text, text, text, boolean, text, text, text, text, boolean, text, text, text, text),
  public.submit_sponsorship_enquiry(text, text, text, text, text, text),
  public.subscribe_newsletter(text, text, text), public.deposit_status(text),
  public.claim_webhook_delivery(text, uuid, boolean),
  public.record_webhook_delivery(text, uuid, boolean, text),
  public.claim_email(text, uuid, text, boolean),
  public.record_deposit_payment(text, text, text, integer, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.rally_places(), public.submit_registration(text, text, text, boolean, text, text, text, text, boolean, text, text, text, text),
  public.submit_sponsorship_enquiry(text, text, text, text, text, text),
  public.subscribe_newsletter(text, text, text), public.deposit_status(text)
  to anon, authenticated;
grant execute on function
  public.claim_webhook_delivery(text, uuid, boolean),
  public.record_webhook_delivery(text, uuid, boolean, text),
  public.claim_email(text, uuid, text, boolean),
  public.record_deposit_payment(text, text, text, integer, text, text, timestamptz)
  to service_role;
-- is_email and is_phone stay executable: the tables' CHECK constraints call them on every
-- administrator's update too.
revoke all on function private.place_hold(), private.refuse(text, text),
  private.delivery_table(text) from public, anon, authenticated;

-- The dashboard's counts of new items, in one call (administrators only: RLS applies).
create view public.inbox_counts with (security_invoker = true) as
  select 'registrations'::text as inbox, count(*)::integer as new_items
  from public.registrations where status = 'new'
  union all
  select 'enquiries', count(*)::integer from public.sponsorship_enquiries where status = 'new'
  union all
  select 'messages', count(*)::integer from public.contact_messages where status = 'new'
  union all
  select 'subscribers', count(*)::integer from public.newsletter_subscribers
  where created_at > now() - interval '7 days';
revoke all on public.inbox_counts from anon, authenticated;
grant select on public.inbox_counts to authenticated;
