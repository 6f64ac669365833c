-- Documents: ready to drive. The documents the terms require (each driver's licence, the car's
-- insurance and MOT), the details they prove (dates of birth, licence numbers and expiries,
-- emergency contacts, the car's insurance and MOT expiries), the organiser's decisions on them and
-- each team's readiness. The team-documents Edge Function stores the files in the private bucket
-- `documents` at <registration>/<kind>/<uuid>.<ext>; only it (service role) writes them and
-- records them here. The team's secret reaches every document of its registration, the
-- co-driver's secret the co-driver's licence only.
--
-- Readiness: 'ready to drive' (details complete and every required document accepted),
-- 'rejected' (a current document rejected), 'documents missing' (a detail or a document
-- missing), else 'awaiting check'. The inbox's view (money.sql's registrations_with_money) and
-- the documents reminders (mail.sql) read it.

-- One row per driver of a registration ('lead', 'co'), with the date of birth, the licence's
-- number and expiry and the driver's emergency contact.
create table public.registration_drivers (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid not null references public.registrations (id) on delete cascade,
  role text not null check (role in ('lead', 'co')),
  date_of_birth date,
  licence_number text not null default '' check (length(licence_number) <= 40),
  licence_expiry date,
  emergency_contact_name text not null default '' check (length(emergency_contact_name) <= 200),
  emergency_contact_phone text not null default ''
    check (emergency_contact_phone = '' or private.is_phone(emergency_contact_phone)),
  updated_at timestamptz not null default now(),
  unique (registration_id, role)
);

alter table public.registration_drivers enable row level security;
revoke all on public.registration_drivers from public, anon, authenticated;
grant select on public.registration_drivers to authenticated;
grant all on public.registration_drivers to service_role;
create policy "administrators read the drivers" on public.registration_drivers
  for select to authenticated using ((select public.is_admin()));

-- One row per file a team sent; the current one of a kind is the row not superseded (a new
-- upload supersedes the last), 'missing' is no current row.
create table public.team_documents (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid not null references public.registrations (id) on delete cascade,
  kind text not null check (kind in ('lead_licence', 'co_licence', 'insurance', 'mot')),
  object_path text not null unique check (length(object_path) <= 300),
  file_name text not null check (length(file_name) between 1 and 200),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  status text not null default 'submitted' check (status in ('submitted', 'accepted', 'rejected')),
  reason text check (length(reason) <= 1000),
  submitted_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  decided_by_email text check (length(decided_by_email) <= 320),
  -- Set when a newer file of the same kind arrives: the row is kept as the history of decisions.
  superseded_at timestamptz,
  constraint team_documents_rejection_has_reason
    check (status <> 'rejected' or btrim(coalesce(reason, '')) <> '')
);
create unique index team_documents_current
  on public.team_documents (registration_id, kind) where superseded_at is null;

alter table public.team_documents enable row level security;
revoke all on public.team_documents from public, anon, authenticated;
grant select on public.team_documents to authenticated;
grant all on public.team_documents to service_role;
create policy "administrators read the documents" on public.team_documents
  for select to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Readiness
-- ---------------------------------------------------------------------------------------------

-- The documents a team owes: both licences when it has a co-driver, the lead's otherwise.
-- Immutable and without search_path so the inbox's view inlines it.
create or replace function public.required_document_kinds(has_co_driver boolean)
returns text[]
language sql
immutable
as $$
  select case when has_co_driver then array['lead_licence', 'co_licence', 'insurance', 'mot']
              else array['lead_licence', 'insurance', 'mot'] end
$$;

-- The one rule of readiness, from counts (see the head of this file); inlined by the view as
-- well.
create or replace function public.readiness_state(
  details_complete boolean,
  missing integer,
  rejected integer,
  submitted integer
)
returns text
language sql
immutable
as $$
  select case
    when rejected > 0 then 'rejected'
    when not details_complete or missing > 0 then 'documents missing'
    when submitted > 0 then 'awaiting check'
    else 'ready to drive'
  end
$$;

-- The view inlines these two rules; they name no table.
grant execute on function public.required_document_kinds(boolean),
  public.readiness_state(boolean, integer, integer, integer) to authenticated, service_role;

