-- Who administers the site. An administrator is a user whose app_metadata.role is 'admin'
-- (public.is_admin() reads it from the verified JWT), a field only the server can write. These
-- functions are the one place that changes it, for the admin-users Edge Function, which checks
-- that its caller is an administrator and then calls them with the service role key: no visitor,
-- signed-in user or even administrator can call them through the API directly.
--
-- Removing is race-safe: every change takes the same transaction-scoped advisory lock before it
-- counts, so two administrators removing each other at the same moment leave one of them.

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

-- 'granted', 'already' (was an administrator) or 'no-account' (nobody has this address).
create or replace function public.grant_administrator(target_email text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target auth.users%rowtype;
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
  update auth.users
  set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"role": "admin"}'::jsonb,
    updated_at = now()
  where id = target.id;
  return 'granted';
end
$$;

-- 'removed', 'last' (the only administrator stays) or 'not-admin'. A removed administrator keeps
-- the account without the role, and every session of theirs ends: their next refresh fails, and
-- the access token they hold expires within jwt_expiry.
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
  return 'removed';
end
$$;

revoke execute on function
  public.list_administrators(), public.grant_administrator(text), public.remove_administrator(uuid)
  from public, anon, authenticated;
grant execute on function
  public.list_administrators(), public.grant_administrator(text), public.remove_administrator(uuid)
  to service_role;
