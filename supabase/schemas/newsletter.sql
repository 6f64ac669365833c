-- Newsletter: the subscribers, subscribing with double opt-in, and unsubscribing in one click
-- (RFC 8058). A new address is 'pending' until its confirmation link is followed; only a
-- confirmed subscriber receives a mailing (private.mailable_subscribers, the one rule). Each
-- marketing email carries its own unsubscribe secret. The same table holds the old waiting-list
-- box's addresses (source 'waitlist', one edition's) and "Tell me when the next rally opens"
-- (the next edition's waiting list, or the newsletter while there is none).

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Stored trimmed and lower-case, so one address is one subscriber.
  email text not null unique check (private.is_email(email) and email = lower(btrim(email))),
  source text not null default 'footer' check (source in ('footer', 'waitlist')),
  status text not null default 'pending'
    check (status in ('pending', 'subscribed', 'unsubscribed')),
  note text not null default '' check (length(note) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  website text constraint newsletter_subscribers_website_never_stored check (website is null),
  -- Waiting-list addresses belong to an edition; newsletter subscribers (source 'footer') to none.
  edition_id uuid references public.editions (id) on delete restrict,
  -- Set only by the confirmation link (or a resubscription by the holder of an unsubscribe
  -- secret); an administrator who sets a subscriber back to 'subscribed' clears it.
  confirmed_at timestamptz,
  -- The consent that made the address 'subscribed'.
  consent_id uuid references public.consent_records (id) on delete set null,
  constraint newsletter_subscribers_waitlist_edition
    check ((source = 'waitlist') = (edition_id is not null))
);
create index newsletter_subscribers_newest_idx on public.newsletter_subscribers (created_at desc, id);
create index newsletter_subscribers_edition_idx on public.newsletter_subscribers (edition_id)
  where edition_id is not null;

-- A waiting-list address written without its edition is for the current one; a subscriber has
-- none.
create or replace function private.stamp_waitlist_edition()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.source = 'waitlist' then
    new.edition_id := coalesce(new.edition_id, private.current_edition_id());
  else
    new.edition_id := null;
  end if;
  return new;
end
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

revoke all on function private.stamp_waitlist_edition(), private.subscriber_consent()
  from public, anon, authenticated;

create trigger newsletter_subscribers_updated_at before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();
create trigger newsletter_subscribers_edition before insert or update on public.newsletter_subscribers
  for each row execute function private.stamp_waitlist_edition();
create trigger newsletter_subscribers_consent before update of status
  on public.newsletter_subscribers
  for each row execute function private.subscriber_consent();
-- The public forms' guard, more generous than the other forms' (5 per address, 20 per network an
-- hour), counts the inserts subscribe_newsletter makes.
create trigger guard_public_submission before insert on public.newsletter_subscribers
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('public.newsletter_subscribers', 'email', 'website', 5, 20, interval '1 hour');

-- Administrators only; visitors subscribe through the functions below.
alter table public.newsletter_subscribers enable row level security;
revoke all on public.newsletter_subscribers from anon, authenticated;
grant select, delete on public.newsletter_subscribers to authenticated;
grant update (status, note) on public.newsletter_subscribers to authenticated;
create policy "administrators read subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_admin()));
create policy "administrators update subscribers" on public.newsletter_subscribers
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators delete subscribers" on public.newsletter_subscribers
  for delete to authenticated using ((select public.is_admin()));

-- The one rule for who receives a mailing (the mailings' audience of subscribers): subscribed
-- and confirmed.
create view private.mailable_subscribers as
  select s.id, s.email
  from public.newsletter_subscribers as s
  where s.status = 'subscribed' and s.confirmed_at is not null;
revoke all on private.mailable_subscribers from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Subscribing and confirming
-- ---------------------------------------------------------------------------------------------

-- The confirmation links: minted when the 'newsletter_confirmation' email is claimed (mail.sql),
-- only the SHA-256 kept, valid 7 days (private.now()).
create table private.newsletter_confirmations (
  token_hash bytea primary key,
  consent_id uuid not null references public.consent_records (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index newsletter_confirmations_consent_idx on private.newsletter_confirmations (consent_id);
alter table private.newsletter_confirmations enable row level security;
revoke all on private.newsletter_confirmations from public, anon, authenticated;

-- The footer's and the next-rally box's form. The version must be a newsletter wording. It
-- records the consent and queues a 'newsletter_confirmation' email, whatever the address's state,
-- and answers nothing either way (no enumeration); the public forms' limits and the honeypot
-- apply. An existing row keeps its status until the link is followed, so typing someone's
-- address changes nothing of theirs; an unsubscribed one stays unsubscribed.
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

-- Follows a confirmation link: true when it confirmed (or had confirmed) a standing consent; a
-- wrong, altered or expired secret, or one whose consent was withdrawn since, answers false.
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
-- Unsubscribing and resubscribing
-- ---------------------------------------------------------------------------------------------

-- Each marketing email's secret (minted by the mailings' claim, mailings.sql): only the SHA-256
-- is kept, with the address it unsubscribes.
create table private.unsubscribe_links (
  token_hash bytea primary key,
  email text not null check (length(email) <= 320),
  created_at timestamptz not null default now()
);
create index unsubscribe_links_email_idx on private.unsubscribe_links (email);
alter table private.unsubscribe_links enable row level security;
revoke all on private.unsubscribe_links from public, anon, authenticated;

-- A fresh secret for one address (service role, definer functions).
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

-- Unsubscribes the secret's address and withdraws its newsletter consents; true for a known
-- secret, false otherwise (nothing personal either way). how: 'one-click' (the unsubscribe Edge
-- Function, on the mail client's POST) or 'link' (the page). Counted per network (30 an hour):
-- network is the caller's address, taken only from the service role (the function passes its
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

-- Records a new consent (source 'resubscribe', confirmed: the secret's holder is the inbox's).
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

revoke all on function private.confirm_subscriber(uuid), private.mint_unsubscribe_secret(text),
  private.unsubscribe_address(text)
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
