-- Gives a throw-away PostgreSQL 15 cluster the roles, owners and grants of a hosted Supabase
-- project, for scripts/check-hosted-migrations.ts. Runs as `supabase_admin` (the cluster's bootstrap
-- superuser, as on hosted) after supabase/emulator/platform.sql has created the API roles and the
-- `auth` and `storage` schemas. The facts it relies on, and where they come from:
--
-- [1] supabase/postgres, migrations/db/migrate.sh: the cluster belongs to `supabase_admin`; the
--     init scripts run as `postgres` while it is still a superuser, then the migrations demote it.
-- [2] supabase/postgres, migrations/db/migrations/10000000000000_demote-postgres.sql: `postgres` ends
--     NOSUPERUSER CREATEDB CREATEROLE LOGIN REPLICATION BYPASSRLS. Supabase docs, "Roles, superuser
--     access and unsupported operations" (docs/guides/database/postgres/roles-superuser): no
--     superuser is given to projects.
-- [3] supabase/postgres, init-scripts/00000000000001-auth-schema.sql and
--     00000000000002-storage-schema.sql: both schemas are created AUTHORIZATION supabase_admin;
--     supabase_auth_admin and supabase_storage_admin are NOINHERIT CREATEROLE LOGIN NOREPLICATION
--     and own the tables (auth's are altered to supabase_auth_admin; Storage's own migrations run
--     as supabase_storage_admin); 20211124212715_update-auth-owner.sql gives auth.uid(), role()
--     and email() to supabase_auth_admin.
-- [4] supabase/postgres, 20240319072844_lock_down_postgres_access_to_auth_and_storage.sql,
--     20240627101908_revoke_supabase_auth_admin_from_postgres.sql and
--     20250421084701_revoke_admin_roles_from_postgres.sql: `postgres` is no member of
--     supabase_auth_admin or supabase_storage_admin and has no CREATE on `auth` or `storage`.
--     Supabase changelog 34270, "Restricting Access on Auth, Storage, and Realtime Schemas on
--     April 21, 2025": no creating tables, functions or indexes there, no dropping; still allowed:
--     foreign keys to their tables, and RLS policies and triggers on auth.users, identities,
--     sessions, refresh_tokens, audit_log_entries, storage.buckets, objects (and a few more).
-- [5] 20211115181400_update-auth-permissions.sql: `postgres` gets USAGE on `auth` and ALL on its
--     tables, sequences and routines; 20250623125453_tmp_grant_storage_tables_to_postgres_with_grant
--     _option.sql: ALL on storage.buckets and storage.objects; 20250709135250_grant_storage_schema_to
--     _postgres_with_grant_option.sql: USAGE on `storage`. `pg_dump` of hosted projects' auth and
--     storage (`supabase db dump`, committed in many public repositories) agrees: on every auth
--     table `postgres` has INSERT, REFERENCES, DELETE, TRIGGER, TRUNCATE, UPDATE and SELECT, on
--     storage.buckets and objects ALL, on both schemas USAGE only; both schemas are owned by
--     supabase_admin; RLS is enabled on every auth table; the database `postgres` is owned by
--     `postgres` (so, through pg_database_owner, it owns `public`); `extensions` is owned by
--     `postgres`.
-- [6] supabase/postgres, ansible/files/postgresql_config/supautils.conf.j2 and the supautils
--     README ("Table Ownership Bypass"): hosted loads supautils with privileged_role = postgres and
--     `supautils.policy_grants` / `supautils.drop_trigger_grants` listing, for `postgres`, the
--     auth and storage tables of [4]: it may create, alter and drop policies and drop triggers on
--     them without owning them. supautils is not installed here: the event triggers at the end
--     of this file stand in for those two settings, for those tables only.
-- [7] init-scripts/00000000000000-initial-schema.sql (run as `postgres`, [1]): `postgres`'s new
--     tables, functions and sequences in `public` are granted to anon, authenticated and
--     service_role by default; 00000000000003-post-setup.sql sets its search_path to
--     "$user", public, extensions.

-- [2]
create role postgres login nosuperuser createdb createrole replication bypassrls;
alter role postgres set search_path to "$user", public, extensions;
-- [3]
create role supabase_auth_admin noinherit createrole login noreplication;
create role supabase_storage_admin noinherit createrole login noreplication;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

-- [5] The database, and so `public`, and `extensions` are the project's.
alter database postgres owner to postgres;
alter schema extensions owner to postgres;
grant usage on schema extensions to postgres;
-- [8] Supabase Cron: pg_cron is one of supautils' privileged extensions, so whoever enables it
--     (the dashboard's Integrations > Cron, or the schema's `create extension` as `postgres`) has
--     it created by supabase_admin, followed by its after-create script (supabase/postgres,
--     ansible/files/postgresql_extension_custom_scripts/pg_cron/after-create.sql; since
--     migrations/db/migrations/20231020085357_revoke_writes_on_cron_job_from_postgres.sql
--     `postgres` only reads cron.job, writing through cron.schedule, which pg_cron runs as the
--     extension's owner, and since 20260730000000_revoke_trigger_on_cron_tables_from_postgres.sql
--     it has no TRIGGER on cron.job_run_details). Here supabase_admin does both before the
--     migrations when this cluster loads pg_cron (scripts/test-postgres.sh preloads it when the
--     server has it); otherwise platform.sql made its stand-in, and `postgres` gets the same
--     grants on that.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and not exists (select 1 from pg_namespace where nspname = 'cron') then
    create extension pg_cron schema pg_catalog;
  end if;
end
$$;
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
alter default privileges for user supabase_admin in schema cron grant all
  on sequences to postgres with grant option;
