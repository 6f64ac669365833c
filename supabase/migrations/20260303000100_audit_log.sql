-- The audit log (issue 13, item 7): who created, changed, published, unpublished, trashed,
-- restored or deleted what, and when. A trigger on every content table and on the settings
-- writes one entry per row changed, with the actor's id and email from the request's JWT, the
-- action, the table, the row's id, a short label (its title, name, route or key) and the columns
-- that changed. Administrators read it (the Audit log screen); nobody writes, changes or deletes
-- it through the API: the API roles have no insert, update or delete on it, and only the
-- trigger's security-definer function (owned by the migration's role) adds to it.
--
-- A table added later is attached with one line in its own migration:
--
--   select private.audit_attach('public.registrations');
--
-- Updates that only renumber sort_order (public.reorder_content) are not logged row by row: one
-- move renumbers up to a whole table the first time. Valid on hosted Supabase (PostgreSQL 15+),
-- PGlite and PostgreSQL 15.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  action text not null check (
    action in ('created', 'changed', 'published', 'unpublished', 'trashed', 'restored', 'deleted')
  ),
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

-- Attaches the audit trigger to a table (idempotent). Its rows need a uuid `id`.
create or replace function private.audit_attach(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists audit_row on %s', target);
  execute format(
    'create trigger audit_row after insert or update or delete on %s for each row execute function private.audit_row()',
    target);
end
$$;

select private.audit_attach('public.sponsors');
select private.audit_attach('public.news_articles');
select private.audit_attach('public.gallery_images');
select private.audit_attach('public.videos');
select private.audit_attach('public.testimonials');
select private.audit_attach('public.events');
select private.audit_attach('public.past_tours');
select private.audit_attach('public.site_settings');
