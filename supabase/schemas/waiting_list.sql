-- The waiting list: when an edition is full, visitors join its queue; a freed place is offered to
-- the first waiting entry by a secret link that expires, and the hand-out that makes offers runs
-- under the places lock.
--
-- - An entry: name, email, phone, the consent given (version and moment), status ('waiting',
--   'offered', 'accepted', 'expired', 'declined', 'withdrawn'), the offer's moments and the
--   registration made through it. Queue order is created_at, then id. One live entry ('waiting'
--   or 'offered') per edition and address. Administrators read it; nobody writes it except
--   through the functions below. An entry joined through the old newsletter box asked for an
--   address alone (`joined_by` 'newsletter-box': no name, phone or consent version).
-- - Places (places.sql): a standing offer (status 'offered', offer_expires_at later than
--   private.now()) is a place taken. A registration made through the offer holds its place while
--   the offer stands (not by the 5-minute hold), so the two count once; its deposit paid makes the
--   entry 'accepted' (the trigger below). Paid after the offer lapsed and the place went on: the
--   deposit's 'no-place' exception (money.sql).
-- - private.hand_out_places(edition), under the places lock: lapsed offers become 'expired', then
--   while a place is free and someone waits, the first waiting entry is offered the place for the
--   edition's waiting_list_offer_hours and its 'waiting_list_offer' email queued. Only for the
--   current edition while its registration is open (an offer is used through the sign-up, whose
--   window applies). cancel_registration, decline_waiting_list_offer,
--   withdraw_waiting_list_entry and the 'waiting-list' cron job (every 5 minutes, for holds and
--   offers that lapse with time) call it.
-- - The offer's secret: minted when its email is claimed (mail.sql), only the SHA-256 kept, a new
--   one replacing the last. waiting_list_offer(secret) and decline_waiting_list_offer(secret) take
--   it, and submit_registration(…, waiting_list_offer) registers with it although the edition is
--   full (still within the registration window). A wrong, altered, expired or used secret (one a
--   registration was made with) answers null: nothing personal.

create table public.waiting_list_entries (
  id uuid primary key default gen_random_uuid(),
  edition_id uuid not null default private.current_edition_id()
    references public.editions (id) on delete restrict,
  -- Null only on an entry from the old newsletter box, which asked for an address alone.
  name text check (name is null or (btrim(name) <> '' and length(name) <= 200)),
  email text not null check (length(email) <= 320),
  phone text check (phone is null or private.is_phone(phone)),
  consent_version text references public.consent_wordings (version) on delete restrict,
  consented_at timestamptz,
  joined_by text not null default 'form' check (joined_by in ('form', 'newsletter-box')),
  status text not null default 'waiting'
    check (status in ('waiting', 'offered', 'accepted', 'expired', 'declined', 'withdrawn')),
  created_at timestamptz not null default now(),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  registration_id uuid references public.registrations (id) on delete set null,
  client_ip text check (length(client_ip) <= 64),
  updated_at timestamptz not null default now(),
  website text constraint waiting_list_entries_website_never_stored check (website is null),
  constraint waiting_list_entries_form_facts check (
    joined_by = 'newsletter-box'
    or (name is not null and phone is not null and consent_version is not null
        and consented_at is not null)),
  constraint waiting_list_entries_offer_facts check (
    status not in ('offered', 'expired') or (offered_at is not null and offer_expires_at is not null))
);
create unique index waiting_list_entries_live
  on public.waiting_list_entries (edition_id, lower(email))
  where status in ('waiting', 'offered');
create index waiting_list_entries_queue_idx
  on public.waiting_list_entries (edition_id, status, created_at, id);
create index waiting_list_entries_registration_idx
  on public.waiting_list_entries (registration_id) where registration_id is not null;

create trigger waiting_list_entries_updated_at before update on public.waiting_list_entries
  for each row execute function public.set_updated_at();
-- The public forms' guard (3 per address and 10 per network an hour, the honeypot `website`)
-- counts the inserts join_waiting_list makes.
create trigger guard_public_submission before insert on public.waiting_list_entries
  for each row execute function private.guard_public_submission();
insert into private.submission_rules
  (target, email_column, honeypot_column, per_email, per_ip, time_window)
values ('public.waiting_list_entries', 'email', 'website', 3, 10, interval '1 hour');

alter table public.waiting_list_entries enable row level security;
revoke all on public.waiting_list_entries from public, anon, authenticated;
grant select on public.waiting_list_entries to authenticated;
grant all on public.waiting_list_entries to service_role;
create policy "administrators read the waiting list" on public.waiting_list_entries
  for select to authenticated using ((select public.is_admin()));

