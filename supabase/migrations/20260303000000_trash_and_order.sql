-- The admin's trash and ordering by moving (issue 13, items 2 and 4).
--
-- Trash: deleting a content row moves it to the trash (deleted_at, deleted_by) instead of
-- deleting it. Visitors never see a trashed row (the public select policies below); the
-- administrator still reads it (the admin lists ask for `deleted_at is null`, the Trash view for
-- the opposite), restores it (deleted_at back to null) or deletes it for good. Trashed rows older
-- than 30 days are deleted by public.purge_trash(), which is idempotent: the admin's Trash view
-- calls it on opening, and a hosted project also schedules it daily with pg_cron:
--
--   select cron.schedule('purge-trash', '17 3 * * *', $$select public.purge_trash()$$);
--
-- Ordering: public.reorder_content(target, ids) writes a new order of the rows a list shows in
-- one call (see its comment for what moving means in a filtered or paged view).
--
-- Valid on hosted Supabase (PostgreSQL 15+), PGlite and PostgreSQL 15.

do $$
declare
  t text;
begin
  foreach t in array array['sponsors', 'news_articles', 'gallery_images', 'videos',
                           'testimonials', 'events', 'past_tours'] loop
    execute format('alter table public.%I add column deleted_at timestamptz', t);
    execute format(
      'alter table public.%I add column deleted_by uuid references auth.users (id) on delete set null', t);
    -- The Trash view and the purge read trashed rows only: a small partial index.
    execute format(
      'create index %I on public.%I (deleted_at desc, id) where deleted_at is not null',
      t || '_trash_idx', t);
  end loop;
end
$$;

-- When and by whom a row was trashed is the database's to say: whatever a client sends, moving a
-- row to the trash stamps now() and the caller's id, restoring clears both, and nothing else
-- changes them. A row is never created in the trash.
create or replace function private.stamp_trash()
returns trigger
language plpgsql
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
    new.deleted_by := old.deleted_by;
  end if;
  return new;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['sponsors', 'news_articles', 'gallery_images', 'videos',
                           'testimonials', 'events', 'past_tours'] loop
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function private.stamp_trash()',
      t || '_stamp_trash', t);
  end loop;
end
$$;

-- Visitors read published rows that are not in the trash; administrators read everything.
drop policy "published sponsors are public" on public.sponsors;
create policy "published sponsors are public" on public.sponsors
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "published articles are public" on public.news_articles;
create policy "published articles are public" on public.news_articles
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "images of published articles are public" on public.news_article_images;
create policy "images of published articles are public" on public.news_article_images
  for select to anon, authenticated using (
    (select public.is_admin())
    or exists (
      select 1 from public.news_articles a
      where a.id = news_article_images.article_id and a.published and a.deleted_at is null
    )
  );

drop policy "published gallery images are public" on public.gallery_images;
create policy "published gallery images are public" on public.gallery_images
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "published videos are public" on public.videos;
create policy "published videos are public" on public.videos
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "published testimonials are public" on public.testimonials;
create policy "published testimonials are public" on public.testimonials
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "published events are public" on public.events;
create policy "published events are public" on public.events
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

drop policy "published past tours are public" on public.past_tours;
create policy "published past tours are public" on public.past_tours
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));

-- The filter options count what the lists show: rows outside the trash.
create or replace view public.content_facets with (security_invoker = true) as
  select 'gallery_images'::text as table_name, 'category'::text as column_name,
    category as value, count(*)::integer as row_count
  from public.gallery_images where category is not null and deleted_at is null group by category
  union all
  select 'gallery_images', 'year', year::text, count(*)::integer
  from public.gallery_images where deleted_at is null group by year
  union all
  select 'videos', 'year', year::text, count(*)::integer
  from public.videos where deleted_at is null group by year
  union all
  select 'testimonials', 'year', year::text, count(*)::integer
  from public.testimonials where deleted_at is null group by year
  union all
  select 'past_tours', 'year', year::text, count(*)::integer
  from public.past_tours where deleted_at is null group by year
  union all
  select 'news_articles', 'category', category, count(*)::integer
  from public.news_articles where deleted_at is null group by category
  union all
  select 'sponsors', 'tier', tier, count(*)::integer
  from public.sponsors where deleted_at is null group by tier
  union all
  select 'events', 'type', type, count(*)::integer
  from public.events where deleted_at is null group by type;