alter default privileges for user supabase_admin in schema cron grant all
  on tables to postgres with grant option;
alter default privileges for user supabase_admin in schema cron grant all
  on functions to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
revoke trigger on cron.job_run_details from postgres;

-- [9] pg_net (not packaged by Debian: platform.sql's stand-in, with pg_net 0.12+'s own grants:
--     USAGE on `net` and ALL on its tables and sequences to PUBLIC, its functions PUBLIC's and
--     SECURITY INVOKER). Supabase adds supabase/postgres init-scripts 00000000000003-post-setup.sql's
--     event trigger extensions.grant_pg_net_access (migrations/db/migrations/
--     20250220051611_pg_net_perms_fix.sql: from 0.12 it only makes supabase_functions_admin and
--     grants USAGE on `net`).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_functions_admin') then
    create user supabase_functions_admin noinherit createrole login noreplication;
  end if;
end
$$;
grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;

-- [10] Vault: supabase/postgres, ansible/files/postgresql_extension_custom_scripts/
--      supabase_vault/after-create.sql (and migrations/db/migrations/20221207154255_create_vault.sql):
--      `postgres` and service_role read and delete secrets and write them only through
--      vault.create_secret and vault.update_secret (SECURITY DEFINER since supabase_vault 0.3).
grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret, vault.update_secret to postgres with grant option;
grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret, vault.update_secret to service_role;

-- The Supabase CLI keeps its migration history as `postgres`.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- [7] platform.sql's default grants were made by whoever ran it; on hosted they are postgres's.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

-- [3] Schemas stay supabase_admin's; everything in them belongs to the service that made it.
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
do $$
declare
  object record;
  owner text;
begin
  for object in
    select n.nspname, c.relname as name, c.relkind as kind
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    -- Tables and sequences; an index follows its table, an owned sequence its column's table.
    where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'p', 'S')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
  loop
    owner := case object.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter table %I.%I owner to %I', object.nspname, object.name, owner);
  end loop;
  for object in
    select n.nspname, p.oid::regprocedure::text as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('auth', 'storage')
  loop
    owner := case object.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter function %s owner to %I', object.name, owner);
  end loop;
  for object in
    select n.nspname, t.oid::regtype::text as name
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('auth', 'storage') and t.typtype = 'e'
  loop
    owner := case object.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter type %s owner to %I', object.name, owner);
  end loop;
end
$$;

-- [4] [5] What `postgres` may do there: use the schemas (no CREATE), and every table privilege.
grant usage on schema auth, storage to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
grant all on storage.buckets, storage.objects to postgres with grant option;
-- GoTrue's own connection reaches public tables only through foreign-key actions and triggers.
grant usage on schema public to supabase_auth_admin, supabase_storage_admin;

-- [5]
do $$
declare
  t text;
begin
  for t in select c.relname from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' loop
    execute format('alter table auth.%I enable row level security', t);
  end loop;
end
$$;

-- [6] supautils' policy_grants and drop_trigger_grants, for these tables only. Before a policy
-- command, or a DROP TRIGGER, by `postgres`, it is lent the owners' roles; when the command ends
-- they are taken back, and if the command touched a table outside the list it is refused the
-- way PostgreSQL refuses a non-owner. A failed command aborts the migration's transaction, which
-- undoes the loan with it.
create schema hosted_emulation;
revoke all on schema hosted_emulation from public;

create function hosted_emulation.granted_tables()
returns regclass[]
language sql
immutable
as $$
  select array[
    'auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens',
    'storage.buckets', 'storage.objects'
  ]::regclass[]
$$;

create function hosted_emulation.lend_owner_roles()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if session_user = 'postgres' then
    grant supabase_auth_admin, supabase_storage_admin to postgres;
  end if;
end
$$;

create function hosted_emulation.take_back_owner_roles()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  command record;
  target regclass;
begin
  if not pg_has_role('postgres', 'supabase_storage_admin', 'member')
     and not pg_has_role('postgres', 'supabase_auth_admin', 'member') then
    return;
  end if;
  revoke supabase_auth_admin, supabase_storage_admin from postgres;
  for command in select * from pg_event_trigger_ddl_commands() loop
    if command.object_type = 'policy' then
      select polrelid::regclass into target from pg_policy where oid = command.objid;
      if (select relnamespace::regnamespace::text from pg_class where oid = target) in ('auth', 'storage')
         and not target = any (hosted_emulation.granted_tables()) then
        raise exception 'must be owner of table %', target
          using errcode = '42501', hint = 'supautils.policy_grants does not list this table on hosted Supabase';
      end if;
    end if;
  end loop;
end
$$;

create function hosted_emulation.check_dropped()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  dropped record;
begin
  if not pg_has_role('postgres', 'supabase_storage_admin', 'member')
     and not pg_has_role('postgres', 'supabase_auth_admin', 'member') then
    return;
  end if;
  for dropped in select * from pg_event_trigger_dropped_objects() loop
    if dropped.object_type in ('policy', 'trigger')
       and (dropped.object_identity like '% on auth.%' or dropped.object_identity like '% on storage.%')
       and not exists (
         select 1 from unnest(hosted_emulation.granted_tables()) as g(t)
         where dropped.object_identity like '% on ' || g.t::text
       ) then
      raise exception 'must be owner of the table of %', dropped.object_identity
        using errcode = '42501', hint = 'supautils does not list this table on hosted Supabase';
    end if;
  end loop;
end
$$;

create event trigger hosted_lend_owner_roles on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function hosted_emulation.lend_owner_roles();
create event trigger hosted_take_back_owner_roles on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function hosted_emulation.take_back_owner_roles();
create event trigger hosted_check_dropped on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function hosted_emulation.check_dropped();
