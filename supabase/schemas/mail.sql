-- Mail: the outbox of the emails sent to one person about their own registration, waiting-list
-- entry or newsletter consent. public.email_log holds one row per email and recipient (what was
-- sent, to whom and when); the participant-emails Edge Function sends them:
-- public.emails_to_send() lists what waits, claim_registration_email() takes one, once, with
-- everything its template needs, and finish_registration_email() records the outcome. The
-- reminders are queued here too, by the daily cron job (jobs.sql). Mailings to many people are
-- mailings.sql's.

create table public.email_log (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid references public.registrations (id) on delete set null,
  kind text not null check (kind in (
    'confirmation', 'deposit_receipt', 'balance_receipt', 'balance_reminder_14',
    'balance_reminder_3', 'balance_overdue', 'cancelled_team', 'cancelled_organiser', 'team_link',
    'reminder_manual', 'waiting_list_joined', 'waiting_list_offer', 'refund_sent',
    'documents_reminder_60', 'documents_reminder_30', 'documents_reminder_14', 'document_rejected',
    'newsletter_confirmation')),
  recipient text not null check (length(recipient) <= 320),
  -- queued → sending (claimed) → sent or failed (claimed again later); skipped: an email that was
  -- no longer owed when its turn came.
  status text not null default 'queued'
    check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  error text check (length(error) <= 500),
  attempts integer not null default 0,
  queued_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  -- What a waiting-list email is about.
  waiting_list_entry_id uuid references public.waiting_list_entries (id) on delete set null,
  -- The rejected document a 'document_rejected' email is about.
  team_document_id uuid references public.team_documents (id) on delete set null,
  -- false: the row addressed as queued; true: the co-driver's copy of it.
  co_driver_copy boolean not null default false,
  -- The consent a 'newsletter_confirmation' email confirms.
  consent_id uuid references public.consent_records (id) on delete set null
);
-- Each of these goes at most once per registration and recipient (the lead's and the
-- co-driver's copy); a rejection once per rejected file.
create unique index email_log_once on public.email_log (registration_id, kind, co_driver_copy)
  where kind not in ('team_link', 'reminder_manual', 'document_rejected');
-- Each goes once per entry (an entry is offered a place once).
create unique index email_log_waiting_list_once on public.email_log (waiting_list_entry_id, kind)
  where waiting_list_entry_id is not null;
create index email_log_to_send_idx on public.email_log (queued_at) where status <> 'sent';
create index email_log_newest_idx on public.email_log (queued_at desc, id);
create index email_log_consent_idx on public.email_log (consent_id) where consent_id is not null;

alter table public.email_log enable row level security;
revoke all on public.email_log from public, anon, authenticated;
grant select on public.email_log to authenticated;
grant all on public.email_log to service_role;
create policy "administrators read the email log" on public.email_log
  for select to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Queueing
-- ---------------------------------------------------------------------------------------------

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

-- A waiting-list entry's email, to its address.
create or replace function private.queue_waiting_list_email(entry uuid, email_kind text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.email_log (waiting_list_entry_id, kind, recipient)
  select w.id, email_kind, w.email from public.waiting_list_entries as w where w.id = entry
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

-- The co-driver kept in the loop: when a registration has a co-driver email (other than the
-- lead's), each service email the lead driver gets is copied to the co-driver, one row per
-- recipient, each sent once. A trigger queues the copy beside every lead row of a copied kind,
-- so every function that queues one copies without knowing. The confirmation and the deposit
-- receipt are sent outside the log (submissions.sql's claim_email); their senders queue the
-- co-driver's copy with public.queue_co_driver_copy().

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
-- Sending: what waits, the claim, the outcome
-- ---------------------------------------------------------------------------------------------

-- The emails waiting (queued, failed with attempts left, or stuck sending for 10 minutes: the
-- ones claim_registration_email would take), oldest first, optionally of some kinds only (the
-- team link after "Email me my link", the waiting list's). Ids only: claiming each one is still
-- claim_registration_email's, once.
create or replace function public.emails_to_send(kinds text[] default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(waiting.id order by waiting.queued_at, waiting.id), '[]'::jsonb)
  from (
    select l.id, l.queued_at
    from public.email_log as l
    where ((l.status in ('queued', 'failed') and l.attempts < 5)
           or (l.status = 'sending' and l.claimed_at < now() - interval '10 minutes'))
      and (emails_to_send.kinds is null or l.kind = any (emails_to_send.kinds))
    order by l.queued_at, l.id
    limit 500
  ) as waiting
$$;

-- A waiting-list email's claim: {email, entry: {id, name, email, phone, status, position,
-- offered_at, offer_expires_at}, edition, offer_secret (the offer's only: a fresh secret, the
-- last one replaced)}; null and 'skipped' when the entry is gone, an offer no longer stands or a
-- 'joined' email's entry no longer waits.
create or replace function private.claim_waiting_list_email(claimed public.email_log)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.waiting_list_entries;
  secret text;
  skipped text;
begin
  select * into entry from public.waiting_list_entries where id = claimed.waiting_list_entry_id;
  skipped := case
    when entry.id is null then 'The waiting-list entry was deleted.'
    when claimed.kind = 'waiting_list_offer' and not private.offer_stands(entry)
      then 'The offer no longer stands.'
    when claimed.kind = 'waiting_list_joined' and entry.status <> 'waiting'
      then 'The entry no longer waits.'
  end;
  if skipped is not null then
    update public.email_log set status = 'skipped', error = skipped where id = claimed.id;
    return null;
  end if;
  if claimed.kind = 'waiting_list_offer' then
    secret := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
    delete from private.waiting_list_offer_links where entry_id = entry.id;
    insert into private.waiting_list_offer_links (token_hash, entry_id)
    values (sha256(convert_to(secret, 'UTF8')), entry.id);
  end if;
  return jsonb_build_object(
    'email', to_jsonb(claimed),
    'entry', jsonb_build_object('id', entry.id, 'name', entry.name, 'email', entry.email,
      'phone', entry.phone, 'status', entry.status,
      'position', private.waiting_list_position(entry.id), 'offered_at', entry.offered_at,
      'offer_expires_at', entry.offer_expires_at),
    'edition', private.edition_facts(entry.edition_id),
    'offer_secret', secret);
end
$$;

-- A 'newsletter_confirmation' email's claim: a fresh link (the last one replaced), or null
-- (skipped) when the consent is gone, withdrawn or already confirmed.
create or replace function private.claim_newsletter_email(claimed public.email_log)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.consent_records;
  secret text;
  skipped text;
begin
  select * into consent from public.consent_records where id = claimed.consent_id;
  skipped := case
    when consent.id is null then 'The consent was deleted.'
    when consent.withdrawn_at is not null then 'The consent was withdrawn.'
    when consent.confirmed_at is not null then 'The address is already confirmed.'
  end;
  if skipped is not null then
    update public.email_log set status = 'skipped', error = skipped where id = claimed.id;
    return null;
  end if;
  secret := private.new_secret();
  delete from private.newsletter_confirmations where consent_id = consent.id;
  insert into private.newsletter_confirmations (token_hash, consent_id)
  values (sha256(convert_to(secret, 'UTF8')), consent.id);
  return jsonb_build_object(
    'email', to_jsonb(claimed),
    'confirm_secret', secret,
    'expires_at', private.now() + interval '7 days');
end
$$;

-- Takes one queued (or failed, up to 5 attempts, or stuck sending for 10 minutes) email, once,
-- and answers what its template needs: {email: the log row, registration: the row, edition: its
-- facts, money: the statement, quote: the cancellation quote, documents: the team's readiness,
-- document: a rejected file's kind, label, name and reason, team_link_secret: a fresh secret for
-- the team's page (never in the organiser's copy or the co-driver's), co_driver_link_secret: the
-- co-driver's own (their copy only)}; the waiting list's and the newsletter's emails answer
-- their own shape. Null when there is nothing to send; an email no longer owed (a reminder paid
-- in full or cancelled, a documents reminder with nothing missing, a rejection since replaced) is
-- marked 'skipped' and answers null.
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
  readiness jsonb;
  document public.team_documents;
begin
  update public.email_log set status = 'sending', attempts = attempts + 1, claimed_at = now()
  where id = email_id
    and ((status in ('queued', 'failed') and attempts < 5)
         or (status = 'sending' and claimed_at < now() - interval '10 minutes'))
  returning * into claimed;
  if claimed.id is null then
    return null;
  end if;
  if claimed.kind in ('waiting_list_joined', 'waiting_list_offer') then
    return private.claim_waiting_list_email(claimed);
  end if;
  if claimed.kind = 'newsletter_confirmation' then
    return private.claim_newsletter_email(claimed);
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
  readiness := private.registration_readiness(team.id);
  if claimed.kind in ('documents_reminder_60', 'documents_reminder_30', 'documents_reminder_14')
     and (team.status = 'cancelled'
          or readiness ->> 'readiness' not in ('documents missing', 'rejected')) then
    update public.email_log set status = 'skipped', error = 'Nothing is missing any more.'
    where id = claimed.id;
    return null;
  end if;
  if claimed.kind = 'document_rejected' then
    select * into document from public.team_documents where id = claimed.team_document_id;
    if document.id is null or document.status <> 'rejected' then
      update public.email_log set status = 'skipped', error = 'The document is no longer rejected.'
      where id = claimed.id;
      return null;
    end if;
  end if;
  return jsonb_build_object(
    'email', to_jsonb(claimed),
    'registration', to_jsonb(team) - 'client_ip' - 'website',
    'edition', private.edition_facts(team.edition_id),
    'money', money,
    'quote', private.cancellation_quote(team.id),
    'documents', readiness,
    'document', case when document.id is not null then jsonb_build_object(
      'kind', document.kind, 'label', private.document_label(document.kind),
      'file_name', document.file_name, 'reason', document.reason) end,
    'team_link_secret', case when claimed.kind <> 'cancelled_organiser' and not claimed.co_driver_copy
                             then public.issue_team_link(team.id) end,
    'co_driver_link_secret', case when claimed.co_driver_copy
                                  then public.issue_co_driver_link(team.id) end);
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

-- ---------------------------------------------------------------------------------------------
-- Reminders
-- ---------------------------------------------------------------------------------------------

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

-- Queues the documents reminders due today for the current edition's teams that paid the
-- deposit, have not cancelled and still miss or must fix something (documents.sql's readiness):
-- 60, 30 and 14 days before the start, each once per registration (a missed day is caught up
-- within the same kind's days; a team that registered late gets the latest kind only). Answers
-- how many.
create or replace function public.due_document_reminders()
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
        when today >= e.start_date then null
        when today >= e.start_date - 14 then 'documents_reminder_14'
        when today >= e.start_date - 30 then 'documents_reminder_30'
        when today >= e.start_date - 60 then 'documents_reminder_60'
      end as kind
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where e.is_current and r.status <> 'cancelled' and r.deposit_paid_pence > 0
  ) as due
  where due.kind is not null
    and private.registration_readiness(due.id) ->> 'readiness' in ('documents missing', 'rejected')
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

revoke all on function
  private.queue_email(uuid, text, text), private.queue_waiting_list_email(uuid, text),
  private.organiser_email(), private.co_driver_address(uuid),
  private.queue_co_driver_copy(uuid, text, uuid), private.copy_email_to_co_driver(),
  private.claim_waiting_list_email(public.email_log),
  private.claim_newsletter_email(public.email_log)
  from public, anon, authenticated;
revoke all on function
  public.queue_co_driver_copy(uuid, text), public.emails_to_send(text[]),
  public.claim_registration_email(uuid), public.finish_registration_email(uuid, boolean, text),
  public.due_balance_reminders(), public.due_document_reminders(), public.send_reminder_now(uuid)
  from public, anon, authenticated;
-- Administrators (the function asks is_admin()).
grant execute on function public.send_reminder_now(uuid) to authenticated;
-- The Edge Functions.
grant execute on function
  public.queue_co_driver_copy(uuid, text), public.emails_to_send(text[]),
  public.claim_registration_email(uuid), public.finish_registration_email(uuid, boolean, text),
  public.due_balance_reminders(), public.due_document_reminders()
  to service_role;
