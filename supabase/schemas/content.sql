-- Content: what the organiser publishes on the public site from the admin's content managers:
-- sponsors, news articles (and their extra images), the gallery, videos, testimonials, events and
-- past tours. Every table has a uuid id, `published` (false: a draft) and timestamps. Visitors
-- (anonymous or signed in) read published rows that are not in the trash; administrators read
-- and write everything (a signed-in user without the admin role is a visitor). Each table is
-- audited (admin.sql) and rebuilds the public pages when a shown row changes (site_rebuild.sql).
--
-- The trash: deleting a content row moves it to the trash (deleted_at, deleted_by) instead of
-- deleting it. Visitors never see a trashed row; the administrator still reads it (the admin lists
-- ask for `deleted_at is null`, the Trash view for the opposite), restores it (deleted_at back to
-- null) or deletes it for good. public.purge_trash() deletes what has been there 30 days.
--
-- Ordering: public.reorder_content(target, ids) writes a new order of the rows a list shows in
-- one call (see its comment for what moving means in a filtered or paged view).
--
-- Alt text: each image gets a description and a "decorative" choice (an image that adds nothing a
-- screen reader should say gets alt=""). A published image that is not decorative must be
-- described: the forms say so, and CHECK constraints (and, for an article's extra images, a
-- trigger) refuse it from any client.

-- When and by whom a row was trashed is the database's to say: whatever a client sends, moving a
-- row to the trash stamps now() and the caller's id, restoring clears both, and nothing else
-- changes them. A row is never created in the trash. The one change let through: `on delete set
-- null` of deleted_by's foreign key (deleting a user who had trashed rows, as GoTrue and the
-- dashboard do). Security definer so that it may look up auth.users for that update.
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

-- An article's extra images have no published flag of their own: they are published with the
-- article, so the alt text rule is checked from both sides (an image added to a published
-- article, and an article published with undescribed images).
create or replace function private.check_article_image_alt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'news_article_images' then
    if not new.decorative and length(trim(new.alt)) = 0
      and exists (select 1 from public.news_articles a where a.id = new.article_id and a.published)
    then
      raise exception 'An extra image of a published article needs alt text or the decorative choice'
        using errcode = '23514', constraint = 'news_article_images_alt_when_published';
    end if;
  elsif new.published and exists (
    select 1 from public.news_article_images i
    where i.article_id = new.id and not i.decorative and length(trim(i.alt)) = 0
  ) then
    raise exception 'An extra image of a published article needs alt text or the decorative choice'
      using errcode = '23514', constraint = 'news_article_images_alt_when_published';
  end if;
  return new;
end
$$;

revoke all on function private.check_article_image_alt() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Sponsors
-- ---------------------------------------------------------------------------------------------
create table public.sponsors (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  tier text not null default 'Tier 3' check (tier in ('Tier 1', 'Tier 2', 'Tier 3')),
  logo_url text,
  website_url text,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  logo_alt text not null default '' check (length(logo_alt) <= 500),
  logo_decorative boolean not null default false,
  constraint sponsors_logo_alt_when_published
    check (not published or coalesce(logo_url, '') = '' or logo_decorative or length(trim(logo_alt)) > 0)
);
-- The public page's order (published rows only), the admin list's (every row: page 1 reads the
-- first 20 entries of an index instead of sorting the table), and the Trash view's.
create index sponsors_public_idx on public.sponsors (sort_order) where published;
create index sponsors_admin_order_idx on public.sponsors (sort_order, created_at desc, id);
create index sponsors_trash_idx on public.sponsors (deleted_at desc, id) where deleted_at is not null;

create trigger sponsors_updated_at before update on public.sponsors
  for each row execute function public.set_updated_at();
create trigger sponsors_stamp_trash before insert or update on public.sponsors
  for each row execute function private.stamp_trash();
create trigger audit_row after insert or update or delete on public.sponsors
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.sponsors
  for each row execute function private.site_content_changed();

alter table public.sponsors enable row level security;
create policy "published sponsors are public" on public.sponsors
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write sponsors" on public.sponsors
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- News articles and their extra images
-- ---------------------------------------------------------------------------------------------
-- One table for the list page, the home block and the detail page (the spec names two).
create table public.news_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  excerpt text not null default '',
  content text not null default '',
  image_url text,
  category text not null default 'news',
  is_featured boolean not null default false,
  published boolean not null default false,
  published_date date not null default current_date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  image_alt text not null default '' check (length(image_alt) <= 500),
  image_decorative boolean not null default false,
  constraint news_articles_image_alt_when_published
    check (not published or coalesce(image_url, '') = '' or image_decorative or length(trim(image_alt)) > 0)
);
create index news_articles_public_idx on public.news_articles (published_date desc) where published;
create index news_articles_admin_order_idx
  on public.news_articles (published_date desc, created_at desc, id);
