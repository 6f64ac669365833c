-- The media library's own table and alt text for every image (issues 13 and 14).
--
-- media_files: one row per file an administrator uploaded to the `media` bucket (the original,
-- never its width variants), with its default alt text, its size in pixels and the widths of
-- the WebP variants stored beside it. Triggers on storage.objects keep it in step with uploads
-- and deletes, whoever makes them (the admin, the seed, a script with the service key), so the
-- library reads one indexed table (search, type, order, count and range) instead of walking the
-- bucket's folders.
--
-- Names carry what public pages need, so a page never asks for a file's metadata: an original
-- uploaded by the admin is '<yyyy>/<mm>/<slug>-<random>.<width>x<height>.<ext>' and each variant
-- is '<same path without the extension>.w<width>.webp' (src/config/media.ts). The admin uploads
-- the variants first and the original last, so an original whose name carries its size always
-- has its variants.

create table public.media_files (
  id uuid primary key default gen_random_uuid(),
  path text not null unique check (length(path) between 1 and 1024),
  -- The alt text forms pre-fill when this file is picked ('' = none yet).
  alt text not null default '' check (length(alt) <= 500),
  width integer check (width > 0),
  height integer check (height > 0),
  -- Widths of the WebP variants stored beside the original, ascending.
  variants integer[] not null default '{}',
  content_type text not null default 'application/octet-stream',
  kind text generated always as (
    case when content_type like 'video/%' then 'video' else 'image' end
  ) stored,
  size bigint not null default 0 check (size >= 0),
  created_at timestamptz not null default now(),
  created_by uuid
);

-- The library's orders and its type filter, each ending in the id (pages never overlap).
create index media_files_newest_idx on public.media_files (created_at desc, id);
create index media_files_path_idx on public.media_files (path, id);
create index media_files_kind_idx on public.media_files (kind, created_at desc, id);

-- Only administrators see or change the library. Public pages never read it: they get a file's
-- variants from its name and its alt text from the content row that shows it.
alter table public.media_files enable row level security;
revoke all on public.media_files from anon, authenticated;
grant select, delete on public.media_files to authenticated;
-- Rows are created by the storage triggers; an administrator edits only the default alt text.
grant update (alt) on public.media_files to authenticated;

create policy "administrators read media files" on public.media_files
  for select to authenticated using ((select public.is_admin()));
create policy "administrators describe media files" on public.media_files
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators forget media files" on public.media_files
  for delete to authenticated using ((select public.is_admin()));

-- '….w640.webp' → 640; null for any other name.
create or replace function private.media_variant_width(name text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (regexp_match(name, '\.w([0-9]{1,5})\.webp$'))[1]::integer
$$;

-- The path a variant belongs to, without the original's extension.
create or replace function private.media_stem(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when name ~ '\.w[0-9]{1,5}\.webp$' then regexp_replace(name, '\.w[0-9]{1,5}\.webp$', '')
    else regexp_replace(name, '\.[A-Za-z0-9]+$', '')
  end
$$;

-- Runs as its owner: the uploader may not write media_files directly, and a delete must forget
-- the row whoever deletes the object (the service key, a cascade).
create or replace function private.sync_media_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  size_match text[];
  variant integer;
begin
  if tg_op in ('DELETE', 'UPDATE') and old.bucket_id = 'media' then
    variant := private.media_variant_width(old.name);
    if variant is null then
      delete from public.media_files where path = old.name;
    else
      update public.media_files
        set variants = array_remove(variants, variant)
        where private.media_stem(path) = private.media_stem(old.name)
          and private.media_variant_width(path) is null;
    end if;
    if tg_op = 'DELETE' then
      return old;
    end if;
  end if;
  if new.bucket_id is distinct from 'media' then
    return new;
  end if;
  variant := private.media_variant_width(new.name);
  if variant is not null then
    update public.media_files
      set variants = (select array_agg(distinct w order by w) from unnest(variants || variant) w)
      where private.media_stem(path) = private.media_stem(new.name)
        and private.media_variant_width(path) is null;
    return new;
  end if;
  size_match := regexp_match(new.name, '\.([0-9]{1,5})x([0-9]{1,5})\.[A-Za-z0-9]+$');
  insert into public.media_files as f (path, width, height, variants, content_type, size, created_by)
  values (
    new.name,
    size_match[1]::integer,
    size_match[2]::integer,
    coalesce((
      select array_agg(private.media_variant_width(o.name) order by private.media_variant_width(o.name))
      from storage.objects o
      where o.bucket_id = 'media'
        and private.media_variant_width(o.name) is not null
        and private.media_stem(o.name) = private.media_stem(new.name)
    ), '{}'),
    coalesce(new.metadata ->> 'mimetype', 'application/octet-stream'),
    coalesce((new.metadata ->> 'size')::bigint, 0),
    new.owner
  )
  on conflict (path) do update set
    width = coalesce(excluded.width, f.width),
    height = coalesce(excluded.height, f.height),
    variants = case when excluded.variants = '{}' then f.variants else excluded.variants end,
    content_type = excluded.content_type,
    size = excluded.size;
  return new;
end
$$;

revoke all on function private.sync_media_file() from public, anon, authenticated;

create trigger media_files_sync
  after insert or update or delete on storage.objects
  for each row execute function private.sync_media_file();

-- ---------------------------------------------------------------------------------------------
-- Alt text. Each image gets a description and a "decorative" choice (an image that adds nothing
-- a screen reader should say gets alt=""). A published image that is not decorative must be
-- described: the forms say so, and these checks refuse it from any client.
-- ---------------------------------------------------------------------------------------------

alter table public.gallery_images
  add column alt text not null default '' check (length(alt) <= 500),
  add column decorative boolean not null default false;
alter table public.gallery_images
  add constraint gallery_images_alt_when_published
  check (not published or decorative or length(trim(alt)) > 0) not valid;

alter table public.news_articles
  add column image_alt text not null default '' check (length(image_alt) <= 500),
  add column image_decorative boolean not null default false;
alter table public.news_articles
  add constraint news_articles_image_alt_when_published
  check (not published or coalesce(image_url, '') = '' or image_decorative or length(trim(image_alt)) > 0) not valid;

alter table public.news_article_images
  add column alt text not null default '' check (length(alt) <= 500),
  add column decorative boolean not null default false;

alter table public.sponsors
  add column logo_alt text not null default '' check (length(logo_alt) <= 500),
  add column logo_decorative boolean not null default false;
alter table public.sponsors
  add constraint sponsors_logo_alt_when_published
  check (not published or coalesce(logo_url, '') = '' or logo_decorative or length(trim(logo_alt)) > 0) not valid;

alter table public.events
  add column image_alt text not null default '' check (length(image_alt) <= 500),
  add column image_decorative boolean not null default false;
alter table public.events
  add constraint events_image_alt_when_published
  check (not published or coalesce(image_url, '') = '' or image_decorative or length(trim(image_alt)) > 0) not valid;

-- An article's extra images have no published flag of their own: they are published with the
-- article, so the rule is checked from both sides (an image added to a published article, and
-- an article published with undescribed images).
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

create trigger news_article_images_alt
  before insert or update on public.news_article_images
  for each row execute function private.check_article_image_alt();
create trigger news_articles_images_alt
  before insert or update of published on public.news_articles
  for each row execute function private.check_article_image_alt();
