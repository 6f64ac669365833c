-- Media: the public `media` bucket (images and films for the site) and the media library's table.
-- Anyone reads a file by its public URL; only administrators list, upload, replace and delete.
-- Uploads are checked on the server twice: here, on every object written to the bucket, the
-- name; and in the media-check Edge Function, the bytes (the admin calls it after each upload).
--
-- Names carry what public pages need, so a page never asks for a file's metadata: an original
-- uploaded by the admin is '<yyyy>/<mm>/<slug>-<random>.<width>x<height>.<ext>' and each variant
-- is '<same path without the extension>.w<width>.webp' (src/config/media.ts). The admin uploads
-- the variants first and the original last, so an original whose name carries its size always
-- has its variants.

-- ---------------------------------------------------------------------------------------------
-- The bucket
-- ---------------------------------------------------------------------------------------------
-- Its own limits (supabase/config.toml's [storage.buckets.media] says the same) make Storage
-- refuse other types and oversize files.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media', 'media', true, 52428800,
  array['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Visitors cannot list the bucket (a listing showed every object, the pictures of articles not
-- yet published too). A public bucket serves /storage/v1/object/public/media/<path> without any
-- select policy (Storage reads public objects as itself), so every public URL works; only
-- administrators list it (the admin's media library).
create policy "administrators list media" on storage.objects
  for select to authenticated using (bucket_id = 'media' and (select public.is_admin()));
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

-- ---------------------------------------------------------------------------------------------
-- The names
-- ---------------------------------------------------------------------------------------------
-- Hosted Supabase Storage stores whatever bytes it is sent and decodes nothing. A name with a
-- control character, a bidirectional override or mark (U+200E/F, U+202A-U+202E, U+2066-U+2069:
-- 'photo\u202Egnp.exe' shows as 'photoexe.png') or not in Unicode NFC is refused, and so is a name
-- announcing a size of 0 or more than 50 megapixels (public pages take an image's size and
-- variants from its name). The refusal is SQLSTATE 22P02, which Storage answers as 400
-- InvalidParameter with this message (storage-api's DBError.fromDBError).

-- The most pixels an image may have; supabase/functions/_shared/formats/image-check.ts has the same.
create or replace function private.max_image_pixels()
returns bigint
language sql
immutable
set search_path = ''
as $$
  select 50000000::bigint
$$;

-- Why an object name in the media bucket is refused, or null when it is fine.
create or replace function private.media_name_problem(name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  size_match text[];
begin
  if name ~ '[\x01-\x1f\x7f-\x9f]' then
    return 'The file name has a control character in it. Please rename the file.';
  end if;
  if name ~ '[\u200e\u200f\u202a-\u202e\u2066-\u2069]' then
    return 'The file name has a text-direction character in it. Please rename the file.';
  end if;
  if not (name is nfc normalized) then
    return 'The file name is not in Unicode NFC form. Please rename the file.';
  end if;
  size_match := regexp_match(name, '\.([0-9]{1,9})x([0-9]{1,9})\.[A-Za-z0-9]+$');
  if size_match is not null then
    if size_match[1]::bigint = 0 or size_match[2]::bigint = 0 then
      return 'The file name announces an image with no size.';
    end if;
    if size_match[1]::bigint * size_match[2]::bigint > private.max_image_pixels() then
      return format('The file name announces an image of %sx%s pixels; the limit is 50 megapixels.',
        size_match[1], size_match[2]);
    end if;
  end if;
  return null;
end
$$;

create or replace function private.check_media_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  problem text := private.media_name_problem(new.name);
begin
  if problem is not null then
    raise exception '%', problem using errcode = '22P02';
  end if;
  return new;
end
$$;

revoke all on function private.max_image_pixels(), private.media_name_problem(text),
  private.check_media_name()
  from public, anon, authenticated;

create trigger media_names_checked
  before insert or update of name on storage.objects
  for each row when (new.bucket_id = 'media')
  execute function private.check_media_name();

-- ---------------------------------------------------------------------------------------------
-- The library
-- ---------------------------------------------------------------------------------------------
-- One row per file an administrator uploaded to the bucket (the original, never its width
-- variants), with its default alt text, its size in pixels and the widths of the WebP variants
-- stored beside it. Triggers on storage.objects keep it in step with uploads and deletes,
-- whoever makes them (the admin, the seed, a script with the service key), so the library reads
-- one indexed table (search, type, order, count and range) instead of walking the bucket's
-- folders.
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
  created_by uuid,
  -- When the media-check function passed the file. A file an administrator's session uploaded is
  -- in the library only once that check has passed; files written by the service role or the
  -- database owner (the seed, a script with the service key) are the operator's and count as
  -- checked.
  checked_at timestamptz
);

-- The library's orders and its type filter, each ending in the id (pages never overlap).
create index media_files_newest_idx on public.media_files (created_at desc, id);
create index media_files_path_idx on public.media_files (path, id);
create index media_files_kind_idx on public.media_files (kind, created_at desc, id);

-- Only administrators see or change the library. Public pages never read it: they get a file's
-- variants from its name and its alt text from the content row that shows it. Rows are created
-- by the storage triggers; an administrator edits only the default alt text. A file that waits
-- for the check (or that an upload left behind when the check was never asked for) is not
-- offered to any form.
alter table public.media_files enable row level security;
revoke all on public.media_files from anon, authenticated;
grant select, delete on public.media_files to authenticated;
grant update (alt) on public.media_files to authenticated;

create policy "administrators read checked media files" on public.media_files
  for select to authenticated
  using ((select public.is_admin()) and checked_at is not null);
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
-- the row whoever deletes the object (the service key, a cascade). An original uploaded by an
-- administrator's session waits for the media-check function (checked_at null); the operator's
-- is checked now; a replaced original waits again.
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
  insert into public.media_files as f
    (path, width, height, variants, content_type, size, created_by, checked_at)
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
    new.owner,
    case when (select auth.role()) in ('anon', 'authenticated') then null else now() end
  )
  on conflict (path) do update set
    width = coalesce(excluded.width, f.width),
    height = coalesce(excluded.height, f.height),
    variants = case when excluded.variants = '{}' then f.variants else excluded.variants end,
    content_type = excluded.content_type,
    size = excluded.size,
    checked_at = excluded.checked_at;
  return new;
end
$$;

revoke all on function private.sync_media_file() from public, anon, authenticated;

create trigger media_files_sync
  after insert or update or delete on storage.objects
  for each row execute function private.sync_media_file();

-- The media-check function's record of a passed check: the size it read from the file's own
-- structure (null for a film), which replaces whatever the name announced. Service role only.
create or replace function public.record_media_check(
  target_path text,
  image_width integer,
  image_height integer
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.media_files
    set checked_at = now(),
        width = coalesce(image_width, width),
        height = coalesce(image_height, height)
    where path = target_path;
  return found;
end
$$;

revoke all on function public.record_media_check(text, integer, integer) from public, anon, authenticated;
grant execute on function public.record_media_check(text, integer, integer) to service_role;
