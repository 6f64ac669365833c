-- The admin's lists (search, filters, sort and pages; issue 13) at 10,000 rows and more.
--
-- content_facets: the values each list filter offers (categories, years, tiers, types), with how
-- many rows hold each, so a filter select lists what there is without reading every row. It runs
-- with the caller's rights (security_invoker), so each table's row-level security applies: a
-- visitor counts published rows only, an administrator drafts too.
create view public.content_facets with (security_invoker = true) as
  select 'gallery_images'::text as table_name, 'category'::text as column_name,
    category as value, count(*)::integer as row_count
  from public.gallery_images where category is not null group by category
  union all
  select 'gallery_images', 'year', year::text, count(*)::integer
  from public.gallery_images group by year
  union all
  select 'videos', 'year', year::text, count(*)::integer from public.videos group by year
  union all
  select 'testimonials', 'year', year::text, count(*)::integer
  from public.testimonials group by year
  union all
  select 'past_tours', 'year', year::text, count(*)::integer from public.past_tours group by year
  union all
  select 'news_articles', 'category', category, count(*)::integer
  from public.news_articles group by category
  union all
  select 'sponsors', 'tier', tier, count(*)::integer from public.sponsors group by tier
  union all
  select 'events', 'type', type, count(*)::integer from public.events group by type;

revoke all on public.content_facets from anon, authenticated;
grant select on public.content_facets to anon, authenticated;

-- The orders the admin lists start in, over every row (drafts too): page 1 reads the first 20
-- entries of an index instead of sorting the table. The public lists' partial indexes (published
-- rows only) stay as they are.
create index gallery_images_admin_order_idx
  on public.gallery_images (sort_order, created_at desc, id);
create index videos_admin_order_idx on public.videos (sort_order, created_at desc, id);
create index testimonials_admin_order_idx on public.testimonials (sort_order, created_at desc, id);
create index sponsors_admin_order_idx on public.sponsors (sort_order, created_at desc, id);
create index news_articles_admin_order_idx
  on public.news_articles (published_date desc, created_at desc, id);
create index events_admin_order_idx on public.events (date, id);
create index past_tours_admin_order_idx on public.past_tours (year desc, created_at desc, id);

-- Searches (ilike '%…%' on the searched columns) read every row the caller may see: a trigram
-- index cannot serve them through PostgREST, because row-level security evaluates the policy
-- before any condition that is not leakproof (ilike is not). At 10,000 rows that scan is a few
-- milliseconds (npm run bench:admin).
