-- Personal data: what the database holds about an address, exported and erased on request, and
-- teams' personal fields anonymised a set number of months after their edition ends. The
-- personal-data-files Edge Function deletes the stored files this marks, and the admin's
-- "Personal data" screen calls search, export and erasure.
--
-- Search and export. public.personal_data(email) (administrators only) answers one JSON object
-- with everything the database holds about the address, matched case-insensitively: the
-- registrations it leads (the whole row, the drivers' details, the documents' metadata and the
-- ledger's rows) or is the co-driver of (the co-driver's part), sponsorship enquiries, contact
-- messages, newsletter subscriptions, waiting-list entries, consent records, the emails sent to
-- it (the email log) and the mailings' recipient rows.
--
-- Erasure. public.erase_personal_data(email) (administrators only) anonymises every one of
-- those: names become 'Erased', addresses a fresh erased-…@erased.invalid (a reserved domain,
-- never delivered), phones '0000000', and plates, notes, messages, emergency contacts,
-- fundraising links, dates of birth, licence numbers and client addresses are cleared. A team the
-- address leads is anonymised whole (its co-driver's part with it: the registration was the
-- lead's submission); a team it is the co-driver of loses the co-driver's part only. What
-- accounting needs stays: the registration's row and status, its ledger's amounts and dates, the
-- edition's counts and money (public.edition_money is unchanged). Copies go too: the audit log's
-- labels of the rows erased, the email log's recipients and errors, the mailings' recipients,
-- newsletter rows (deleted), consent records (withdrawn 'erased', their address replaced), the
-- team and co-driver links and the waiting list's offer links (deleted, so every link sent stops
-- working), the unsubscribe secrets, link requests, acknowledgements and rate-limit keys of the
-- address. Documents' rows are deleted and their files queued in private.files_to_delete: on
-- hosted Supabase storage.objects may only be changed through the Storage API, so the database
-- never deletes a file itself; personal-data-files (service role) takes the queue
-- (files_to_delete), removes the objects through Storage and confirms (files_deleted). The
-- payment webhook's events keep no payload in this database (private.payment_events holds the
-- event's id and type only); Stripe's own copy is Stripe's. One audit entry records the erasure:
-- who, when and how many rows of each kind, with the SHA-256 of the address, never the address.
--
-- Retention. The organisation setting retention_months ("Keep teams' personal data for
-- (months)", default 12, settings.sql) and public.anonymise_expired_teams() (service role): every
-- registration of an edition that ended more than that many months before private.today() is
-- anonymised as above, each once (registrations.anonymised_at); with them the edition's waiting
-- list, and every contact message and sponsorship enquiry older than two years (the privacy
-- policy's promise), each once (its address is then an erased one). The daily job
-- 'personal-data' (Supabase Cron → pg_net → personal-data-files, jobs.sql) runs it, then the
-- function deletes the queued files.

-- Files waiting to be deleted through the Storage API (personal-data-files).
create table private.files_to_delete (
  bucket_id text not null,
  object_path text not null,
  queued_at timestamptz not null default now(),
  primary key (bucket_id, object_path)
);
alter table private.files_to_delete enable row level security;
revoke all on private.files_to_delete from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- An address that is an address (the tables' checks) and reaches nobody (RFC 2606's .invalid).
create or replace function private.erased_address()
returns text
language sql
volatile
set search_path = ''
as $$
  select 'erased-' || left(replace(gen_random_uuid()::text, '-', ''), 12) || '@erased.invalid'
$$;

-- The setting as a number of months; unreadable or under 1: the default, 12.
create or replace function private.retention_months()
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select case when btrim(value) ~ '^[0-9]{1,4}$' and btrim(value)::integer >= 1
       then btrim(value)::integer end
     from public.site_settings where key = 'retention_months'),
    12)
$$;

