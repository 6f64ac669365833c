-- The 2026 Europe Rally: content tables, their security policies and the media bucket.
-- Valid on hosted Supabase (Postgres 15+): it relies on the auth and storage schemas that
-- Supabase provides and never creates them.

create extension if not exists pgcrypto with schema extensions;

-- Who is an administrator is decided here, in SQL, from the verified JWT: the `role` claim that
-- only the service (never the user) can write into app_metadata.
create or replace function public.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Content tables. Every one has: uuid id, published (default false = Draft), timestamps.
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
  updated_at timestamptz not null default now()
);

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
  updated_at timestamptz not null default now()
);

create table public.news_article_images (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references public.news_articles (id) on delete cascade,
  url text not null,
  caption text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table public.gallery_images (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  url text not null,
  category text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.videos (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  url text not null,
  thumbnail_url text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  quote text not null check (length(trim(quote)) > 0),
  image_url text,
  year integer not null default extract(year from current_date)::integer,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.events (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  date text not null,
  time text not null,
  location text not null,
  type text not null default 'Meetup' check (type in ('Main Rally', 'Meetup', 'Fundraiser', 'Workshop')),
  description text not null default '',
  status text not null default 'Registration Open',
  attendees text not null default '',
  image_url text,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

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
  updated_at timestamptz not null default now()
);

create table public.site_settings (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[a-z][a-z0-9_]*$'),
  value text not null default '',
  description text,
  updated_at timestamptz not null default now()
);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 320),
  phone text check (phone is null or length(phone) <= 50),
  subject text not null check (subject in ('general', 'rally', 'sponsorship', 'charity', 'media', 'other')),
  message text not null check (length(trim(message)) between 1 and 10000),
  created_at timestamptz not null default now()
);

-- updated_at maintenance
create trigger sponsors_updated_at before update on public.sponsors
  for each row execute function public.set_updated_at();
create trigger news_articles_updated_at before update on public.news_articles
  for each row execute function public.set_updated_at();
create trigger gallery_images_updated_at before update on public.gallery_images
  for each row execute function public.set_updated_at();
create trigger videos_updated_at before update on public.videos
  for each row execute function public.set_updated_at();
create trigger testimonials_updated_at before update on public.testimonials
  for each row execute function public.set_updated_at();
create trigger events_updated_at before update on public.events
  for each row execute function public.set_updated_at();
create trigger past_tours_updated_at before update on public.past_tours
  for each row execute function public.set_updated_at();
create trigger site_settings_updated_at before update on public.site_settings
  for each row execute function public.set_updated_at();

-- Indexes for the public queries (published rows in the order each page reads them).
create index sponsors_public_idx on public.sponsors (sort_order) where published;
create index news_articles_public_idx on public.news_articles (published_date desc) where published;
create index news_article_images_article_idx on public.news_article_images (article_id, sort_order);
create index gallery_images_public_idx on public.gallery_images (sort_order, created_at) where published;
create index gallery_images_category_idx on public.gallery_images (category) where published;
create index videos_public_idx on public.videos (sort_order) where published;
create index testimonials_public_idx on public.testimonials (sort_order) where published;
create index events_public_idx on public.events (date) where published;
create index past_tours_public_idx on public.past_tours (year desc) where published;

-- ---------------------------------------------------------------------------------------------
-- Row Level Security. Visitors (anonymous or signed in) read published rows; administrators
-- read and write everything. A signed-in user without the admin role is a visitor.
-- ---------------------------------------------------------------------------------------------

alter table public.sponsors enable row level security;
alter table public.news_articles enable row level security;
alter table public.news_article_images enable row level security;
alter table public.gallery_images enable row level security;
alter table public.videos enable row level security;
alter table public.testimonials enable row level security;
alter table public.events enable row level security;
alter table public.past_tours enable row level security;
alter table public.site_settings enable row level security;
alter table public.contact_messages enable row level security;

create policy "published sponsors are public" on public.sponsors
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write sponsors" on public.sponsors
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published articles are public" on public.news_articles
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write articles" on public.news_articles
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "images of published articles are public" on public.news_article_images
  for select to anon, authenticated using (
    (select public.is_admin())
    or exists (
      select 1 from public.news_articles a
      where a.id = news_article_images.article_id and a.published
    )
  );
create policy "administrators write article images" on public.news_article_images
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published gallery images are public" on public.gallery_images
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write gallery images" on public.gallery_images
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published videos are public" on public.videos
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write videos" on public.videos
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published testimonials are public" on public.testimonials
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write testimonials" on public.testimonials
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published events are public" on public.events
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write events" on public.events
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "published past tours are public" on public.past_tours
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy "administrators write past tours" on public.past_tours
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Settings are public to read (the site needs rally_spots_remaining). Keys are fixed by
-- migrations: administrators may only change values.
create policy "settings are public" on public.site_settings
  for select to anon, authenticated using (true);
create policy "administrators update settings" on public.site_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke insert, delete, truncate on public.site_settings from anon, authenticated;
revoke update on public.site_settings from anon, authenticated;
grant update (value, updated_at) on public.site_settings to authenticated;

-- Contact messages: anyone may send one; only administrators may read or delete them.
create policy "anyone may send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (true);
create policy "administrators read contact messages" on public.contact_messages
  for select to authenticated using ((select public.is_admin()));
create policy "administrators delete contact messages" on public.contact_messages
  for delete to authenticated using ((select public.is_admin()));
revoke update, truncate on public.contact_messages from anon, authenticated;

insert into public.site_settings (key, value, description) values
  ('rally_spots_remaining', '12', 'Spots still available for the 2026 rally, shown on the 2026 Rally page.'),
  ('rally_start_date', '2026-06-22T00:00:00', 'When the countdown ends: the rally start, local time (YYYY-MM-DDTHH:MM:SS).')
on conflict (key) do nothing;

-- ---------------------------------------------------------------------------------------------
-- Storage: the public `media` bucket. Anyone reads; administrators upload and delete. The
-- bucket's own limits make the server refuse other types and oversize files.
-- ---------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media', 'media', true, 52428800,
  array['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "media is public to read" on storage.objects
  for select to anon, authenticated using (bucket_id = 'media');
create policy "administrators upload media" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'media'
    and (select public.is_admin())
    and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'webm')
  );
create policy "administrators update media" on storage.objects
  for update to authenticated using (bucket_id = 'media' and (select public.is_admin()))
  with check (bucket_id = 'media' and (select public.is_admin()));
create policy "administrators delete media" on storage.objects
  for delete to authenticated using (bucket_id = 'media' and (select public.is_admin()));
