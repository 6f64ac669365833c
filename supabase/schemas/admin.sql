-- Admin: the administrators and the audit log. An administrator is a user whose
-- app_metadata.role is 'admin' (public.is_admin(), foundation.sql, checks it against auth.users on
-- every request); the functions here are the one place that grants or removes the role. The audit
-- log says who created, changed, published, unpublished, trashed, restored, deleted or erased
-- what, and when (the admin's Audit log screen).

-- ---------------------------------------------------------------------------------------------
-- Administrators
-- ---------------------------------------------------------------------------------------------
-- For the admin-users Edge Function, which checks that its caller is an administrator and then
-- calls these with the service role key: no visitor, signed-in user or even administrator can call
-- them through the API directly. Every change takes the same transaction-scoped advisory lock
-- before it counts, so two administrators removing each other at the same moment leave one.

-- Who was made or stopped being an administrator, and when; only the functions below write it.
-- The admin-users function tells a former administrator (given the role back silently) from any
-- other existing account (told by email that it was made an administrator).
create table private.administrator_changes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  change text not null check (change in ('granted', 'removed')),
  changed_at timestamptz not null default now()
);
create index administrator_changes_user_idx on private.administrator_changes (user_id, changed_at);
alter table private.administrator_changes enable row level security;
revoke all on private.administrator_changes from public, anon, authenticated;