-- Deletes for good what has been in the trash longer than `older_than` (30 days by default),
-- in every content table, and says how many rows went. It runs with the caller's rights, so
-- row-level security decides: an administrator purges, anyone else deletes nothing; pg_cron runs
-- it as the table owner.
create or replace function public.purge_trash(older_than interval default interval '30 days')
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  t text;
  gone integer;
  total integer := 0;
begin
  foreach t in array array['sponsors', 'news_articles', 'gallery_images', 'videos',
                           'testimonials', 'events', 'past_tours'] loop
    execute format(
      'delete from public.%I where deleted_at is not null and deleted_at <= now() - $1', t)
      using older_than;
    get diagnostics gone = row_count;
    total := total + gone;
  end loop;
  return total;
end
$$;

-- A new order for rows a list shows, in one call: `ids` are those rows (one page of a view, at
-- most 500) in their new order. Moving never jumps over rows that are not shown: the rows given
-- swap among the places they already held in the arranged order (sort_order, newest first, id),
-- and every other row keeps its place. So reordering page 2, or a view filtered to one
-- category, leaves page 1 and the other categories where they were. The whole table's
-- sort_order is renumbered 1, 2, 3 … the first time (ties become distinct); after that only rows
-- that move are written. Only tables ordered by hand take part; row-level security and the
-- admin check decide who may.
create or replace function public.reorder_content(target text, ids uuid[])
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  found integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may reorder content' using errcode = '42501';
  end if;
  if target is null or target not in ('gallery_images', 'videos', 'testimonials', 'sponsors') then
    raise exception 'Rows of % cannot be reordered', coalesce(target, 'null')
      using errcode = '22023';
  end if;
  if ids is null or cardinality(ids) = 0 or cardinality(ids) > 500 then
    raise exception 'Give between 1 and 500 ids' using errcode = '22023';
  end if;
  if (select count(distinct id) from unnest(ids) as given(id)) <> cardinality(ids) then
    raise exception 'An id is given twice' using errcode = '22023';
  end if;
  -- Two administrators reordering at once take turns, so neither works from a stale order.
  execute format('lock table public.%I in share row exclusive mode', target);
  execute format('select count(*) from public.%I where deleted_at is null and id = any($1)', target)
    into found using ids;
  if found <> cardinality(ids) then
    raise exception 'Some rows are not in the list (deleted or trashed)' using errcode = '22023';
  end if;
  execute format($sql$
    with arranged as (
      select id, row_number() over (order by sort_order, created_at desc, id)::integer as place
      from public.%1$I where deleted_at is null
    ),
    slots as (
      select place, row_number() over (order by place) as k from arranged where id = any($1)
    ),
    wanted as (select id, k from unnest($1) with ordinality as w(id, k)),
    moved as (select wanted.id, slots.place from wanted join slots using (k)),
    placed as (
      select arranged.id, coalesce(moved.place, arranged.place) as place
      from arranged left join moved using (id)
    )
    update public.%1$I as t set sort_order = placed.place
    from placed
    where t.id = placed.id and t.sort_order is distinct from placed.place
  $sql$, target) using ids;
end
$$;

revoke all on function public.purge_trash(interval) from public, anon;
grant execute on function public.purge_trash(interval) to authenticated, service_role;
revoke all on function public.reorder_content(text, uuid[]) from public, anon;
grant execute on function public.reorder_content(text, uuid[]) to authenticated, service_role;
