-- Issue 26, consent and unsubscribing: what each person agreed to, a confirmed newsletter (double
-- opt-in) and a one-click unsubscribe (RFC 8058).
--
-- - public.consent_records: one row per consent given: the address (lower-case), its purpose
--   ('newsletter' or 'waiting_list'), the wording's version (public.consent_wordings), the source
--   (the form: 'footer', 'next-rally', 'waitlist', 'waiting-list', 'resubscribe'), when it was
--   given, when it was confirmed (the newsletter's confirmation link, or a resubscription by the
--   holder of an unsubscribe secret) and when and how it was withdrawn ('one-click', 'link',
--   'admin', 'erased'). Administrators read it; only the definer functions below write it. The
--   waiting list's consents already recorded on its entries are copied in.
-- - public.newsletter_subscribers: status 'pending' | 'subscribed' | 'unsubscribed', confirmed_at
--   and consent_id (the consent that made it 'subscribed'). A new address is 'pending' until its
--   confirmation link is followed. Subscribers from before this file have no consent record and
--   no confirmed_at: they keep their status, are "Not confirmed" in the admin and receive no
--   mailing until they subscribe again and confirm. An administrator who sets a subscriber back
--   to 'subscribed' does not make them mailable (confirmed_at is cleared): only the person can
--   confirm. An administrator's 'unsubscribed' withdraws the consent ('admin').
-- - private.mailable_subscribers (id, email): the one rule for who receives a mailing: status
--   'subscribed' and confirmed_at set.
-- - subscribe_newsletter(email, source, website, consent_version): the footer's and the
--   next-rally box's form. The version must be a newsletter wording. It records the consent and
--   queues a 'newsletter_confirmation' email (public.email_log, consent_id), whatever the
--   address's state, and answers nothing either way (no enumeration); the public forms' limits
--   (5 per address, 20 per network an hour) and the honeypot stay. An existing row keeps its
--   status until the link is followed, so typing someone's address changes nothing of theirs.
-- - The confirmation link: minted when the email is claimed (claim_registration_email, one
--   branch more), 32 random bytes as base64url, only the SHA-256 kept
--   (private.newsletter_confirmations), valid 7 days (private.now()). confirm_newsletter(secret)
--   answers true and makes the subscriber 'subscribed' and confirmed; a wrong, altered or expired
--   secret, or one whose consent was withdrawn since, answers false.
-- - Unsubscribe secrets: private.mint_unsubscribe_secret(email) (service role, definer
--   functions) makes a fresh 256-bit secret for one address and keeps only its SHA-256 with the
--   address; each marketing email carries its own. public.unsubscribe(secret, how, network)
--   unsubscribes that address and withdraws its newsletter consents; true for a known secret,
--   false otherwise (nothing personal either way). public.resubscribe(secret, consent_version)
--   records a new consent (source 'resubscribe', confirmed: the secret's holder is the inbox's).
--   Both are counted per network (30 an hour, private.submission_attempts): the page's calls by
--   the caller's address, the unsubscribe function's by the address it passes (service role).
--
-- This file's definitions of subscribe_newsletter (whose signature gains consent_version),
-- join_waiting_list and claim_registration_email are the ones in force. Valid on hosted Supabase
-- (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- The newsletter's wording (src/config/consent.ts holds the same row).
-- ---------------------------------------------------------------------------------------------
insert into public.consent_wordings (version, purpose, wording) values
  ('newsletter-2026-11', 'newsletter',
   'Email me the rally''s newsletter: news, dates and how to take part. I will confirm by the link in the email you send, and I can unsubscribe at any time from the link in every newsletter.');

-- ---------------------------------------------------------------------------------------------
-- Consent records.
-- ---------------------------------------------------------------------------------------------
create table public.consent_records (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and length(email) <= 320),
  purpose text not null check (purpose in ('newsletter', 'waiting_list')),
  wording_version text not null references public.consent_wordings (version) on delete restrict,
  source text not null check (source ~ '^[a-z-]{1,40}$'),
  given_at timestamptz not null default now(),
  confirmed_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_how text check (withdrawn_how in ('one-click', 'link', 'admin', 'erased')),
  constraint consent_records_withdrawal check ((withdrawn_at is null) = (withdrawn_how is null))
);
create index consent_records_email_idx on public.consent_records (email, given_at desc);

