-- Mailings: an administrator writes to a chosen audience from the admin's Mailings screen, and
-- the `mailings` Edge Function sends it in batches, one email per address, resumable.
--
-- - A mailing: its audience, edition, subject and body (the news editor's HTML, sanitised by the
--   screen with the news rules, src/lib/sanitize.ts) and its status: 'draft' (editable),
--   'sending' (its recipients snapshotted), 'sent' (none left to send).
-- - Its recipients: the snapshot, one row per address, each queued → sending (claimed by a batch)
--   → sent | failed (with the provider's error).
-- - private.mailing_audience(audience, edition): who an audience is, the one definition the count
--   and the snapshot share. Teams are read through the one money definition
--   (public.registrations_with_money's money_state), never a cancelled or refunded team; a team's
--   co-driver gets the mailing too. The waiting list is the edition's waiting and offered entries.
--   Subscribers are private.mailable_subscribers (newsletter.sql: confirmed consent, not
--   unsubscribed), the only marketing audience.
-- - public.mailing_recipient_count and public.send_mailing are the screen's (administrators
--   only). send_mailing snapshots once, on draft → sending; calling it again on a mailing that is
--   sending changes nothing, so "Resume sending" may call it.
-- - public.claim_mailing_batch and public.finish_mailing_batch are the function's (service role
--   only). A claim takes queued rows, and rows claimed more than five minutes ago whose sender
--   died (FOR UPDATE SKIP LOCKED: two senders never take one row); the function sends each with
--   the row's id as its Idempotency-Key, so a row sent but not recorded before a crash is not
--   delivered twice when it is claimed again (the provider keeps the key 24 hours). For
--   subscribers, the claim mints each address's unsubscribe secret, which only the email carries.
-- - The cron job 'mailings' (jobs.sql) sends one more batch of each mailing still sending every
--   minute, so a mailing whose screen was closed mid-send finishes by itself.

