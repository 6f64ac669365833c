-- Administrator rights come from the database, not from the token alone (issue 20, items 9 and 12).
--
-- Before: public.is_admin() read `app_metadata.role` from the JWT. A removed administrator's access
-- token kept saying 'admin' until it expired (up to an hour), so it still read registrations and,
-- through the admin-users Edge Function (which asks is_admin() too), invited a new administrator.
-- Now is_admin() also asks auth.users, the row GoTrue issues tokens from and the only place the
-- role is granted or removed (public.grant_administrator / remove_administrator), and asks that the
-- token's session still exists: removing an administrator (which deletes their sessions), signing
-- out, or a deleted or banned account ends the rights at the next request, whatever the token says.
-- Every RLS policy, storage policy and Edge Function that asks is_admin() follows at once.
--
-- Former administrators: every grant and removal is recorded in private.administrator_changes, so
-- the admin-users function can tell a former administrator (given the role back silently) from
-- any other existing account (told by email that it was made an administrator).
--
-- The trash (migration 20260303000000): private.stamp_trash() put `old.deleted_by` back on every
-- update of a trashed row, which undid the foreign key's `on delete set null`, so deleting a user
-- who had trashed rows (what GoTrue and the dashboard do) failed with 23503. It now lets that
-- one change through: deleted_by may become null only when the user it named no longer exists.
--
-- The definitions of is_admin(), grant_administrator(), remove_administrator() and stamp_trash()
-- in this file are the ones in force. Valid on hosted Supabase (postgres reads auth.users and
-- auth.sessions but owns neither), PGlite and PostgreSQL 15.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
    and exists (
      select 1
      from auth.users as u
      join auth.sessions as s on s.user_id = u.id
      where u.id = auth.uid()
        and u.deleted_at is null
        and u.raw_app_meta_data ->> 'role' = 'admin'
        and (u.banned_until is null or u.banned_until <= now())
        and s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid
        and (s.not_after is null or s.not_after > now())
    )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- Who was made or stopped being an administrator, and when; only the functions below write it.
create table private.administrator_changes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  change text not null check (change in ('granted', 'removed')),
  changed_at timestamptz not null default now()
);
create index administrator_changes_user_idx on private.administrator_changes (user_id, changed_at);
alter table private.administrator_changes enable row level security;
revoke all on private.administrator_changes from public, anon, authenticated;

-- Today's administrators were granted before this table existed.
insert into private.administrator_changes (user_id, change)
select id, 'granted' from auth.users
where raw_app_meta_data ->> 'role' = 'admin' and deleted_at is null;

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

revoke execute on function public.grant_administrator(text), public.remove_administrator(uuid)
  from public, anon, authenticated;
grant execute on function public.grant_administrator(text), public.remove_administrator(uuid)
  to service_role;

-- Security definer so that it may look up auth.users for the foreign key's own update.
create or replace function private.stamp_trash()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.deleted_at := null;
    new.deleted_by := null;
  elsif new.deleted_at is null then
    new.deleted_by := null;
  elsif old.deleted_at is null then
    new.deleted_at := now();
    new.deleted_by := auth.uid();
  else
    new.deleted_at := old.deleted_at;
    -- `on delete set null` of deleted_by's foreign key: the user is gone, so is the name.
    if not (
      new.deleted_by is null
      and old.deleted_by is not null
      and not exists (select 1 from auth.users where id = old.deleted_by)
    ) then
      new.deleted_by := old.deleted_by;
    end if;
  end if;
  return new;
end
$$;

revoke all on function private.stamp_trash() from public, anon, authenticated;