-- The offers' secrets: only their SHA-256, one per entry (a new one replaces the last).
create table private.waiting_list_offer_links (
  token_hash bytea primary key,
  entry_id uuid not null unique references public.waiting_list_entries (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table private.waiting_list_offer_links enable row level security;
revoke all on private.waiting_list_offer_links from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Offers and places
-- ---------------------------------------------------------------------------------------------

create or replace function private.offer_stands(entry public.waiting_list_entries)
returns boolean
language sql
stable
set search_path = ''
as $$ select entry.status = 'offered' and entry.offer_expires_at > private.now() $$;

-- A deposit paid through an offer takes the place: the entry is 'accepted' (also when the offer
-- had lapsed and a place was still free for the payment).
create or replace function private.accept_waiting_list_offer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.waiting_list_entries set status = 'accepted'
  where registration_id = new.id and status in ('offered', 'expired');
  return null;
end
$$;

create trigger registrations_accept_waiting_list_offer
  after update of deposit_status on public.registrations
  for each row when (new.deposit_status = 'paid' and old.deposit_status is distinct from 'paid')
  execute function private.accept_waiting_list_offer();

-- An entry's place in its queue: 1 for the first waiting, null when not waiting.
create or replace function private.waiting_list_position(entry uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when w.status = 'waiting' then (
    select count(*)::integer from public.waiting_list_entries as o
    where o.edition_id = w.edition_id and o.status = 'waiting'
      and (o.created_at, o.id) <= (w.created_at, w.id)) end
  from public.waiting_list_entries as w
  where w.id = entry
$$;

-- Offers the edition's next free place to its first waiting entry (the caller holds the places
-- lock and has checked that a place is free); answers the entry, or null when nobody waits.
create or replace function private.offer_to_next(edition uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen uuid;
begin
  select w.id into chosen from public.waiting_list_entries as w
  where w.edition_id = offer_to_next.edition and w.status = 'waiting'
  order by w.created_at, w.id
  limit 1
  for update;
  if chosen is null then
    return null;
  end if;
  update public.waiting_list_entries as w set
    status = 'offered',
    offered_at = private.now(),
    offer_expires_at = private.now()
      + make_interval(hours => (select e.waiting_list_offer_hours from public.editions as e
                                where e.id = w.edition_id))
  where w.id = chosen;
  perform private.queue_waiting_list_email(chosen, 'waiting_list_offer');
  return chosen;
end
$$;

-- Lapsed offers become 'expired', then each free place of the current edition, while its
-- registration is open, goes to the next waiting entry. Answers how many offers were made.
create or replace function private.hand_out_places(edition uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  offered integer := 0;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  update public.waiting_list_entries set status = 'expired'
  where edition_id = hand_out_places.edition and status = 'offered'
    and offer_expires_at <= private.now();
  if hand_out_places.edition is distinct from private.current_edition_id()
     or exists (select 1 from private.registration_window_refusal()) then
    return 0;
  end if;
  while (select remaining from private.edition_places(hand_out_places.edition)) > 0 loop
    exit when private.offer_to_next(hand_out_places.edition) is null;
    offered := offered + 1;
  end loop;
  return offered;
end
$$;

-- The scheduled hand-out (service role; the 'waiting-list' cron job): the current edition and
-- any edition with an offer out. Answers {offered, emails_waiting}: the job calls the
-- participant-emails function only when a waiting-list email waits.
create or replace function public.hand_out_waiting_list_places()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  offered integer := 0;
  edition uuid;
begin
  for edition in
    select private.current_edition_id() where private.current_edition_id() is not null
    union
    select distinct w.edition_id from public.waiting_list_entries as w where w.status = 'offered'
  loop
    offered := offered + private.hand_out_places(edition);
  end loop;
  return jsonb_build_object('offered', offered, 'emails_waiting', (
    select count(*)::integer from public.email_log as l
    where l.kind in ('waiting_list_joined', 'waiting_list_offer')
      and ((l.status in ('queued', 'failed') and l.attempts < 5)
           or (l.status = 'sending' and l.claimed_at < now() - interval '10 minutes'))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Joining, and the offer's holder
-- ---------------------------------------------------------------------------------------------

-- The public form, with the sign-up's field rules and refusal shape and the public forms'
-- limits; only when the current edition has no place left (else PT409 'places-left'); the same
-- address again answers its place in the queue. The consent is recorded (consent.sql).
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

-- The entry a secret opens while its offer stands and no registration was made with it; null
-- for a wrong, altered, expired or used secret.
create or replace function private.standing_offer(secret text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select w.id
  from private.waiting_list_offer_links as l
  join public.waiting_list_entries as w on w.id = l.entry_id
  where l.token_hash = sha256(convert_to(coalesce(secret, ''), 'UTF8'))
    and secret ~ '^[A-Za-z0-9_-]{43}$'
    and w.status = 'offered' and w.offer_expires_at > private.now()
    and w.registration_id is null
$$;

create or replace function public.waiting_list_offer(secret text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'edition_year', e.year, 'edition_name', e.name, 'name', w.name, 'email', w.email,
    'phone', w.phone, 'expires_at', w.offer_expires_at, 'status', w.status)
  from public.waiting_list_entries as w
  join public.editions as e on e.id = w.edition_id
  where w.id = private.standing_offer(secret)
$$;

create or replace function public.decline_waiting_list_offer(secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry uuid;
  edition uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  entry := private.standing_offer(secret);
  if entry is null then
    return false;
  end if;
  update public.waiting_list_entries set status = 'declined' where id = entry
  returning edition_id into edition;
  perform private.hand_out_places(edition);
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The administrators' queue (each write in the audit log)
-- ---------------------------------------------------------------------------------------------

create or replace function public.waiting_list(edition uuid)
returns table (
  id uuid,
  "position" integer,
  name text,
  email text,
  phone text,
  status text,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz,
  registration_id uuid,
  consent_version text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read the waiting list' using errcode = '42501';
  end if;
  return query
    select w.id,
      case when w.status = 'waiting' then
        (row_number() over (partition by w.status = 'waiting' order by w.created_at, w.id))::integer
      end,
      w.name, w.email, w.phone, w.status, w.offered_at, w.offer_expires_at, w.created_at,
      w.registration_id, w.consent_version
    from public.waiting_list_entries as w
    where w.edition_id = waiting_list.edition
    order by w.created_at, w.id;
end
$$;

create or replace function public.offer_next_place(edition uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  edition_name text;
  entry uuid;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may offer places' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select e.name into edition_name from public.editions as e where e.id = offer_next_place.edition;
  if edition_name is null then
    raise sqlstate 'PT404' using message = 'No such edition.';
  end if;
  update public.waiting_list_entries set status = 'expired'
  where edition_id = offer_next_place.edition and status = 'offered'
    and offer_expires_at <= private.now();
  if (select remaining from private.edition_places(offer_next_place.edition)) <= 0 then
    raise sqlstate 'PT409' using
      message = format('No place is free in the %s: an offer needs a free place.', edition_name),
      detail = 'places';
  end if;
  entry := private.offer_to_next(offer_next_place.edition);
  if entry is null then
    raise sqlstate 'PT409' using
      message = format('Nobody is waiting for a place in the %s.', edition_name),
      detail = 'nobody-waiting';
  end if;
  perform private.audit_waiting_list(entry, array['offer_expires_at', 'offered_at', 'status']);
  return entry;
end
$$;

create or replace function public.withdraw_waiting_list_entry(entry uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  withdrawn public.waiting_list_entries;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may remove waiting-list entries' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  update public.waiting_list_entries set status = 'withdrawn'
  where id = withdraw_waiting_list_entry.entry and status in ('waiting', 'offered')
  returning * into withdrawn;
  if withdrawn.id is null then
    raise sqlstate 'PT409' using message = 'This entry is no longer waiting or offered a place.',
      detail = 'status';
  end if;
  perform private.audit_waiting_list(withdrawn.id, array['status']);
  perform private.hand_out_places(withdrawn.edition_id);
end
$$;

revoke all on function
  private.offer_stands(public.waiting_list_entries), private.accept_waiting_list_offer(),
  private.waiting_list_position(uuid), private.offer_to_next(uuid), private.hand_out_places(uuid),
  private.standing_offer(text)
  from public, anon, authenticated;
revoke all on function
  public.hand_out_waiting_list_places(), public.join_waiting_list(text, text, text, text, text),
  public.waiting_list_offer(text), public.decline_waiting_list_offer(text),
  public.waiting_list(uuid), public.offer_next_place(uuid), public.withdraw_waiting_list_entry(uuid)
  from public, anon, authenticated;
-- The public form, and the secret's holder.
grant execute on function
  public.join_waiting_list(text, text, text, text, text), public.waiting_list_offer(text),
  public.decline_waiting_list_offer(text)
  to anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function
  public.waiting_list(uuid), public.offer_next_place(uuid), public.withdraw_waiting_list_entry(uuid)
  to authenticated;
grant execute on function public.hand_out_waiting_list_places() to service_role;