create index news_articles_trash_idx on public.news_articles (deleted_at desc, id)
  where deleted_at is not null;

create trigger news_articles_updated_at before update on public.news_articles
  for each row execute function public.set_updated_at();
create trigger news_articles_stamp_trash before insert or update on public.news_articles
  for each row execute function private.stamp_trash();
create trigger news_articles_images_alt
  before insert or update of published on public.news_articles
  for each row execute function private.check_article_image_alt();
create trigger audit_row after insert or update or delete on public.news_articles
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.news_articles
  for each row execute function private.site_content_changed();

alter table public.news_articles enable row level security;
create policy "published articles are public" on public.news_articles
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write articles" on public.news_articles
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create table public.news_article_images (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references public.news_articles (id) on delete cascade,
  url text not null,
  caption text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  alt text not null default '' check (length(alt) <= 500),
  decorative boolean not null default false
);
create index news_article_images_article_idx on public.news_article_images (article_id, sort_order);

create trigger news_article_images_alt
  before insert or update on public.news_article_images
  for each row execute function private.check_article_image_alt();
create trigger site_rebuild after insert or update or delete on public.news_article_images
  for each row execute function private.site_content_changed();

alter table public.news_article_images enable row level security;
create policy "images of published articles are public" on public.news_article_images
  for select to anon, authenticated using (
    (select public.is_admin())
    or exists (
      select 1 from public.news_articles a
      where a.id = news_article_images.article_id and a.published and a.deleted_at is null
    )
  );
create policy "administrators write article images" on public.news_article_images
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The gallery
-- ---------------------------------------------------------------------------------------------
create table public.gallery_images (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  url text not null,
  category text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  alt text not null default '' check (length(alt) <= 500),
  decorative boolean not null default false,
  -- The gallery manager's search at 10,000 photos (npm run bench:admin): the searched text in
  -- lower case, which the list matches with `like` on the lowered words. `ilike` on title and
  -- category folded the case of both columns of every row row-level security let through (it is
  -- not leakproof, so the policy runs first and no index serves it), most of the request's time
  -- on PGlite. (A trigram index would also need a way around RLS, and serves rare words only.)
  search_text text generated always as (lower(coalesce(title, '') || ' ' || coalesce(category, ''))) stored,
  constraint gallery_images_alt_when_published
    check (not published or decorative or length(trim(alt)) > 0)
);
create index gallery_images_public_idx on public.gallery_images (sort_order, created_at) where published;
create index gallery_images_category_idx on public.gallery_images (category) where published;
create index gallery_images_admin_order_idx
  on public.gallery_images (sort_order, created_at desc, id);
create index gallery_images_trash_idx on public.gallery_images (deleted_at desc, id)
  where deleted_at is not null;

create trigger gallery_images_updated_at before update on public.gallery_images
  for each row execute function public.set_updated_at();
create trigger gallery_images_stamp_trash before insert or update on public.gallery_images
  for each row execute function private.stamp_trash();
create trigger audit_row after insert or update or delete on public.gallery_images
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.gallery_images
  for each row execute function private.site_content_changed();

alter table public.gallery_images enable row level security;
create policy "published gallery images are public" on public.gallery_images
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write gallery images" on public.gallery_images
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Videos
-- ---------------------------------------------------------------------------------------------
create table public.videos (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  url text not null,
  thumbnail_url text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  -- The film's kind, free text (the admin names new kinds as they come; the spec's 'Highlights'
  -- is one), '' for none so the pages never test for null. /sponsors shows the published films
  -- of 'Sponsor interview' and, until there is one, no interview block at all.
  category text not null default ''
    check (length(category) <= 60 and category = btrim(category))
);
create index videos_public_idx on public.videos (sort_order) where published;
-- /sponsors asks for one category's published films in their order.
create index videos_public_category_idx on public.videos (category, sort_order)
  where published and deleted_at is null;
create index videos_admin_order_idx on public.videos (sort_order, created_at desc, id);
create index videos_trash_idx on public.videos (deleted_at desc, id) where deleted_at is not null;

create trigger videos_updated_at before update on public.videos
  for each row execute function public.set_updated_at();
create trigger videos_stamp_trash before insert or update on public.videos
  for each row execute function private.stamp_trash();
create trigger audit_row after insert or update or delete on public.videos
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.videos
  for each row execute function private.site_content_changed();