-- The administrators, for the Administrators screen.
create or replace function public.list_administrators()
returns table (
  id uuid,
  email text,
  invited_at timestamptz,
  confirmed_at timestamptz,
  last_sign_in_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email::text, u.invited_at, u.email_confirmed_at, u.last_sign_in_at
  from auth.users u
  where u.raw_app_meta_data ->> 'role' = 'admin' and u.deleted_at is null
  order by lower(u.email)
$$;

-- 'granted' (a new administrator), 'regranted' (a former administrator has the role back),
-- 'already' (is an administrator) or 'no-account' (nobody has this address).
create or replace function public.grant_administrator(target_email text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target auth.users%rowtype;
  former boolean;
begin
  perform pg_advisory_xact_lock(hashtext('public.administrators'));
  select * into target from auth.users
  where lower(email) = lower(trim(target_email)) and deleted_at is null
  for update;
  if not found then
    return 'no-account';
  end if;
  if target.raw_app_meta_data ->> 'role' = 'admin' then
    return 'already';
  end if;
  former := exists (
    select 1 from private.administrator_changes where user_id = target.id and change = 'removed'
  );
  update auth.users
  set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"role": "admin"}'::jsonb,
    updated_at = now()
  where id = target.id;
  insert into private.administrator_changes (user_id, change) values (target.id, 'granted');
  return case when former then 'regranted' else 'granted' end;
end
$$;

-- 'removed', 'last' (the only administrator stays) or 'not-admin'. A removed administrator keeps
-- the account without the role; every session of theirs is deleted (and with them, by GoTrue's
-- cascade, the refresh tokens), so is_admin() refuses their next request at once.
create or replace function public.remove_administrator(target uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  admins integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.administrators'));
  if not exists (
    select 1 from auth.users
    where id = target and raw_app_meta_data ->> 'role' = 'admin' and deleted_at is null
  ) then
    return 'not-admin';
  end if;
  select count(*) into admins from auth.users
  where raw_app_meta_data ->> 'role' = 'admin' and deleted_at is null;
  if admins <= 1 then
    return 'last';
  end if;
  update auth.users
  set raw_app_meta_data = raw_app_meta_data - 'role', updated_at = now()
  where id = target;
  delete from auth.sessions where user_id = target;
  insert into private.administrator_changes (user_id, change) values (target, 'removed');
  return 'removed';
end
$$;

revoke execute on function
  public.list_administrators(), public.grant_administrator(text), public.remove_administrator(uuid)
  from public, anon, authenticated;
grant execute on function
  public.list_administrators(), public.grant_administrator(text), public.remove_administrator(uuid)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- The audit log
-- ---------------------------------------------------------------------------------------------
-- One entry per row changed, with the actor's id and email from the request's JWT, the action, the
-- table, the row's id, a short label (its title, name, route or key) and the columns that changed.
-- Administrators read it; nobody writes, changes or deletes it through the API: the API roles have
-- no insert, update or delete on it, and only definer functions (owned by the table's owner) add
-- to it. A table is audited by its `audit_row` trigger (the content tables, the settings, the
-- editions); functions that change rows on someone's behalf write their own entry (below, and
-- the mailings' and the erasure's).
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  action text not null check (action in (
    'created', 'changed', 'published', 'unpublished', 'trashed', 'restored', 'deleted', 'erased')),
  table_name text not null,
  row_id uuid,
  label text not null default '',
  changed_columns text[] not null default '{}'
);

create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_row_idx on public.audit_log (row_id, at desc);
create index audit_log_table_idx on public.audit_log (table_name, at desc);

alter table public.audit_log enable row level security;
create policy "administrators read the audit log" on public.audit_log
  for select to authenticated using ((select public.is_admin()));
revoke all on public.audit_log from anon, authenticated;
grant select on public.audit_log to authenticated;

-- Who appears in the log, with how many entries (the screen's actor filter), under the log's
-- own row-level security.
create view public.audit_actors with (security_invoker = true) as
  select coalesce(actor_email, '') as actor_email, count(*)::integer as entries
  from public.audit_log group by coalesce(actor_email, '');
revoke all on public.audit_actors from anon, authenticated;
grant select on public.audit_actors to authenticated;

-- The `audit_row` trigger's function. Updates that only renumber sort_order
-- (public.reorder_content) are not logged row by row: one move renumbers up to a whole table the
-- first time. A generated column changes with the columns it is made of: the log names those,
-- not it.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op = 'INSERT' then '{}'::jsonb else to_jsonb(old) end;
  after_row jsonb := case when tg_op = 'DELETE' then '{}'::jsonb else to_jsonb(new) end;
  shown jsonb := case when tg_op = 'DELETE' then before_row else after_row end;
  changed text[];
  what text;
begin
  select coalesce(array_agg(key order by key), '{}') into changed
  from jsonb_object_keys(after_row || before_row) as key
  where key not in ('updated_at', 'deleted_by')
    and key not in (
      select attname from pg_catalog.pg_attribute
      where attrelid = tg_relid and attgenerated <> ''
    )
    and (before_row -> key) is distinct from (after_row -> key);

  if tg_op = 'INSERT' then
    what := 'created';
  elsif tg_op = 'DELETE' then
    what := 'deleted';
  elsif changed = '{}' or changed = array['sort_order'] then
    return null;
  elsif 'deleted_at' = any (changed) then
    what := case when after_row ->> 'deleted_at' is null then 'restored' else 'trashed' end;
  elsif 'published' = any (changed) then
    what := case when (after_row ->> 'published')::boolean then 'published' else 'unpublished' end;
  else
    what := 'changed';
  end if;

  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label, changed_columns)
  values (
    auth.uid(),
    auth.jwt() ->> 'email',
    what,
    tg_table_name,
    (shown ->> 'id')::uuid,
    left(coalesce(shown ->> 'title', shown ->> 'name', shown ->> 'route', shown ->> 'key', ''), 200),
    case when tg_op = 'UPDATE' then changed else '{}' end
  );
  return null;
end
$$;

-- A participant's change (the team's page, the co-driver's): actor 'participant', the
-- registration, the columns changed. The registrations' own admin changes are not logged row by
-- row.
create or replace function private.audit_participant(target uuid, columns text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
    changed_columns)
  select null, 'participant', 'changed', 'registrations', r.id,
    left(coalesce(nullif(r.team_name, ''), r.lead_driver_name), 200), columns
  from public.registrations as r
  where r.id = target and cardinality(columns) > 0
$$;

-- An administrator's change to a waiting-list entry (an offer made, an entry withdrawn).
create or replace function private.audit_waiting_list(entry uuid, columns text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, table_name, row_id, label,
    changed_columns)
  select auth.uid(), auth.jwt() ->> 'email', 'changed', 'waiting_list_entries', w.id,
    left(coalesce(w.name, w.email), 200), columns
  from public.waiting_list_entries as w
  where w.id = entry
$$;

revoke all on function private.audit_participant(uuid, text[]),
  private.audit_waiting_list(uuid, text[])
  from public, anon, authenticated;