-- The co-driver's part of a team: names, contact, the co-driver's details, licence and link.
create or replace function private.anonymise_co_driver(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  was text;
begin
  select lower(co_driver_email) into was from public.registrations where id = target;
  update public.registrations
  set co_driver_name = case when co_driver_name = '' and co_driver_email = '' then '' else 'Erased' end,
    co_driver_email = '', co_driver_phone = ''
  where id = target;
  delete from public.registration_drivers where registration_id = target and role = 'co';
  insert into private.files_to_delete (bucket_id, object_path)
  select 'documents', d.object_path from public.team_documents as d
  where d.registration_id = target and d.kind = 'co_licence'
  on conflict do nothing;
  delete from public.team_documents where registration_id = target and kind = 'co_licence';
  delete from private.co_driver_links where registration_id = target;
  if was <> '' then
    update public.email_log set recipient = private.erased_address(), error = null
    where registration_id = target and (co_driver_copy or lower(recipient) = was);
  end if;
end
$$;

-- A whole team: every personal field, its drivers' details, documents, links, notes and the
-- copies in the email log and the audit log; its row, status and money stay.
create or replace function private.anonymise_registration(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.anonymise_co_driver(target);
  update public.registrations
  set lead_driver_name = 'Erased', lead_driver_email = private.erased_address(),
    lead_driver_phone = '0000000', team_name = '', vehicle_make = '', vehicle_model = '',
    vehicle_colour = '', registration_plate = '', note = '', emergency_contact_name = '',
    emergency_contact_phone = '', fundraising_url = '', fundraising_target_pence = null,
    show_on_teams_list = false, client_ip = null, webhook_error = null, insurance_expiry = null,
    mot_expiry = null, anonymised_at = coalesce(anonymised_at, now())
  where id = target;
  delete from public.registration_drivers where registration_id = target;
  insert into private.files_to_delete (bucket_id, object_path)
  select 'documents', d.object_path from public.team_documents as d where d.registration_id = target
  on conflict do nothing;
  delete from public.team_documents where registration_id = target;
  delete from private.registration_links where registration_id = target;
  update public.email_log set recipient = private.erased_address(), error = null
  where registration_id = target;
  update public.registration_payments set note = '' where registration_id = target;
  update public.payment_exceptions set note = '' where registration_id = target;
  update public.audit_log set label = 'Erased'
  where table_name = 'registrations' and row_id = target;
  update public.mailing_recipients set email = private.erased_address(), name = null, error = null
  where registration_id = target;
end
$$;

-- Anonymising a waiting-list entry, an enquiry, a message: one way, for an erasure and for the
-- retention job alike. Each answers how many rows it changed.
create or replace function private.anonymise_waiting_list_entries(entries uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.waiting_list_entries
  set name = case when name is null then null else 'Erased' end, email = private.erased_address(),
    phone = case when phone is null then null else '0000000' end, client_ip = null
  where id = any (entries);
  get diagnostics n = row_count;
  update public.mailing_recipients set email = private.erased_address(), name = null, error = null
  where waiting_list_entry_id = any (entries);
  delete from private.waiting_list_offer_links where entry_id = any (entries);
  update public.email_log set recipient = private.erased_address(), error = null
  where waiting_list_entry_id = any (entries);
  update public.audit_log set label = 'Erased'
  where table_name = 'waiting_list_entries' and row_id = any (entries);
  return n;
end
$$;

create or replace function private.anonymise_enquiries(enquiries uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.sponsorship_enquiries
  set company_name = 'Erased', email = private.erased_address(), phone = '0000000',
    message = 'Erased', note = '', webhook_error = null
  where id = any (enquiries);
  get diagnostics n = row_count;
  update public.audit_log set label = 'Erased'
  where table_name = 'sponsorship_enquiries' and row_id = any (enquiries);
  return n;
end
$$;

create or replace function private.anonymise_messages(messages uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.contact_messages
  set name = 'Erased', email = private.erased_address(), phone = null, message = 'Erased',
    note = ''
  where id = any (messages);
  get diagnostics n = row_count;
  update public.audit_log set label = 'Erased'
  where table_name = 'contact_messages' and row_id = any (messages);
  return n;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Search, export and erasure (administrators)
-- ---------------------------------------------------------------------------------------------

create or replace function public.personal_data(email text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(personal_data.email, '')));
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read personal data' using errcode = '42501';
  end if;
  if not private.is_email(wanted) then
    perform private.refuse('email', 'Please enter an email address.');
  end if;
  return jsonb_build_object(
    'email', wanted,
    'registrations', (
      select coalesce(jsonb_agg(
        case when lower(r.lead_driver_email) = wanted then
          jsonb_build_object(
            'role', 'lead driver',
            'edition', e.name,
            'registration', to_jsonb(r) - 'website',
            'drivers', (select coalesce(jsonb_agg(to_jsonb(d) order by d.role desc), '[]')
              from public.registration_drivers as d where d.registration_id = r.id),
            'documents', (select coalesce(jsonb_agg(to_jsonb(t) - 'object_path'
                order by t.submitted_at), '[]')
              from public.team_documents as t where t.registration_id = r.id),
            'payments', (select coalesce(jsonb_agg(to_jsonb(p) order by p.recorded_at), '[]')
              from public.registration_payments as p where p.registration_id = r.id))
        else
          jsonb_build_object(
            'role', 'co-driver',
            'edition', e.name,
            'registration', jsonb_build_object('id', r.id, 'team_name', r.team_name,
              'co_driver_name', r.co_driver_name, 'co_driver_email', r.co_driver_email,
              'co_driver_phone', r.co_driver_phone, 'status', r.status,
              'created_at', r.created_at),
            'drivers', (select coalesce(jsonb_agg(to_jsonb(d)), '[]')
              from public.registration_drivers as d
              where d.registration_id = r.id and d.role = 'co'),
            'documents', (select coalesce(jsonb_agg(to_jsonb(t) - 'object_path'
                order by t.submitted_at), '[]')
              from public.team_documents as t
              where t.registration_id = r.id and t.kind = 'co_licence'),
            'payments', '[]'::jsonb)
        end order by r.created_at), '[]')
      from public.registrations as r
      join public.editions as e on e.id = r.edition_id
      where lower(r.lead_driver_email) = wanted or lower(r.co_driver_email) = wanted),
    'sponsorship_enquiries', (
      select coalesce(jsonb_agg(to_jsonb(s) - 'website' order by s.created_at), '[]')
      from public.sponsorship_enquiries as s where lower(s.email) = wanted),
    'contact_messages', (
      select coalesce(jsonb_agg(to_jsonb(c) - 'website' order by c.created_at), '[]')
      from public.contact_messages as c where lower(c.email) = wanted),
    'newsletter_subscriptions', (
      select coalesce(jsonb_agg(to_jsonb(n) - 'website' order by n.created_at), '[]')
      from public.newsletter_subscribers as n where lower(n.email) = wanted),
    'waiting_list_entries', (
      select coalesce(jsonb_agg(to_jsonb(w) - 'website' order by w.created_at), '[]')
      from public.waiting_list_entries as w where lower(w.email) = wanted),
    'consent_records', (
      select coalesce(jsonb_agg(to_jsonb(c) order by c.given_at, c.id), '[]')
      from public.consent_records as c where c.email = wanted),
    'emails_sent', (
      select coalesce(jsonb_agg(jsonb_build_object('kind', l.kind, 'recipient', l.recipient,
          'status', l.status, 'queued_at', l.queued_at, 'sent_at', l.sent_at)
          order by l.queued_at, l.id), '[]')
      from public.email_log as l where lower(l.recipient) = wanted),
    'mailings_received', (
      select coalesce(jsonb_agg(jsonb_build_object('mailing', m.subject, 'email', r.email,
          'name', r.name, 'status', r.status, 'error', r.error, 'sent_at', r.sent_at)
          order by r.sent_at nulls last, r.id), '[]')
      from public.mailing_recipients as r join public.mailings as m on m.id = r.mailing_id
      where lower(r.email) = wanted)
  );
end
$$;

create or replace function public.erase_personal_data(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(erase_personal_data.email, '')));
  led uuid[];
  co uuid[];
  entries uuid[];
  counts jsonb;
  n integer;
  extra integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may erase personal data' using errcode = '42501';
  end if;
  if not private.is_email(wanted) then
    perform private.refuse('email', 'Please enter an email address.');
  end if;

  select coalesce(array_agg(id), '{}') into led from public.registrations
  where lower(lead_driver_email) = wanted;
  select coalesce(array_agg(id), '{}') into co from public.registrations
  where lower(co_driver_email) = wanted and lower(lead_driver_email) <> wanted;
  select coalesce(array_agg(w.id), '{}') into entries from public.waiting_list_entries as w
  where lower(w.email) = wanted;
  counts := jsonb_build_object('registrations', cardinality(led),
    'co_driver_registrations', cardinality(co), 'waiting_list_entries', cardinality(entries));

  select count(*) into extra from private.files_to_delete;
  perform private.anonymise_registration(id) from unnest(led) as id;
  perform private.anonymise_co_driver(id) from unnest(co) as id;

  perform private.anonymise_waiting_list_entries(entries);
  counts := counts || jsonb_build_object('sponsorship_enquiries', private.anonymise_enquiries(
    array(select id from public.sponsorship_enquiries as s where lower(s.email) = wanted)));
  counts := counts || jsonb_build_object('contact_messages', private.anonymise_messages(
    array(select id from public.contact_messages as c where lower(c.email) = wanted)));

  delete from public.newsletter_subscribers where lower(newsletter_subscribers.email) = wanted;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_subscriptions', n);

  update public.email_log set recipient = private.erased_address(), error = null
  where lower(recipient) = wanted;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('emails', n);

  -- Consent records stay, withdrawn, as the proof of what was agreed; their confirmation links go.
  delete from private.newsletter_confirmations as k
  using public.consent_records as c
  where k.consent_id = c.id and c.email = wanted;
  update public.consent_records as c
  set email = private.erased_address(), withdrawn_at = coalesce(c.withdrawn_at, now()),
    withdrawn_how = coalesce(c.withdrawn_how, 'erased')
  where c.email = wanted;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('consent_records', n);

  update public.mailing_recipients as m
  set email = private.erased_address(), name = null, error = null
  where lower(m.email) = wanted;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('mailing_recipients', n);

  delete from private.unsubscribe_links as u where lower(u.email) = wanted;
  delete from private.team_link_requests where lower(team_link_requests.email) = wanted;
  delete from private.acknowledgements_sent where lower(acknowledgements_sent.address) = wanted;
  delete from private.submission_attempts where lower(key) = 'email:' || wanted;

  counts := counts || jsonb_build_object('files_queued',
    (select count(*) from private.files_to_delete) - extra);

  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
    changed_columns)
  values (auth.uid(), auth.jwt() ->> 'email', 'erased', 'personal_data', null,
    'Personal data erased (address SHA-256 '
      || encode(sha256(convert_to(wanted, 'UTF8')), 'hex') || ')',
    array(select key || ': ' || value from jsonb_each_text(counts) order by key));
  return counts;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Retention and the files (service role)
-- ---------------------------------------------------------------------------------------------

create or replace function public.anonymise_expired_teams()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  done integer := 0;
  team uuid;
begin
  for team in
    select r.id from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where r.anonymised_at is null
      and e.end_date < private.today() - make_interval(months => private.retention_months())
    order by r.created_at
  loop
    perform private.anonymise_registration(team);
    done := done + 1;
  end loop;
  -- The edition's waiting list goes with its teams; messages and enquiries after two years, as
  -- the privacy policy says. Each once: an anonymised row's address is an erased one.
  perform private.anonymise_waiting_list_entries(array(
    select w.id from public.waiting_list_entries as w
    join public.editions as e on e.id = w.edition_id
    where e.end_date < private.today() - make_interval(months => private.retention_months())
      and w.email not like 'erased-%@erased.invalid'));
  perform private.anonymise_enquiries(array(
    select s.id from public.sponsorship_enquiries as s
    where s.created_at < private.now() - interval '2 years'
      and s.email not like 'erased-%@erased.invalid'));
  perform private.anonymise_messages(array(
    select c.id from public.contact_messages as c
    where c.created_at < private.now() - interval '2 years'
      and c.email not like 'erased-%@erased.invalid'));
  return done;
end
$$;

-- The files waiting to be deleted, oldest first (personal-data-files takes them in pages).
create or replace function public.files_to_delete(page integer default 500)
returns table (bucket_id text, object_path text)
language sql
stable
security definer
set search_path = ''
as $$
  select f.bucket_id, f.object_path from private.files_to_delete as f
  order by f.queued_at, f.object_path
  limit least(greatest(coalesce(page, 500), 1), 1000)
$$;

-- Storage has removed these (or they were not there): forgotten.
create or replace function public.files_deleted(bucket text, paths text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  delete from private.files_to_delete where bucket_id = bucket and object_path = any (paths);
  get diagnostics n = row_count;
  return n;
end
$$;

revoke all on function
  private.erased_address(), private.retention_months(), private.anonymise_co_driver(uuid),
  private.anonymise_registration(uuid), private.anonymise_waiting_list_entries(uuid[]),
  private.anonymise_enquiries(uuid[]), private.anonymise_messages(uuid[])
  from public, anon, authenticated;
revoke all on function
  public.personal_data(text), public.erase_personal_data(text), public.anonymise_expired_teams(),
  public.files_to_delete(integer), public.files_deleted(text, text[])
  from public, anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function public.personal_data(text), public.erase_personal_data(text)
  to authenticated;
-- The Edge Function.
grant execute on function
  public.anonymise_expired_teams(), public.files_to_delete(integer),
  public.files_deleted(text, text[])
  to service_role;