alter table public.videos enable row level security;
create policy "published videos are public" on public.videos
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write videos" on public.videos
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Testimonials
-- ---------------------------------------------------------------------------------------------
create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  quote text not null check (length(trim(quote)) > 0),
  image_url text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null
);
create index testimonials_public_idx on public.testimonials (sort_order) where published;
create index testimonials_admin_order_idx on public.testimonials (sort_order, created_at desc, id);
create index testimonials_trash_idx on public.testimonials (deleted_at desc, id)
  where deleted_at is not null;

create trigger testimonials_updated_at before update on public.testimonials
  for each row execute function public.set_updated_at();
create trigger testimonials_stamp_trash before insert or update on public.testimonials
  for each row execute function private.stamp_trash();
create trigger audit_row after insert or update or delete on public.testimonials
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.testimonials
  for each row execute function private.site_content_changed();

alter table public.testimonials enable row level security;
create policy "published testimonials are public" on public.testimonials
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write testimonials" on public.testimonials
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Events
-- ---------------------------------------------------------------------------------------------
create table public.events (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  -- The display text for entries such as "TBC" or "Late summer", shown instead of the dates.
  date text not null default '',
  time text not null default '',
  location text not null,
  type text not null default 'Meetup' check (type in ('Main Rally', 'Meetup', 'Fundraiser', 'Workshop')),
  description text not null default '',
  status text not null default 'Registration Open',
  attendees text not null default '',
  image_url text,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The real dates the pages order and split by. A row written without a start date (older
  -- clients, tests arranging rows) is dated the day it is written; the admin form always sends
  -- the date the organiser chose.
  starts_on date not null default current_date,
  ends_on date,
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  image_alt text not null default '' check (length(image_alt) <= 500),
  image_decorative boolean not null default false,
  constraint events_dates_check check (ends_on is null or ends_on >= starts_on),
  constraint events_image_alt_when_published
    check (not published or coalesce(image_url, '') = '' or image_decorative or length(trim(image_alt)) > 0)
);
create index events_public_idx on public.events (starts_on) where published;
create index events_admin_order_idx on public.events (date, id);
create index events_trash_idx on public.events (deleted_at desc, id) where deleted_at is not null;

create trigger events_updated_at before update on public.events
  for each row execute function public.set_updated_at();
create trigger events_stamp_trash before insert or update on public.events
  for each row execute function private.stamp_trash();
create trigger audit_row after insert or update or delete on public.events
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.events
  for each row execute function private.site_content_changed();

alter table public.events enable row level security;
create policy "published events are public" on public.events
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write events" on public.events
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Past tours
-- ---------------------------------------------------------------------------------------------
-- A past tour's funds raised are money: the form's "Funds Raised" text (the spec keeps it) is an
-- amount or nothing, and the trigger below keeps funds_raised_pence from it.
create table public.past_tours (
  id uuid primary key default gen_random_uuid(),
  year integer not null default extract(year from current_date)::integer,
  route text not null,
  participants integer not null check (participants >= 0),
  funds_raised text not null,
  miles integer not null check (miles >= 0),
  image_url text,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references auth.users (id) on delete set null,
  -- Null: no amount entered yet (counted as nothing).
  funds_raised_pence integer check (funds_raised_pence >= 0)
);
create index past_tours_public_idx on public.past_tours (year desc) where published;
create index past_tours_admin_order_idx on public.past_tours (year desc, created_at desc, id);
create index past_tours_trash_idx on public.past_tours (deleted_at desc, id)
  where deleted_at is not null;

