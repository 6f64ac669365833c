-- Issue 25, the co-driver kept in the loop, the team's fundraising page on a public teams list,
-- and the team pack. This file is the database's part.
--
-- Co-driver copies. When a registration has a co-driver email (other than the lead's), each
-- service email the lead driver gets is copied to the co-driver: public.email_log gains
-- co_driver_copy (false: the row addressed as before; true: the co-driver's copy), one row per
-- recipient, each sent once (the once-only kinds are unique per registration, kind and copy). A
-- trigger on email_log queues the copy beside every lead row of a copied kind, so every function
-- that queues one (receipts, reminders, refunds, cancellations, and issue 25's document emails)
-- copies without being redefined. The confirmation and the deposit receipt are sent outside the
-- log (claim_email); their functions queue the co-driver's copy with queue_co_driver_copy().
-- claim_registration_email hands a copy the co-driver's own link (co_driver_link_secret) and
-- never the lead's team link (its definition: 20261129000000_consent_and_unsubscribe.sql's).
--
-- The co-driver's link. issue_co_driver_link() (service role) makes a random 256-bit secret and
-- stores only its SHA-256 in private.co_driver_links, as the team link; it expires as the team
-- link does (the edition's end date + 30 days). /my-registration/co-driver/<secret> calls
-- co_driver_page() and update_co_driver_details(): the co-driver's own name, email and phone,
-- nothing of the lead driver, the money or the cancellation. A team link does not open it, nor a
-- co-driver link the team's functions (different tables).
--
-- Fundraising. The team sets its JustGiving or Enthuse page (https, those hosts only) and a
-- target in pence, and may agree to be shown on the edition's public teams list; public_teams()
-- lists, for anyone, the teams of a published edition that agreed, paid the deposit and are not
-- cancelled: team name, car, fundraising link and target, nothing personal.
--
-- Door numbers and the team pack. A registration's door number is given when its first deposit
-- is recorded in the ledger: 1, 2, 3 … per edition in the order the deposits were recorded,
-- stored once on the registration and never given again in that edition (a counter per edition,
-- so a cancelled or deleted team's number is not reused). Deposits recorded before this
-- migration are numbered in the order of their ledger rows (recorded_at, then id).
-- team_pack_facts() (service role, for the team-pack Edge Function) answers the pack's facts for
-- a team paid in full and ready to drive (private.registration_readiness's `ready`, migration
-- 20261128000000: every detail given and every document accepted), or the reason it cannot have
-- one.
--
-- This file's definition of email_log's once-per-recipient index is the one in force. Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite
-- and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The email log: one row per recipient.
-- ---------------------------------------------------------------------------------------------

-- No new kind here (20261128000000's constraint stands): a copy has its original's kind.
alter table public.email_log
  add column co_driver_copy boolean not null default false;

-- The once-only kinds stay once per registration (20261128000000's list), now once per
-- recipient: the lead's and the co-driver's copy.
drop index public.email_log_once;
create unique index email_log_once on public.email_log (registration_id, kind, co_driver_copy)
  where kind not in ('team_link', 'reminder_manual', 'document_rejected');

-- The kinds a co-driver receives a copy of: the confirmation, the receipts, the balance
-- reminders, the cancellation and the refund, and the documents' reminders and decisions.
create or replace function private.co_driver_copied(email_kind text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select email_kind in ('confirmation', 'deposit_receipt', 'balance_receipt',
    'balance_reminder_14', 'balance_reminder_3', 'balance_overdue', 'reminder_manual',
    'cancelled_team', 'refund_sent', 'documents_reminder_60', 'documents_reminder_30',
    'documents_reminder_14', 'document_rejected')
$$;

-- The co-driver's address for a copy, or null: none given, or the lead's own (one email is
-- enough for one inbox).
create or replace function private.co_driver_address(target uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select btrim(r.co_driver_email)
  from public.registrations as r
  where r.id = target
    and btrim(r.co_driver_email) <> ''
    and lower(btrim(r.co_driver_email)) <> lower(btrim(r.lead_driver_email))
$$;

-- Queues the co-driver's copy of a kind (a rejection's with its document); answers its id, or
-- null (no co-driver address, a kind not copied, or a once-only copy queued before).
create or replace function private.queue_co_driver_copy(
  target uuid,
  email_kind text,
  document uuid default null
)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.email_log (registration_id, kind, recipient, co_driver_copy, team_document_id)
  select target, email_kind, address, true, document
  from private.co_driver_address(target) as address
  where address is not null and private.co_driver_copied(email_kind)
  on conflict do nothing
  returning id
$$;

-- Beside every lead row of a copied kind, the co-driver's copy (the trigger's insert is itself a
-- copy, so it copies nothing).
create or replace function private.copy_email_to_co_driver()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.co_driver_copy and new.registration_id is not null then
    perform private.queue_co_driver_copy(new.registration_id, new.kind, new.team_document_id);
  end if;
  return null;
end
$$;

create trigger email_log_co_driver_copy
  after insert on public.email_log
  for each row execute function private.copy_email_to_co_driver();

-- For the functions that send the confirmation and the deposit receipt outside the log
-- (submission-delivery, stripe-webhook): the co-driver's copy, queued once. Service role only.
create or replace function public.queue_co_driver_copy(registration uuid, kind text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
begin
  if queue_co_driver_copy.kind not in ('confirmation', 'deposit_receipt') then
    raise sqlstate 'PT400' using message = 'Only the confirmation and the deposit receipt are copied from here.',
      detail = 'kind';
  end if;
  return private.queue_co_driver_copy(queue_co_driver_copy.registration, queue_co_driver_copy.kind);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The co-driver's link.
-- ---------------------------------------------------------------------------------------------
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

-- A fresh secret: 32 random bytes, base64url (43 characters). The secrets from here on are made
-- by it (the team link's and the offer link's, older, spell it out).
create or replace function private.new_secret()
returns text
language sql
volatile
security definer
set search_path = ''
as $$ select translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_') $$;
revoke all on function private.new_secret() from public, anon, authenticated;

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
-- emergency contact as registration_drivers holds them, 20261128000000; their licence's state),
-- the edition's facts and whether they may still be changed. Nothing of the lead driver, the
-- car, the money or the cancellation.
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

-- ---------------------------------------------------------------------------------------------
-- Fundraising and the public teams list.
-- ---------------------------------------------------------------------------------------------

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

alter table public.registrations
  add column fundraising_url text not null default ''
    constraint registrations_fundraising_url_check
      check (fundraising_url = '' or private.is_fundraising_url(fundraising_url)),
  -- Pence; null for no target. At most £1,000,000.
  add column fundraising_target_pence integer
    constraint registrations_fundraising_target_check
      check (fundraising_target_pence between 0 and 100000000),
  add column show_on_teams_list boolean not null default false,
  -- Given when the first deposit is recorded (see the head of this file); never changed.
  add column door_number integer check (door_number > 0),
  add constraint registrations_door_number_once unique (edition_id, door_number);

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

-- ---------------------------------------------------------------------------------------------
-- Door numbers.
-- ---------------------------------------------------------------------------------------------
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

create or replace function private.door_number_on_deposit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'deposit' and new.status = 'succeeded' and new.registration_id is not null then
    perform private.give_door_number(new.registration_id);
  end if;
  return null;
end
$$;

create trigger registration_payments_door_number
  after insert on public.registration_payments
  for each row execute function private.door_number_on_deposit();

-- The deposits recorded so far, numbered in the order they were recorded. Giving the number is
-- not a change the team or the organiser made: the rows keep their updated_at.
alter table public.registrations disable trigger registrations_updated_at;
do $$
declare
  paid record;
begin
  for paid in
    select p.registration_id
    from public.registration_payments as p
    where p.kind = 'deposit' and p.status = 'succeeded' and p.registration_id is not null
    group by p.registration_id
    order by min(p.recorded_at), p.registration_id
  loop
    perform private.give_door_number(paid.registration_id);
  end loop;
end
$$;
alter table public.registrations enable trigger registrations_updated_at;

-- ---------------------------------------------------------------------------------------------
-- The team pack.
-- ---------------------------------------------------------------------------------------------

-- The facts of a team's pack, for the team-pack Edge Function (service role): {edition: name,
-- year, start and finish dates and places}, {organiser_phone} (site settings' contact_phone),
-- {team: name, door number, drivers, car}. Or {refused: 'unknown' (a wrong or expired secret),
-- 'cancelled', 'not-paid' (not paid in full), 'not-ready' (not ready to drive)}.
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

-- ---------------------------------------------------------------------------------------------
-- Who may call what.
-- ---------------------------------------------------------------------------------------------
revoke all on function
  private.co_driver_address(uuid), private.queue_co_driver_copy(uuid, text, uuid),
  private.copy_email_to_co_driver(), private.co_driver_registration(text),
  private.co_driver_page(uuid), private.team_fundraising(uuid), private.give_door_number(uuid),
  private.door_number_on_deposit()
  from public, anon, authenticated;
revoke all on function
  public.queue_co_driver_copy(uuid, text), public.issue_co_driver_link(uuid),
  public.co_driver_page(text), public.update_co_driver_details(text, jsonb),
  public.team_fundraising(text), public.update_team_fundraising(text, jsonb),
  public.public_teams(integer), public.team_pack_facts(text)
  from public, anon, authenticated;
-- The secret is the key: its holder may use its page.
grant execute on function
  public.co_driver_page(text), public.update_co_driver_details(text, jsonb),
  public.team_fundraising(text), public.update_team_fundraising(text, jsonb)
  to anon, authenticated;
-- Anyone: the public teams list.
grant execute on function public.public_teams(integer) to anon, authenticated;
-- The Edge Functions.
grant execute on function
  public.queue_co_driver_copy(uuid, text), public.issue_co_driver_link(uuid),
  public.team_pack_facts(text)
  to service_role;