create or replace function private.document_label(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case kind
    when 'lead_licence' then 'Lead driver''s driving licence'
    when 'co_licence' then 'Co-driver''s driving licence'
    when 'insurance' then 'Insurance certificate'
    when 'mot' then 'MOT certificate'
  end
$$;

-- Whether a driver's details are all given.
create or replace function private.driver_complete(driver public.registration_drivers)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select driver.registration_id is not null and driver.date_of_birth is not null
    and driver.licence_number <> '' and driver.licence_expiry is not null
    and driver.emergency_contact_name <> '' and driver.emergency_contact_phone <> ''
$$;

create or replace function private.driver_details(driver public.registration_drivers, name text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', name,
    'date_of_birth', driver.date_of_birth,
    'licence_number', coalesce(driver.licence_number, ''),
    'licence_expiry', driver.licence_expiry,
    'emergency_contact_name', coalesce(driver.emergency_contact_name, ''),
    'emergency_contact_phone', coalesce(driver.emergency_contact_phone, ''),
    'complete', coalesce(private.driver_complete(driver), false))
$$;

-- The readiness of a registration: {reference, details, items, ready, readiness, missing}.
-- `missing` lists the labels of what is still to send or to fix (a detail section or a
-- document), for the reminders' emails.
create or replace function private.registration_readiness(target uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  lead_driver public.registration_drivers;
  co_driver public.registration_drivers;
  has_co boolean;
  items jsonb;
  vehicle_complete boolean;
  details_complete boolean;
  state text;
  missing text[] := '{}';
begin
  select * into team from public.registrations where id = target;
  if team.id is null then
    return null;
  end if;
  select * into lead_driver from public.registration_drivers where registration_id = target and role = 'lead';
  select * into co_driver from public.registration_drivers where registration_id = target and role = 'co';
  has_co := btrim(team.co_driver_name) <> '';
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', k.kind,
      'label', private.document_label(k.kind),
      'status', coalesce(d.status, 'missing'),
      'reason', d.reason,
      'file_name', d.file_name,
      'submitted_at', d.submitted_at,
      'decided_at', d.decided_at,
      'document_id', d.id) order by k.n), '[]'::jsonb)
    into items
  from unnest(public.required_document_kinds(has_co)) with ordinality as k(kind, n)
  left join public.team_documents as d
    on d.registration_id = target and d.kind = k.kind and d.superseded_at is null;

  vehicle_complete := team.vehicle_make <> '' and team.vehicle_model <> ''
    and team.vehicle_colour <> '' and team.registration_plate <> ''
    and team.insurance_expiry is not null and team.mot_expiry is not null;
  if not coalesce(private.driver_complete(lead_driver), false) then
    missing := missing || 'Lead driver''s details'::text;
  end if;
  if has_co and not coalesce(private.driver_complete(co_driver), false) then
    missing := missing || 'Co-driver''s details'::text;
  end if;
  if not vehicle_complete then
    missing := missing || 'The car''s details'::text;
  end if;
  details_complete := cardinality(missing) = 0;
  select missing || coalesce(array_agg(
      i ->> 'label' || case when i ->> 'status' = 'rejected' then ' (rejected: ' || (i ->> 'reason') || ')'
                            else '' end), '{}')
    into missing
  from jsonb_array_elements(items) as i
  where i ->> 'status' in ('missing', 'rejected');

  state := public.readiness_state(details_complete,
    (select count(*)::integer from jsonb_array_elements(items) as i where i ->> 'status' = 'missing'),
    (select count(*)::integer from jsonb_array_elements(items) as i where i ->> 'status' = 'rejected'),
    (select count(*)::integer from jsonb_array_elements(items) as i where i ->> 'status' = 'submitted'));

  return jsonb_build_object(
    'reference', team.id,
    'details', jsonb_build_object(
      'lead', private.driver_details(lead_driver, team.lead_driver_name),
      'co', case when has_co then private.driver_details(co_driver, team.co_driver_name) end,
      'vehicle', jsonb_build_object(
        'vehicle_make', team.vehicle_make, 'vehicle_model', team.vehicle_model,
        'vehicle_colour', team.vehicle_colour, 'registration_plate', team.registration_plate,
        'insurance_expiry', team.insurance_expiry, 'mot_expiry', team.mot_expiry),
      'complete', details_complete),
    'items', items,
    'ready', state = 'ready to drive',
    'readiness', state,
    'missing', to_jsonb(missing));
