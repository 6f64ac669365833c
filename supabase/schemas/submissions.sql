-- Submissions: what visitors send through the public forms besides a registration and the lists
-- (contact messages and sponsorship enquiries), the organiser's inbox of all of them, and their
-- delivery: the spec's webhooks get a copy of each registration and enquiry, and the sender gets
-- an acknowledgement (the submission-delivery Edge Function claims both here, once). The
-- database is the system of record: a failed webhook never loses a submission.
--
-- Why visitors write through functions (RPC) rather than table inserts, except for a contact
-- message: a registration needs an atomic capacity check under a lock and must hand its
-- reference back to the visitor (the payment link carries it), which an anonymous insert cannot
-- (visitors may not read rows back, nor choose ids). The enquiry and the subscriber use the same
-- pattern, so every form but the contact form has one shape: `submit_*` checks the fields with
-- messages the form shows, then inserts under the public forms' guard (foundation.sql; the
-- trigger applies inside the function because it reads the caller's role from the request's JWT).

-- ---------------------------------------------------------------------------------------------
-- Contact messages
-- ---------------------------------------------------------------------------------------------
-- Anyone may send one (the form's columns only); administrators read, update the status and
-- note, and delete. The form states the message's limit to the visitor ("up to 2,000
-- characters"); src/config/forms.ts holds the same limits for the browser, and
-- tests/contract/hostile-product.test.ts proves the two agree. Raw lengths are checked, so a
-- message cannot hide megabytes of spaces behind a short trimmed text.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 320),
  phone text check (phone is null or length(phone) <= 50),
  subject text not null check (subject in ('general', 'rally', 'sponsorship', 'charity', 'media', 'other')),
  message text not null,
  created_at timestamptz not null default now(),
  -- The public forms' honeypot: always null (foundation.sql).
  website text constraint contact_messages_website_never_stored check (website is null),
  status text not null default 'new'
    check (status in ('new', 'contacted', 'confirmed', 'cancelled')),
  note text not null default '' check (length(note) <= 5000),
  updated_at timestamptz not null default now(),
  constraint contact_messages_name_length check (btrim(name) <> '' and length(name) <= 200),
  constraint contact_messages_message_length
    check (btrim(message) <> '' and length(message) <= 2000)
);
-- The inbox lists open newest first; page 1 reads the first 20 entries.
create index contact_messages_newest_idx on public.contact_messages (created_at desc, id);

create trigger contact_messages_updated_at before update on public.contact_messages
  for each row execute function public.set_updated_at();
create trigger guard_public_submission before insert on public.contact_messages
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('public.contact_messages', 'email', 'website', 3, 10, interval '1 hour');

alter table public.contact_messages enable row level security;
-- A visitor's message arrives new and without an organiser's note.
create policy "anyone may send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (status = 'new' and note = '');
create policy "administrators read contact messages" on public.contact_messages
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update contact messages" on public.contact_messages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete contact messages" on public.contact_messages
  for delete to authenticated using ((select public.is_admin()));
-- Visitors insert the form's columns and no other (never id, created_at or a status).
revoke insert, update, truncate on public.contact_messages from anon, authenticated;
grant insert (name, email, phone, subject, message, website)
  on public.contact_messages to anon, authenticated;
grant update (status, note) on public.contact_messages to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Sponsorship enquiries
-- ---------------------------------------------------------------------------------------------
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
  updated_at timestamptz not null default now(),
  website text constraint sponsorship_enquiries_website_never_stored check (website is null),
  edition_id uuid not null default private.current_edition_id()
    references public.editions (id) on delete restrict
);
create index sponsorship_enquiries_newest_idx on public.sponsorship_enquiries (created_at desc, id);
create index sponsorship_enquiries_edition_idx
  on public.sponsorship_enquiries (edition_id, created_at desc, id);

create trigger sponsorship_enquiries_updated_at before update on public.sponsorship_enquiries
  for each row execute function public.set_updated_at();
create trigger guard_public_submission before insert on public.sponsorship_enquiries
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('public.sponsorship_enquiries', 'email', 'website', 3, 10, interval '1 hour');

-- Administrators only; visitors write through submit_sponsorship_enquiry.
alter table public.sponsorship_enquiries enable row level security;
revoke all on public.sponsorship_enquiries from anon, authenticated;
grant select, delete on public.sponsorship_enquiries to authenticated;
grant update (status, note) on public.sponsorship_enquiries to authenticated;
create policy "administrators read enquiries" on public.sponsorship_enquiries
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update enquiries" on public.sponsorship_enquiries
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete enquiries" on public.sponsorship_enquiries
  for delete to authenticated using ((select public.is_admin()));

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

