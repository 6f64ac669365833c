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
