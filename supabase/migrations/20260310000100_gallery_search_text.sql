-- The gallery manager's search at 10,000 photos (npm run bench:admin). A search was
-- `title ilike '%…%' or category ilike '%…%'`: row-level security keeps any index out of it
-- (ilike is not leakproof, so the policy runs first and every row the administrator may see is
-- read), and ilike folds the case of both columns of every one of those rows, which on PGlite is
-- most of the request's time. The photo now carries its searched text already in lower case, and
-- the list matches it with `like` on the lowered words: the same rows, one column, no case folding
-- per row, and row-level security still decides which rows are read. (A trigram index would also
-- need a way around RLS, and serves rare words only: 'lake' is in a fifth of the bench's titles.)
alter table public.gallery_images
  add column search_text text
  generated always as (lower(coalesce(title, '') || ' ' || coalesce(category, ''))) stored;

-- A generated column changes with the columns it is made of: the audit log names those, not it.
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