revoke execute on function public.submit_sponsorship_enquiry(text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.submit_sponsorship_enquiry(text, text, text, text, text, text)
  to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Delivery: the webhooks' copy and the acknowledgements (service role only)
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

-- The claimed row with its edition's facts under `edition` (a row of a 2026 edition says 2026
-- after 2027 became current), and a registration made through a waiting-list offer with
-- `place_held_until`, the offer's expiry (it holds no 5-minute place of its own: its confirmation
-- says until when the offer holds it). Null stays null.
create or replace function private.with_edition(claimed jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when claimed is null then null
    else claimed
      || jsonb_build_object('edition', private.edition_facts((claimed ->> 'edition_id')::uuid))
      || coalesce((
        select jsonb_build_object('place_held_until', w.offer_expires_at)
        from public.waiting_list_entries as w
        where claimed ? 'lead_driver_email'
          and w.registration_id = (claimed ->> 'id')::uuid
          and private.offer_stands(w)
        limit 1
      ), '{}'::jsonb)
  end
$$;

revoke all on function private.delivery_table(text), private.with_edition(jsonb)
  from public, anon, authenticated;

-- Takes the row's webhook delivery if it is still to do (first delivery) or, with retry, if it
-- failed; answers the row as JSON with its edition's facts, or null when there is nothing to
-- deliver.
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
  return private.with_edition(claimed);
end
$$;

-- The webhook's outcome for a claimed row: delivered, or failed with the error (a retry claims
-- it again).
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

-- The last acknowledgement (registration confirmation or enquiry acknowledgement) sent to each
-- inbox (private.email_identity). Anyone can type anyone's address into a form, so the rally's
-- address writes to a stranger at most once a day.
create table private.acknowledgements_sent (
  address text primary key,
  sent_at timestamptz not null
);
alter table private.acknowledgements_sent enable row level security;
revoke all on private.acknowledgements_sent from public, anon, authenticated;

-- Takes the sending of one email (confirmation or receipt) for a row, once, and answers the row
-- as JSON with its edition's facts, or null when there is nothing to send: sent already, or (a
-- confirmation) another acknowledgement went to the same inbox in the last 24 hours, in which
-- case the row's confirmation_sent_at stays empty. `release` gives a claim back after a failed
-- send, so a later call tries again (and the inbox's day is freed with it). The co-driver's copy
-- of the confirmation and the deposit receipt goes through the email log (mail.sql,
-- public.queue_co_driver_copy).
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
  address_column constant text := case kind
    when 'registration' then 'lead_driver_email'
    when 'sponsorship' then 'email'
  end;
  claimed jsonb;
  inbox text;
  claimed_at timestamptz;
begin
  if target is null or sent_column is null or (kind <> 'registration' and email = 'receipt') then
    return null;
  end if;
  if email = 'receipt' then
    if release then
      execute format('update %s set receipt_sent_at = null where id = $1', target) using row_id;
      return null;
    end if;
    execute format(
      'update %s set receipt_sent_at = now() where id = $1 and receipt_sent_at is null '
      'returning to_jsonb(%1$s.*)', target
    ) into claimed using row_id;
    return private.with_edition(claimed);
  end if;

  execute format('select %I, confirmation_sent_at from %s where id = $1', address_column, target)
    into inbox, claimed_at using row_id;
  if inbox is null then
    return null;
  end if;
  inbox := private.email_identity(inbox);
  -- Two deliveries for the same inbox wait for each other, so both cannot see a free day.
  perform pg_advisory_xact_lock(hashtextextended('acknowledgement ' || inbox, 0));
  if release then
    execute format('update %s set confirmation_sent_at = null where id = $1', target) using row_id;
    delete from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at = claimed_at;
    return null;
  end if;
  if exists (
    select 1 from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at > now() - interval '1 day'
  ) then
    return null;
  end if;
  execute format(
    'update %s set confirmation_sent_at = now() where id = $1 and confirmation_sent_at is null '
    'returning to_jsonb(%1$s.*)', target
  ) into claimed using row_id;
  if claimed is not null then
    insert into private.acknowledgements_sent as sent (address, sent_at) values (inbox, now())
    on conflict (address) do update set sent_at = excluded.sent_at;
  end if;
  return private.with_edition(claimed);
end
$$;

revoke execute on function
  public.claim_webhook_delivery(text, uuid, boolean),
  public.record_webhook_delivery(text, uuid, boolean, text),
  public.claim_email(text, uuid, text, boolean)
  from public, anon, authenticated;
grant execute on function
  public.claim_webhook_delivery(text, uuid, boolean),
  public.record_webhook_delivery(text, uuid, boolean, text),
  public.claim_email(text, uuid, text, boolean)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- The inbox
-- ---------------------------------------------------------------------------------------------

-- The dashboard's counts of new items for one edition: registrations, enquiries, the waiting
-- list's last 7 days with the newsletter's (messages are not an edition's). With the caller's
-- rights: administrators only count anything.
create or replace function public.edition_inbox_counts(target_edition uuid)
returns table (inbox text, new_items integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select 'registrations', count(*)::integer from public.registrations
    where status = 'new' and edition_id = target_edition
  union all
  select 'enquiries', count(*)::integer from public.sponsorship_enquiries
    where status = 'new' and edition_id = target_edition
  union all
  select 'messages', count(*)::integer from public.contact_messages where status = 'new'
  union all
  select 'subscribers', count(*)::integer from public.newsletter_subscribers
    where created_at > now() - interval '7 days'
      and (edition_id is null or edition_id = target_edition)
$$;

revoke all on function public.edition_inbox_counts(uuid) from public, anon;
grant execute on function public.edition_inbox_counts(uuid) to authenticated, service_role;

-- The current edition's counts, in one call.
create view public.inbox_counts with (security_invoker = true) as
  select inbox, new_items from public.edition_inbox_counts(private.current_edition_id());
revoke all on public.inbox_counts from anon, authenticated;
grant select on public.inbox_counts to authenticated;