-- The field rule raisedAmount (src/lib/field-rules.ts): pounds with or without '£' and thousands
-- commas, to the penny, up to £9,999,999.99 (so the pence fit). tests/lint/field-rules.test.ts
-- runs both on the same cases.
create or replace function private.is_raised_amount(amount text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select amount ~ '^£?([0-9]{1,3}(,[0-9]{3})?|[0-9],[0-9]{3},[0-9]{3}|[0-9]{1,7})(\.[0-9]{1,2})?$'
$$;

-- Refuses any other text, beside the field, in the rule's words; stores the pence; and writes the
-- text back in one form ('12500' is kept as '£12,500'), so the public page, the admin list and
-- funds_raised_to_date() say the same amount. An empty text stays allowed: it is how
-- add_edition_to_past_tours() leaves a tour whose funds the organiser has not yet entered (the
-- form requires the field). Only a changed text is judged.
create or replace function private.past_tour_funds()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  typed text;
  pence integer;
begin
  if tg_op = 'UPDATE' and new.funds_raised is not distinct from old.funds_raised then
    -- The pence follow the text, never the other way: one fact, one place to type it.
    new.funds_raised_pence := old.funds_raised_pence;
    return new;
  end if;
  typed := btrim(coalesce(new.funds_raised, ''));
  if typed = '' then
    -- A tour added from an edition may come with its pence and no text yet.
    new.funds_raised := case when tg_op = 'INSERT' and new.funds_raised_pence is not null
      then '£' || to_char(new.funds_raised_pence / 100.0,
        case when new.funds_raised_pence % 100 = 0 then 'FM9,999,990' else 'FM9,999,990.00' end)
      else '' end;
    if new.funds_raised = '' then
      new.funds_raised_pence := null;
    end if;
    return new;
  end if;
  if not private.is_raised_amount(typed) then
    perform private.refuse('funds_raised', 'Please enter an amount in pounds, such as £12,500.');
  end if;
  pence := round(replace(ltrim(typed, '£'), ',', '')::numeric * 100)::integer;
  new.funds_raised_pence := pence;
  new.funds_raised := '£' || to_char(pence / 100.0,
    case when pence % 100 = 0 then 'FM9,999,990' else 'FM9,999,990.00' end);
  return new;
end
$$;

revoke all on function private.is_raised_amount(text), private.past_tour_funds()
  from public, anon, authenticated;

create trigger past_tours_updated_at before update on public.past_tours
  for each row execute function public.set_updated_at();
create trigger past_tours_stamp_trash before insert or update on public.past_tours
  for each row execute function private.stamp_trash();
create trigger past_tours_funds before insert or update on public.past_tours
  for each row execute function private.past_tour_funds();
create trigger audit_row after insert or update or delete on public.past_tours
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.past_tours
  for each row execute function private.site_content_changed();

alter table public.past_tours enable row level security;
create policy "published past tours are public" on public.past_tours
  for select to anon, authenticated
  using ((published and deleted_at is null) or (select public.is_admin()));
create policy "administrators write past tours" on public.past_tours
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Records a finished edition as a past tour in one statement under a lock: the year, the route
-- from its start and finish places, the cars with a paid deposit as participants; funds raised
-- and miles are left for the organiser to complete (the entry is a draft until then). Refused,
-- naming the field, for an edition that is not finished or a year the past tours already hold.
create or replace function public.add_edition_to_past_tours(edition_year integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  edition public.editions;
  tour_id uuid;
  cars integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may record past tours' using errcode = '42501';
  end if;
  -- Two clicks at once record one tour: the second waits here and then finds the first's.
  perform pg_advisory_xact_lock(hashtextextended('public.past_tours from editions', 0));
  select * into edition from public.editions where year = edition_year;
  if not found then
    perform private.refuse('year', format('There is no %s edition.', coalesce(edition_year::text, 'such')));
  end if;
  if edition.end_date >= private.today() then
    perform private.refuse('year', format('The %s has not finished yet.', edition.name));
  end if;
  if exists (select 1 from public.past_tours where year = edition.year and deleted_at is null) then
    perform private.refuse('year', format('The past tours already have %s.', edition.year));
  end if;
  select count(*)::integer into cars from public.registrations
    where edition_id = edition.id and status <> 'cancelled' and deposit_status = 'paid';
  insert into public.past_tours (year, route, participants, funds_raised, miles, published)
  values (
    edition.year,
    case
      when edition.start_place <> '' and edition.finish_place <> ''
        then edition.start_place || ' to ' || edition.finish_place
      else edition.start_place || edition.finish_place
    end,
    cars,
    '',
    0,
    false
  )
  returning id into tour_id;
  return tour_id;
end
$$;

revoke all on function public.add_edition_to_past_tours(integer) from public, anon;
grant execute on function public.add_edition_to_past_tours(integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The admin's lists: filters, trash and order
-- ---------------------------------------------------------------------------------------------

-- The values each list filter offers (categories, years, tiers, types), with how many rows
-- outside the trash hold each, so a filter select lists what there is without reading every row.
-- It runs with the caller's rights (security_invoker), so each table's row-level security
-- applies: a visitor counts published rows only, an administrator drafts too.
create view public.content_facets with (security_invoker = true) as
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

revoke all on public.content_facets from anon, authenticated;
grant select on public.content_facets to anon, authenticated;

-- Deletes for good what has been in the trash longer than `older_than` (30 days by default), in
-- every content table, and says how many rows went. It runs with the caller's rights, so
-- row-level security decides: an administrator purges, anyone else deletes nothing. It is
-- idempotent: the admin's Trash view calls it on opening.
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