create table public.mailings (
  id uuid primary key default gen_random_uuid(),
  edition_id uuid references public.editions (id) on delete restrict,
  audience text not null check (audience in ('subscribers', 'teams', 'teams-deposit-paid',
    'teams-balance-due', 'teams-paid-in-full', 'waiting-list')),
  -- One header line: 1 to 200 characters, no line break.
  subject text not null check (length(btrim(subject)) between 1 and 200
    and subject !~ '[\r\n]'),
  -- Required: some text once the tags are taken out (the editor's empty state is <p><br></p>).
  body text not null check (length(body) <= 100000
    and btrim(regexp_replace(regexp_replace(body, '<[^>]*>', '', 'g'), '&nbsp;|\s', '', 'g')) <> ''),
  -- The screen saves the body as the news rules sanitise it (DOMPurify); the sender has no DOM to
  -- sanitise it again, so the table refuses what that would have removed and an email must never
  -- carry: script-bearing elements, event handlers, script URLs.
  constraint mailings_body_safe check (body !~* (
    '<\s*/?\s*(script|style|iframe|frame|frameset|object|embed|applet|form|input|button|textarea|select|link|meta|base|svg|math)([\s/>]|$)'
    || '|<[^>]*\son[a-z]+\s*='
    || '|<[^>]*(href|src|action|formaction|xlink:href)\s*=\s*["'']?\s*(javascript|vbscript):')),
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sending_at timestamptz,
  sent_at timestamptz,
  -- Subscribers belong to no edition; every other audience is an edition's.
  constraint mailings_edition_of_audience check ((audience = 'subscribers') = (edition_id is null))
);

create trigger mailings_updated_at before update on public.mailings
  for each row execute function public.set_updated_at();

create table public.mailing_recipients (
  id uuid primary key default gen_random_uuid(),
  mailing_id uuid not null references public.mailings (id) on delete cascade,
  email text not null check (length(email) <= 320),
  name text check (length(name) <= 200),
  registration_id uuid references public.registrations (id) on delete set null,
  waiting_list_entry_id uuid references public.waiting_list_entries (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  error text check (length(error) <= 1000),
  attempts integer not null default 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  unique (mailing_id, email)
);

create index mailing_recipients_waiting_idx on public.mailing_recipients (mailing_id, status);

-- Administrators read both and write drafts; the status moves only through the functions below.
alter table public.mailings enable row level security;
alter table public.mailing_recipients enable row level security;
revoke all on public.mailings, public.mailing_recipients from public, anon, authenticated;
grant select, delete on public.mailings to authenticated;
grant insert (edition_id, audience, subject, body), update (edition_id, audience, subject, body)
  on public.mailings to authenticated;
grant select on public.mailing_recipients to authenticated;
grant all on public.mailings, public.mailing_recipients to service_role;
create policy "administrators read the mailings" on public.mailings
  for select to authenticated using ((select public.is_admin()));
create policy "administrators write drafts" on public.mailings
  for insert to authenticated with check ((select public.is_admin()) and status = 'draft');
create policy "administrators change drafts" on public.mailings
  for update to authenticated using ((select public.is_admin()) and status = 'draft')
  with check ((select public.is_admin()) and status = 'draft');
create policy "administrators delete drafts" on public.mailings
  for delete to authenticated using ((select public.is_admin()) and status = 'draft');
create policy "administrators read the recipients" on public.mailing_recipients
  for select to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Audiences
-- ---------------------------------------------------------------------------------------------

-- One row per address (lower-cased, trimmed): a lead driver before a co-driver, a team before a
-- waiting-list entry, so the name and the row linked are the first that address appears as.
create or replace function private.mailing_audience(audience text, edition uuid)
returns table (email text, name text, registration_id uuid, waiting_list_entry_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  states text[] := case audience
    when 'teams' then array['awaiting deposit', 'deposit paid', 'balance due', 'overdue',
      'paid in full']
    when 'teams-deposit-paid' then array['deposit paid', 'balance due', 'overdue', 'paid in full']
    when 'teams-balance-due' then array['deposit paid', 'balance due', 'overdue']
    when 'teams-paid-in-full' then array['paid in full']
  end;
begin
  if audience = 'subscribers' then
    return query
      select distinct on (lower(btrim(s.email))) lower(btrim(s.email)), null::text, null::uuid,
        null::uuid
      from private.mailable_subscribers as s
      where btrim(s.email) <> ''
      order by lower(btrim(s.email));
  elsif audience = 'waiting-list' then
    return query
      select distinct on (lower(btrim(w.email))) lower(btrim(w.email)), w.name, null::uuid, w.id
      from public.waiting_list_entries as w
      where w.edition_id = mailing_audience.edition and w.status in ('waiting', 'offered')
        and btrim(w.email) <> ''
      order by lower(btrim(w.email)), w.created_at, w.id;
  elsif states is not null then
    return query
      select distinct on (a.address) a.address, a.person, a.team, null::uuid
      from (
        select lower(btrim(r.lead_driver_email)) as address, r.lead_driver_name as person,
          r.id as team, 0 as rank, r.created_at
        from public.registrations_with_money as r
        where r.edition_id = mailing_audience.edition and r.money_state = any (states)
        union all
        select lower(btrim(r.co_driver_email)), nullif(btrim(r.co_driver_name), ''), r.id, 1,
          r.created_at
        from public.registrations_with_money as r
        where r.edition_id = mailing_audience.edition and r.money_state = any (states)
          and btrim(coalesce(r.co_driver_email, '')) <> ''
      ) as a
      where a.address <> ''
      order by a.address, a.rank, a.created_at, a.team;
  else
    raise exception 'No such audience: %', audience using errcode = '22023';
  end if;
end
$$;

create or replace function private.require_mailing_admin()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may send mailings' using errcode = '42501';
  end if;
end
$$;

-- How many addresses a mailing to the audience would reach now, for the screen.
create or replace function public.mailing_recipient_count(audience text, edition uuid default null)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_mailing_admin();
  if (audience = 'subscribers') <> (edition is null) then
    raise exception 'Subscribers belong to no edition; every other audience needs one'
      using errcode = '22023';
  end if;
  return (select count(*)::integer from private.mailing_audience(audience, edition));
end
$$;

-- Draft → sending: the audience as it is now, one row per address. Answers the recipients'
-- number. On a mailing already sending or sent it changes nothing and answers the same number.
create or replace function public.send_mailing(mailing uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.mailings;
begin
  perform private.require_mailing_admin();
  select * into target from public.mailings as m where m.id = send_mailing.mailing for update;
  if target.id is null then
    raise sqlstate 'PT404' using message = 'No such mailing.';
  end if;
  if target.status = 'draft' then
    insert into public.mailing_recipients (mailing_id, email, name, registration_id,
      waiting_list_entry_id)
    select target.id, a.email, left(a.name, 200), a.registration_id, a.waiting_list_entry_id
    from private.mailing_audience(target.audience, target.edition_id) as a
    on conflict (mailing_id, email) do nothing;
    if not found then
      raise sqlstate 'PT409' using message = 'No one is in this audience: nothing was sent.',
        detail = 'audience';
    end if;
    update public.mailings set status = 'sending', sending_at = now() where id = target.id;
    insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
      changed_columns)
    values (auth.uid(), auth.jwt() ->> 'email', 'changed', 'mailings', target.id,
      left(target.subject, 200), array['status']);
  end if;
  return (select count(*)::integer from public.mailing_recipients as r
          where r.mailing_id = target.id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The sender's side (service role): claim a batch, record its outcome
-- ---------------------------------------------------------------------------------------------

-- What the sender renders: the subject, the body, the audience and the edition's facts.
create or replace function private.mailing_facts(target public.mailings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', target.id, 'audience', target.audience,
    'subject', target.subject, 'body', target.body,
    'edition', case when target.edition_id is not null
                    then private.edition_facts(target.edition_id) end)
$$;

-- "Send test to me": the mailing as it would be sent, whatever its status (the function checks
-- the caller is an administrator and sends it to the caller's own address only).
create or replace function public.mailing_for_test(mailing uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.mailing_facts(m) from public.mailings as m where m.id = mailing_for_test.mailing
$$;

create or replace function public.claim_mailing_batch(mailing uuid, size integer default 50)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.mailings;
  claimed jsonb;
begin
  select * into target from public.mailings as m where m.id = claim_mailing_batch.mailing;
  if target.id is null then
    raise sqlstate 'PT404' using message = 'No such mailing.';
  end if;
  if target.status <> 'sending' then
    return jsonb_build_object('mailing', null, 'recipients', '[]'::jsonb);
  end if;
  with picked as (
    select r.id from public.mailing_recipients as r
    where r.mailing_id = target.id
      and (r.status = 'queued'
           or (r.status = 'sending' and r.claimed_at < now() - interval '5 minutes'))
    order by r.id
    limit greatest(1, least(coalesce(size, 50), 500))
    for update skip locked
  ), taken as (
    update public.mailing_recipients as r
    set status = 'sending', claimed_at = now(), attempts = r.attempts + 1
    from picked where r.id = picked.id
    returning r.id, r.email, r.name
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'email', t.email, 'name', t.name)),
    '[]'::jsonb)
  into claimed from taken as t;
  -- Marketing: each address's own unsubscribe secret, minted now, carried by its email alone.
  if target.audience = 'subscribers' then
    select coalesce(jsonb_agg(c.value || jsonb_build_object('unsubscribe_secret',
        private.mint_unsubscribe_secret(c.value ->> 'email'))), '[]'::jsonb)
    into claimed from jsonb_array_elements(claimed) as c;
  end if;
  return jsonb_build_object('mailing', private.mailing_facts(target), 'recipients', claimed);
end
$$;

-- results: [{ id, ok, error? }]. Records each (only a row still being sent), marks the mailing
-- sent when nothing is queued or being sent, and answers what is left to send.
create or replace function public.finish_mailing_batch(mailing uuid, results jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  left_to_send integer;
begin
  update public.mailing_recipients as r
  set status = case when (x.value ->> 'ok')::boolean then 'sent' else 'failed' end,
    error = case when (x.value ->> 'ok')::boolean then null
                 else left(coalesce(x.value ->> 'error', 'Not sent'), 1000) end,
    sent_at = case when (x.value ->> 'ok')::boolean then now() end
  from jsonb_array_elements(coalesce(results, '[]'::jsonb)) as x
  where r.mailing_id = finish_mailing_batch.mailing and r.status = 'sending'
    and r.id = (x.value ->> 'id')::uuid;
  select count(*)::integer into left_to_send from public.mailing_recipients as r
  where r.mailing_id = finish_mailing_batch.mailing and r.status in ('queued', 'sending');
  if left_to_send = 0 then
    update public.mailings set status = 'sent', sent_at = now()
    where id = finish_mailing_batch.mailing and status = 'sending';
  end if;
  return jsonb_build_object('remaining', left_to_send);
end
$$;

-- The screen's list: each mailing with its recipients counted by status.
create or replace view public.mailings_with_counts with (security_invoker = true) as
select m.*,
  (select count(*)::integer from public.mailing_recipients as r where r.mailing_id = m.id)
    as recipients,
  (select count(*)::integer from public.mailing_recipients as r
   where r.mailing_id = m.id and r.status = 'sent') as sent,
  (select count(*)::integer from public.mailing_recipients as r
   where r.mailing_id = m.id and r.status = 'failed') as failed
from public.mailings as m;

revoke all on public.mailings_with_counts from public, anon, authenticated;
grant select on public.mailings_with_counts to authenticated, service_role;

revoke all on function private.mailing_audience(text, uuid), private.require_mailing_admin(),
  private.mailing_facts(public.mailings)
  from public, anon, authenticated;
revoke all on function
  public.mailing_recipient_count(text, uuid), public.send_mailing(uuid),
  public.claim_mailing_batch(uuid, integer), public.finish_mailing_batch(uuid, jsonb),
  public.mailing_for_test(uuid)
  from public, anon, authenticated;
grant execute on function public.mailing_recipient_count(text, uuid), public.send_mailing(uuid)
  to authenticated;
grant execute on function
  public.claim_mailing_batch(uuid, integer), public.finish_mailing_batch(uuid, jsonb),
  public.mailing_for_test(uuid)
  to service_role;