alter table public.consent_records enable row level security;
revoke all on public.consent_records from public, anon, authenticated;
grant select on public.consent_records to authenticated;
grant all on public.consent_records to service_role;
create policy "administrators read consent records" on public.consent_records
  for select to authenticated using ((select public.is_admin()));

-- The waiting list's consents, as its entries recorded them (the triggers off: nothing new).
insert into public.consent_records (email, purpose, wording_version, source, given_at,
  withdrawn_at, withdrawn_how)
select lower(btrim(w.email)), 'waiting_list', w.consent_version, 'waiting-list', w.consented_at,
  case when w.status = 'withdrawn' then w.updated_at end,
  case when w.status = 'withdrawn' then 'admin' end
from public.waiting_list_entries as w
where w.consent_version is not null and w.consented_at is not null
order by w.consented_at, w.id;

-- ---------------------------------------------------------------------------------------------
-- Subscribers: pending until confirmed.
-- ---------------------------------------------------------------------------------------------
alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_status_check,
  add constraint newsletter_subscribers_status_check
    check (status in ('pending', 'subscribed', 'unsubscribed')),
  alter column status set default 'pending',
  add column confirmed_at timestamptz,
  add column consent_id uuid references public.consent_records (id) on delete set null;

-- Withdraws the address's live newsletter consents.
create or replace function private.withdraw_newsletter_consent(address text, how text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.consent_records set withdrawn_at = now(), withdrawn_how = how
  where email = lower(btrim(address)) and purpose = 'newsletter' and withdrawn_at is null
$$;

-- Who changes a subscriber's status decides what it means: the functions below say so in the
-- transaction-local setting rally.consent ('confirmed' or a withdrawal's how); without it the
-- change is an administrator's, who can withdraw ('admin') but not confirm for the person.
create or replace function private.subscriber_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  said constant text := coalesce(current_setting('rally.consent', true), '');
begin
  if new.status = 'subscribed' and old.status is distinct from 'subscribed'
     and said <> 'confirmed' then
    new.confirmed_at := null;
  end if;
  if new.status = 'unsubscribed' and old.status is distinct from 'unsubscribed' then
    perform private.withdraw_newsletter_consent(new.email,
      case when said in ('one-click', 'link', 'erased') then said else 'admin' end);
  end if;
  return new;
end
$$;
revoke all on function private.subscriber_consent() from public, anon, authenticated;
create trigger newsletter_subscribers_consent before update of status
  on public.newsletter_subscribers
  for each row execute function private.subscriber_consent();

-- The one rule for who receives a mailing (the mailings' audience of subscribers).
create view private.mailable_subscribers as
  select s.id, s.email
  from public.newsletter_subscribers as s
  where s.status = 'subscribed' and s.confirmed_at is not null;
revoke all on private.mailable_subscribers from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The confirmation email and its link.
-- ---------------------------------------------------------------------------------------------
alter table public.email_log drop constraint if exists email_log_kind_check;
alter table public.email_log add constraint email_log_kind_check check (kind in (
  'confirmation', 'deposit_receipt', 'balance_receipt', 'balance_reminder_14',
  'balance_reminder_3', 'balance_overdue', 'cancelled_team', 'cancelled_organiser', 'team_link',
  'reminder_manual', 'waiting_list_joined', 'waiting_list_offer', 'refund_sent',
  'documents_reminder_60', 'documents_reminder_30', 'documents_reminder_14', 'document_rejected',
  'newsletter_confirmation'));
alter table public.email_log
  add column consent_id uuid references public.consent_records (id) on delete set null;
create index email_log_consent_idx on public.email_log (consent_id) where consent_id is not null;

create table private.newsletter_confirmations (
  token_hash bytea primary key,
  consent_id uuid not null references public.consent_records (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index newsletter_confirmations_consent_idx on private.newsletter_confirmations (consent_id);
alter table private.newsletter_confirmations enable row level security;
revoke all on private.newsletter_confirmations from public, anon, authenticated;

-- The claim of a 'newsletter_confirmation' email: a fresh link (the last one replaced), or null
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

-- ---------------------------------------------------------------------------------------------
-- Unsubscribe secrets.
-- ---------------------------------------------------------------------------------------------
create table private.unsubscribe_links (
  token_hash bytea primary key,
  email text not null check (length(email) <= 320),
  created_at timestamptz not null default now()
);
create index unsubscribe_links_email_idx on private.unsubscribe_links (email);
alter table private.unsubscribe_links enable row level security;
revoke all on private.unsubscribe_links from public, anon, authenticated;

create or replace function private.mint_unsubscribe_secret(email text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  secret constant text := private.new_secret();
begin
  insert into private.unsubscribe_links (token_hash, email)
  values (sha256(convert_to(secret, 'UTF8')), lower(btrim(mint_unsubscribe_secret.email)));
  return secret;
end
$$;

-- The address a secret was minted for, or null (wrong or altered).
create or replace function private.unsubscribe_address(secret text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select l.email from private.unsubscribe_links as l
  where secret ~ '^[A-Za-z0-9_-]{43}$' and l.token_hash = sha256(convert_to(secret, 'UTF8'))
$$;

-- Counts one call of a secret-taking function per network: 30 an hour, then HTTP 429.
create or replace function private.count_network_call(target text, network text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  oldest timestamptz;
begin
  if network is null or network = '' then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(target || ' ip ' || network, 0));
  delete from private.submission_attempts as a
  where a.target = count_network_call.target and a.at <= now() - interval '1 hour';
  select min(at) into oldest from (
    select a.at from private.submission_attempts as a
    where a.target = count_network_call.target and a.key = 'ip:' || network
    order by a.at desc limit 30
  ) as recent
  having count(*) >= 30;
  if oldest is not null then
    raise sqlstate 'PT429' using
      message = 'Too many requests from this network',
      hint = format('Try again in %s minutes.',
        greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now()) / 60)));
  end if;
  insert into private.submission_attempts (target, key)
  values (count_network_call.target, 'ip:' || network);
end
$$;

-- The caller's network: the function's word when the service role calls, else the request's.
create or replace function private.calling_network(network text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when coalesce(auth.role(), '') = 'service_role' then left(network, 64)
              else private.client_ip() end
$$;

-- ---------------------------------------------------------------------------------------------
-- Subscribing.
-- ---------------------------------------------------------------------------------------------
drop function public.subscribe_newsletter(text, text, text);
create or replace function public.subscribe_newsletter(
  email text,
  source text default 'footer',
  website text default null,
  consent_version text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  address constant text := lower(btrim(coalesce(subscribe_newsletter.email, '')));
  next_edition constant uuid :=
    case when subscribe_newsletter.source = 'next-rally' then private.next_edition_id() end;
  stored_source text := subscribe_newsletter.source;
  stored_edition uuid;
  consent uuid;
begin
  if not coalesce(private.is_email(address), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if coalesce(subscribe_newsletter.source, '') not in ('footer', 'waitlist', 'next-rally') then
    perform private.refuse('source', 'Unknown sign-up source.');
  end if;
  if not exists (select 1 from public.consent_wordings as c
                 where c.version = subscribe_newsletter.consent_version
                   and c.purpose = 'newsletter') then
    perform private.refuse('consent', 'Please agree to receive the newsletter.');
  end if;
  if subscribe_newsletter.source = 'waitlist' then
    stored_edition := private.current_edition_id();
  elsif subscribe_newsletter.source = 'next-rally' then
    -- The next edition's waiting list, or the newsletter while no next edition exists.
    stored_source := case when next_edition is null then 'footer' else 'waitlist' end;
    stored_edition := next_edition;
  end if;
  -- The guard counts this attempt (and keeps nothing of a robot's); an existing row keeps its
  -- status: only the confirmation link changes it.
  insert into public.newsletter_subscribers as subscriber (email, source, website, edition_id)
  values (address, stored_source, subscribe_newsletter.website, stored_edition)
  on conflict on constraint newsletter_subscribers_email_key do update set
    source = case when excluded.source = 'waitlist' then 'waitlist' else subscriber.source end,
    edition_id = case when excluded.source = 'waitlist' then excluded.edition_id
                      else subscriber.edition_id end
  where subscriber.status <> 'unsubscribed';
  if coalesce(subscribe_newsletter.website, '') <> '' then
    return;
  end if;
  insert into public.consent_records (email, purpose, wording_version, source)
  values (address, 'newsletter', subscribe_newsletter.consent_version, subscribe_newsletter.source)
  returning id into consent;
  insert into public.email_log (kind, recipient, consent_id)
  values ('newsletter_confirmation', address, consent);
end
$$;

-- Follows a confirmation link: true when it confirmed (or had confirmed) a standing consent.
create or replace function public.confirm_newsletter(secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.consent_records;
begin
  select c.* into consent
  from private.newsletter_confirmations as l
  join public.consent_records as c on c.id = l.consent_id
  where confirm_newsletter.secret ~ '^[A-Za-z0-9_-]{43}$'
    and l.token_hash = sha256(convert_to(confirm_newsletter.secret, 'UTF8'))
    and l.created_at > private.now() - interval '7 days'
    and c.withdrawn_at is null;
  if consent.id is null then
    return false;
  end if;
  perform private.confirm_subscriber(consent.id);
  return true;
end
$$;

-- Makes the consent's address a confirmed subscriber by that consent.
create or replace function private.confirm_subscriber(consent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.consent_records;
begin
  update public.consent_records set confirmed_at = coalesce(confirmed_at, now())
  where id = confirm_subscriber.consent_id
  returning * into consent;
  perform set_config('rally.consent', 'confirmed', true);
  update public.newsletter_subscribers set status = 'subscribed',
    confirmed_at = consent.confirmed_at, consent_id = consent.id
  where email = consent.email;
  if not found then
    insert into public.newsletter_subscribers (email, source, status, confirmed_at, consent_id)
    values (consent.email, 'footer', 'subscribed', consent.confirmed_at, consent.id);
  end if;
  perform set_config('rally.consent', '', true);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Unsubscribing and resubscribing.
-- ---------------------------------------------------------------------------------------------

-- how: 'one-click' (the unsubscribe function, on the mail client's POST) or 'link' (the page).
-- network: the caller's address, taken only from the service role (the function passes its
-- caller's).
create or replace function public.unsubscribe(
  secret text,
  how text default 'link',
  network text default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
begin
  perform private.count_network_call('unsubscribe', private.calling_network(network));
  address := private.unsubscribe_address(secret);
  if address is null then
    return false;
  end if;
  perform set_config('rally.consent',
    case when unsubscribe.how = 'one-click' then 'one-click' else 'link' end, true);
  update public.newsletter_subscribers set status = 'unsubscribed'
  where email = address and status <> 'unsubscribed';
  perform private.withdraw_newsletter_consent(address,
    case when unsubscribe.how = 'one-click' then 'one-click' else 'link' end);
  perform set_config('rally.consent', '', true);
  return true;
end
$$;

create or replace function public.resubscribe(secret text, consent_version text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  consent uuid;
begin
  perform private.count_network_call('unsubscribe', private.client_ip());
  address := private.unsubscribe_address(secret);
  if address is null then
    return false;
  end if;
  if not exists (select 1 from public.consent_wordings as c
                 where c.version = resubscribe.consent_version and c.purpose = 'newsletter') then
    perform private.refuse('consent', 'Please agree to receive the newsletter.');
  end if;
  insert into public.consent_records (email, purpose, wording_version, source, confirmed_at)
  values (address, 'newsletter', resubscribe.consent_version, 'resubscribe', now())
  returning id into consent;
  perform private.confirm_subscriber(consent);
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The waiting list's consent is recorded too.
-- ---------------------------------------------------------------------------------------------
create or replace function public.join_waiting_list(
  name text,
  email text,
  phone text,
  consent_version text,
  website text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address constant text := btrim(coalesce(join_waiting_list.email, ''));
  edition uuid;
  refusal record;
  entry uuid;
begin
  select * into refusal from private.registration_window_refusal();
  if found then
    raise sqlstate 'PT409' using message = refusal.message, detail = refusal.phase;
  end if;
  if btrim(coalesce(join_waiting_list.name, '')) = '' or length(join_waiting_list.name) > 200 then
    perform private.refuse('name', 'Please enter your full name (up to 200 characters).');
  end if;
  if not coalesce(private.is_email(address), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if not coalesce(private.is_phone(btrim(join_waiting_list.phone)), false) then
    perform private.refuse('phone', 'Please enter a valid phone number (7 to 15 digits).');
  end if;
  if not exists (select 1 from public.consent_wordings as c
                 where c.version = join_waiting_list.consent_version
                   and c.purpose = 'waiting_list') then
    perform private.refuse('consent',
      'Please agree to be contacted about a place, so that we can offer you one.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  edition := private.current_edition_id();
  if (select remaining from private.edition_places(edition)) > 0 then
    raise sqlstate 'PT409' using
      message = 'Places are still available: please register instead.',
      detail = 'places-left';
  end if;

  -- The guard counts this attempt (and keeps nothing of a robot's) before the one live entry
  -- per address makes a second one from the same address a no-op.
  insert into public.waiting_list_entries (edition_id, name, email, phone, consent_version,
    consented_at, website, client_ip)
  values (edition, btrim(join_waiting_list.name), address, btrim(join_waiting_list.phone),
    join_waiting_list.consent_version, now(), join_waiting_list.website, private.client_ip())
  on conflict (edition_id, lower(email)) where status in ('waiting', 'offered') do nothing
  returning id into entry;
  if entry is not null then
    insert into public.consent_records (email, purpose, wording_version, source)
    values (lower(address), 'waiting_list', join_waiting_list.consent_version, 'waiting-list');
    perform private.queue_waiting_list_email(entry, 'waiting_list_joined');
  else
    select w.id into entry from public.waiting_list_entries as w
    where w.edition_id = edition and lower(w.email) = lower(address)
      and w.status in ('waiting', 'offered');
  end if;
  if entry is null then
    -- The honeypot's: a place at the end, like anyone's.
    return jsonb_build_object('position', (
      select count(*)::integer + 1 from public.waiting_list_entries as w
      where w.edition_id = edition and w.status = 'waiting'),
      'status', 'waiting');
  end if;
  return jsonb_build_object('position', private.waiting_list_position(entry),
    'status', (select w.status from public.waiting_list_entries as w where w.id = entry));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The claim: 20261127000000's, with the team's readiness in every answer, the rejected document
-- for 'document_rejected' and a documents reminder skipped when nothing is missing (issue 25's
-- documents), a co-driver's copy carrying the co-driver's link and no team link (issue 25's
-- co-driver), and the newsletter's branch.
-- ---------------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------------
-- Who may call what.
-- ---------------------------------------------------------------------------------------------
revoke all on function
  private.withdraw_newsletter_consent(text, text),
  private.claim_newsletter_email(public.email_log), private.mint_unsubscribe_secret(text),
  private.unsubscribe_address(text), private.count_network_call(text, text),
  private.calling_network(text), private.confirm_subscriber(uuid)
  from public, anon, authenticated;
grant execute on function private.mint_unsubscribe_secret(text) to service_role;

revoke all on function
  public.subscribe_newsletter(text, text, text, text), public.confirm_newsletter(text),
  public.unsubscribe(text, text, text), public.resubscribe(text, text)
  from public;
-- The public forms and the links' pages: the secret is the key.
grant execute on function
  public.subscribe_newsletter(text, text, text, text), public.confirm_newsletter(text),
  public.unsubscribe(text, text, text), public.resubscribe(text, text)
  to anon, authenticated, service_role;