end
$$;

-- The team's page's Documents section: the readiness, or null for a bad secret.
create or replace function public.team_readiness(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.registration_readiness(private.team_registration(secret)) $$;

-- Teams ready to drive of those that paid a deposit and have not cancelled, for the Editions
-- screen. Administrators only (42501 otherwise).
create or replace function public.edition_readiness(edition uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read an edition''s readiness' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'ready', count(*) filter (where private.registration_readiness(r.id) ->> 'readiness' = 'ready to drive'),
      'total', count(*))
    from public.registrations as r
    where r.edition_id = edition_readiness.edition and r.status <> 'cancelled'
      and r.deposit_paid_pence > 0);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The details
-- ---------------------------------------------------------------------------------------------

-- A date field of the details: null for '' (cleared), the date for 'YYYY-MM-DD', a refusal
-- beside the field otherwise.
create or replace function private.details_date(value jsonb, field text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  if value is null or value = 'null'::jsonb or value = '""'::jsonb then
    return null;
  end if;
  if jsonb_typeof(value) <> 'string' or value #>> '{}' !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    perform private.refuse(field, 'Please enter a date.');
  end if;
  begin
    return (value #>> '{}')::date;
  exception when others then
    perform private.refuse(field, 'Please enter a date.');
  end;
  return null;
end
$$;

create or replace function private.details_text(value jsonb, field text, fallback text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if value is null then
    return fallback;
  end if;
  if jsonb_typeof(value) <> 'string' then
    raise sqlstate 'PT400' using message = format('%s must be text.', field), detail = field;
  end if;
  return btrim(value #>> '{}');
end
$$;

-- One driver's section: checked against the edition's dates (a driver under 18 on the rally's
-- start date, a licence expiring before it ends), then written.
create or replace function private.save_driver(
  target uuid,
  driver_role text,
  section jsonb,
  edition public.editions
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  prefix constant text := driver_role;
  current_row public.registration_drivers;
  birth date;
  expiry date;
  licence text;
  contact_name text;
  contact_phone text;
  field text;
begin
  if section is null then
    return;
  end if;
  if jsonb_typeof(section) <> 'object' then
    raise sqlstate 'PT400' using message = format('%s must be an object.', driver_role);
  end if;
  for field in select jsonb_object_keys(section) loop
    if field not in ('date_of_birth', 'licence_number', 'licence_expiry', 'emergency_contact_name',
                     'emergency_contact_phone') then
      raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
    end if;
  end loop;
  select * into current_row from public.registration_drivers
  where registration_id = target and role = driver_role;

  birth := case when section ? 'date_of_birth'
                then private.details_date(section -> 'date_of_birth', prefix || 'DateOfBirth')
                else current_row.date_of_birth end;
  licence := private.details_text(section -> 'licence_number', prefix || 'LicenceNumber',
                                  coalesce(current_row.licence_number, ''));
  expiry := case when section ? 'licence_expiry'
                 then private.details_date(section -> 'licence_expiry', prefix || 'LicenceExpiry')
                 else current_row.licence_expiry end;
  contact_name := private.details_text(section -> 'emergency_contact_name',
    prefix || 'EmergencyContactName', coalesce(current_row.emergency_contact_name, ''));
  contact_phone := private.details_text(section -> 'emergency_contact_phone',
    prefix || 'EmergencyContactPhone', coalesce(current_row.emergency_contact_phone, ''));

  if birth is not null and (birth > private.today() or birth < date '1900-01-01') then
    perform private.refuse(prefix || 'DateOfBirth', 'Please enter the driver''s date of birth.');
  end if;
  if birth is not null and birth + interval '18 years' > edition.start_date then
    perform private.refuse(prefix || 'DateOfBirth',
      format('A driver must be 18 or over on %s.', to_char(edition.start_date, 'FMDD FMMonth YYYY')));
  end if;
  if length(licence) > 40 then
    perform private.refuse(prefix || 'LicenceNumber', 'Please shorten the licence number to 40 characters or fewer.');
  end if;
  if expiry is not null and expiry < edition.end_date then
    perform private.refuse(prefix || 'LicenceExpiry',
      format('The licence must be valid until the end of the rally (%s).',
             to_char(edition.end_date, 'FMDD FMMonth YYYY')));
  end if;
  if length(contact_name) > 200 then
    perform private.refuse(prefix || 'EmergencyContactName', 'Please shorten the emergency contact''s name to 200 characters or fewer.');
  end if;
  if contact_phone <> '' and not coalesce(private.is_phone(contact_phone), false) then
    perform private.refuse(prefix || 'EmergencyContactPhone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;

  insert into public.registration_drivers (registration_id, role, date_of_birth, licence_number,
    licence_expiry, emergency_contact_name, emergency_contact_phone, updated_at)
  values (target, driver_role, birth, licence, expiry, contact_name, contact_phone, now())
  on conflict (registration_id, role) do update set
    date_of_birth = excluded.date_of_birth,
    licence_number = excluded.licence_number,
    licence_expiry = excluded.licence_expiry,
    emergency_contact_name = excluded.emergency_contact_name,
    emergency_contact_phone = excluded.emergency_contact_phone,
    updated_at = now();
end
$$;

-- The team's page writes the details as {lead: {date_of_birth, licence_number, licence_expiry,
-- emergency_contact_name, emergency_contact_phone}, co: {...the same}, vehicle: {vehicle_make,
-- vehicle_model, vehicle_colour, registration_plate, insurance_expiry, mot_expiry}} (a field or
-- a section left out keeps its value; dates 'YYYY-MM-DD', '' clears). Refusals are PT400 with the
-- form's field in `detail` (leadDateOfBirth, coLicenceExpiry, insuranceExpiry, motExpiry, ...):
-- a driver under 18 on the rally's start date, a licence, insurance or MOT expiring before the
-- rally ends. Answers the readiness, or null for a secret that opens nothing.
create or replace function public.update_team_documents_details(secret text, details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.team_registration(secret);
  team public.registrations;
  edition public.editions;
  vehicle jsonb;
  field text;
  insurance date;
  mot date;
  make text;
  model text;
  colour text;
  plate text;
begin
  if target is null then
    return null;
  end if;
  select * into team from public.registrations where id = target for update;
  select * into edition from public.editions where id = team.edition_id;
  if team.status = 'cancelled' then
    raise sqlstate 'PT409' using message = 'This registration is cancelled: its details can no longer be changed.',
      detail = 'cancelled';
  end if;
  if private.today() > edition.end_date then
    raise sqlstate 'PT409' using message = 'The rally is over: its details can no longer be changed.',
      detail = 'over';
  end if;
  if jsonb_typeof(details) is distinct from 'object' then
    raise sqlstate 'PT400' using message = 'Send the details as one JSON object.';
  end if;
  for field in select jsonb_object_keys(details) loop
    if field not in ('lead', 'co', 'vehicle') then
      raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
    end if;
  end loop;
  if details ? 'co' and btrim(team.co_driver_name) = '' then
    perform private.refuse('coDriverName', 'Please give the co-driver''s name first.');
  end if;

  perform private.save_driver(target, 'lead', details -> 'lead', edition);
  perform private.save_driver(target, 'co', details -> 'co', edition);

  vehicle := details -> 'vehicle';
  if vehicle is not null then
    if jsonb_typeof(vehicle) <> 'object' then
      raise sqlstate 'PT400' using message = 'vehicle must be an object.';
    end if;
    for field in select jsonb_object_keys(vehicle) loop
      if field not in ('vehicle_make', 'vehicle_model', 'vehicle_colour', 'registration_plate',
                       'insurance_expiry', 'mot_expiry') then
        raise sqlstate 'PT400' using message = format('Unknown field: %s', left(field, 60));
      end if;
    end loop;
    make := private.details_text(vehicle -> 'vehicle_make', 'vehicleMake', team.vehicle_make);
    model := private.details_text(vehicle -> 'vehicle_model', 'vehicleModel', team.vehicle_model);
    colour := private.details_text(vehicle -> 'vehicle_colour', 'vehicleColour', team.vehicle_colour);
    plate := private.details_text(vehicle -> 'registration_plate', 'registrationPlate',
                                  team.registration_plate);
    insurance := case when vehicle ? 'insurance_expiry'
                      then private.details_date(vehicle -> 'insurance_expiry', 'insuranceExpiry')
                      else team.insurance_expiry end;
    mot := case when vehicle ? 'mot_expiry'
                then private.details_date(vehicle -> 'mot_expiry', 'motExpiry')
                else team.mot_expiry end;
    -- The sign-up's rules for the car's text fields (private.refuse_team_fields).
    perform private.refuse_team_fields(
      team.lead_driver_name, team.lead_driver_email, team.lead_driver_phone, team.co_driver_name,
      team.co_driver_email, team.co_driver_phone, team.team_name, make, colour, plate, model,
      team.emergency_contact_name, team.emergency_contact_phone);
    if insurance is not null and insurance < edition.end_date then
      perform private.refuse('insuranceExpiry',
        format('The insurance must be valid until the end of the rally (%s).',
               to_char(edition.end_date, 'FMDD FMMonth YYYY')));
    end if;
    if mot is not null and mot < edition.end_date then
      perform private.refuse('motExpiry',
        format('The MOT must be valid until the end of the rally (%s).',
               to_char(edition.end_date, 'FMDD FMMonth YYYY')));
    end if;
    update public.registrations set
      vehicle_make = make, vehicle_model = model, vehicle_colour = colour,
      registration_plate = plate, insurance_expiry = insurance, mot_expiry = mot
    where id = target;
  end if;
  perform private.audit_participant(target,
    array(select key from jsonb_object_keys(details) as key order by key));
  return private.registration_readiness(target);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The files
-- ---------------------------------------------------------------------------------------------

-- The registration whose document of `kind` this secret may send or open, or null.
create or replace function private.document_registration(secret text, kind text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.team_registration(secret),
    case when document_registration.kind = 'co_licence'
         then private.co_driver_registration(secret) end)
$$;

-- Where the Edge Function may store a file of this kind: the registration's id (the path's first
-- segment), null for a secret that opens nothing, or a refusal in words (PT409) for a cancelled
-- registration or a kind the team does not need. Service role only.
create or replace function public.document_upload_target(secret text, kind text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.document_registration(secret, kind);
  team public.registrations;
begin
  if target is null then
    return null;
  end if;
  select * into team from public.registrations where id = target;
  if team.status = 'cancelled' then
    raise sqlstate 'PT409' using message = 'This registration is cancelled.', detail = 'cancelled';
  end if;
  if not document_upload_target.kind
         = any (public.required_document_kinds(btrim(team.co_driver_name) <> '')) then
    raise sqlstate 'PT409' using message = 'This team does not need that document.', detail = 'kind';
  end if;
  return target;
end
$$;

-- Records a stored file as the kind's current one (the earlier file is superseded). Answers
-- { document_id, readiness } to the team's secret, { document_id, item } (the co-driver's licence
-- as the co-driver's page shows it) to the co-driver's; null for a secret that opens nothing.
create or replace function public.record_team_document(
  secret text,
  kind text,
  object_path text,
  file_name text,
  content_type text,
  size_bytes integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.document_registration(secret, kind);
  new_id uuid;
begin
  if target is null then
    return null;
  end if;
  -- Under the registration's lock, so a cancellation cannot slip between the check and the row.
  perform 1 from public.registrations where id = target for update;
  perform public.document_upload_target(secret, kind);
  if record_team_document.object_path is null
     or record_team_document.object_path !~ ('^' || target || '/' || record_team_document.kind
                                             || '/[0-9a-f-]{36}\.(pdf|jpg|png)$') then
    raise sqlstate 'PT400' using message = 'The file''s path does not belong to this team.';
  end if;
  update public.team_documents as d set superseded_at = now()
  where d.registration_id = target and d.kind = record_team_document.kind and d.superseded_at is null;
  insert into public.team_documents (registration_id, kind, object_path, file_name, content_type,
    size_bytes)
  values (target, record_team_document.kind, record_team_document.object_path,
    left(coalesce(nullif(btrim(record_team_document.file_name), ''), 'document'), 200),
    record_team_document.content_type, record_team_document.size_bytes)
  returning id into new_id;
  if private.team_registration(secret) is not null then
    return jsonb_build_object('document_id', new_id,
      'readiness', private.registration_readiness(target));
  end if;
  return jsonb_build_object('document_id', new_id,
    'item', (select i - 'document_id'
             from jsonb_array_elements(private.registration_readiness(target) -> 'items') as i
             where i ->> 'kind' = 'co_licence'));
end
$$;

-- The current file of a kind, for a signed URL: {object_path, file_name, content_type} or null.
create or replace function public.team_document_path(secret text, kind text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('object_path', d.object_path, 'file_name', d.file_name,
    'content_type', d.content_type)
  from public.team_documents as d
  where d.registration_id = private.document_registration(secret, team_document_path.kind)
    and d.kind = team_document_path.kind and d.superseded_at is null
$$;

-- Administrators accept or reject the current file of a kind; a rejection needs a reason and
-- queues the 'document_rejected' email with it.
create or replace function public.decide_team_document(document uuid, decision text, reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen public.team_documents;
  team public.registrations;
  email uuid;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may decide on documents' using errcode = '42501';
  end if;
  if decision is null or decision not in ('accepted', 'rejected') then
    raise sqlstate 'PT400' using message = 'Choose accepted or rejected.', detail = 'decision';
  end if;
  if decision = 'rejected' and btrim(coalesce(reason, '')) = '' then
    perform private.refuse('reason', 'Please give the reason, for the team''s email.');
  end if;
  if length(btrim(coalesce(reason, ''))) > 1000 then
    perform private.refuse('reason', 'Please shorten the reason to 1,000 characters or fewer.');
  end if;
  select * into chosen from public.team_documents where id = document for update;
  if chosen.id is null then
    raise sqlstate 'PT404' using message = 'There is no such document.';
  end if;
  if chosen.superseded_at is not null then
    raise sqlstate 'PT409' using message = 'The team has sent a newer file since: decide on that one.',
      detail = 'superseded';
  end if;
  update public.team_documents set
    status = decision,
    reason = case when decision = 'rejected' then btrim(decide_team_document.reason) end,
    decided_at = now(),
    decided_by = (select auth.uid()),
    decided_by_email = left(auth.jwt() ->> 'email', 320)
  where id = chosen.id;
  select * into team from public.registrations where id = chosen.registration_id;
  if decision = 'rejected' and chosen.status is distinct from 'rejected' then
    insert into public.email_log (registration_id, kind, recipient, team_document_id)
    values (team.id, 'document_rejected', team.lead_driver_email, chosen.id)
    returning id into email;
  end if;
  return jsonb_build_object('document_id', chosen.id, 'status', decision, 'email_id', email,
    'readiness', private.registration_readiness(team.id));
end
$$;

revoke all on function
  private.document_label(text), private.driver_complete(public.registration_drivers),
  private.registration_readiness(uuid),
  private.driver_details(public.registration_drivers, text), private.details_date(jsonb, text),
  private.details_text(jsonb, text, text),
  private.save_driver(uuid, text, jsonb, public.editions),
  private.document_registration(text, text)
  from public, anon, authenticated;
revoke all on function
  public.team_readiness(text), public.update_team_documents_details(text, jsonb),
  public.document_upload_target(text, text),
  public.record_team_document(text, text, text, text, text, integer),
  public.team_document_path(text, text), public.decide_team_document(uuid, text, text),
  public.edition_readiness(uuid)
  from public, anon, authenticated;
-- The secret is the key: anyone holding it may use the team's page.
grant execute on function
  public.team_readiness(text), public.update_team_documents_details(text, jsonb)
  to anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function
  public.decide_team_document(uuid, text, text), public.edition_readiness(uuid)
  to authenticated;
-- The Edge Functions.
grant execute on function
  public.team_readiness(text), public.document_upload_target(text, text),
  public.record_team_document(text, text, text, text, text, integer),
  public.team_document_path(text, text)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- The private bucket
-- ---------------------------------------------------------------------------------------------
-- JPEG, PNG and PDF, 10 MiB (supabase/config.toml's [storage.buckets.documents] says the same).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documents', 'documents', false, 10485760,
  array['image/jpeg', 'image/png', 'application/pdf'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Administrators read (and so sign URLs for) every document; nobody else has a policy, so the
-- anonymous and signed-in roles read, list and write nothing in the bucket. The team-documents
-- Edge Function writes with the service role.
create policy "administrators read documents" on storage.objects
  for select to authenticated using (bucket_id = 'documents' and (select public.is_admin()));
