-- Uploads to the media library are checked on the server (issue 20, item 11).
--
-- Hosted Supabase Storage stores whatever bytes it is sent and decodes nothing, so the checks are
-- in two places the project controls:
--
-- 1. Here, on every object written to the `media` bucket, whoever writes it: the name. A name
--    with a control character, a bidirectional override or mark (U+200E/F, U+202A-U+202E,
--    U+2066-U+2069: 'photo\u202Egnp.exe' shows as 'photoexe.png') or not in Unicode NFC is
--    refused, and so is a name announcing a size of 0 or more than 50 megapixels (public pages
--    take an image's size and variants from its name). Until now a name announcing 0x0 broke
--    media_files' positive-size checks inside the sync trigger (23514), which Storage answers
--    with 500. The refusal is SQLSTATE 22P02, which Storage answers as 400
--    InvalidParameter with this message (storage-api's DBError.fromDBError).
--
-- 2. In the media-check Edge Function, on the bytes: the admin calls it after each upload, and
--    it reads the stored original's structure (PNG chunks, JPEG segments, GIF blocks, the WebP
--    container; supabase/functions/_shared/image-check.ts), refuses one that is damaged, not of
--    its type or over 50 megapixels by deleting it and its variants, and records the size it
--    read. A file an administrator's session uploaded is in the library (media_files, which the
--    admin reads) only once that check has passed: checked_at below. Files written by the
--    service role or the database owner (the seed, a script with the service key) are the
--    operator's and count as checked.

alter table public.media_files add column checked_at timestamptz;

-- Files already in the library were uploaded before the check existed and are on the site's
-- pages: they stay listed.
update public.media_files set checked_at = created_at;

-- The most pixels an image may have; supabase/functions/_shared/image-check.ts has the same.
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

revoke all on function private.max_image_pixels() from public, anon, authenticated;
revoke all on function private.media_name_problem(text) from public, anon, authenticated;

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

revoke all on function private.check_media_name() from public, anon, authenticated;

create trigger media_names_checked
  before insert or update of name on storage.objects
  for each row when (new.bucket_id = 'media')
  execute function private.check_media_name();

-- The sync trigger of migration 20260304000000, now also recording whether an original waits
-- for the media-check function (checked_at null) or is the operator's (checked now). A replaced
-- original waits again. This file's definition is the one in force.
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

-- The library shows administrators the files that passed the check; one that waits for it (or
-- that an upload left behind when the check was never asked for) is not offered to any form.
drop policy "administrators read media files" on public.media_files;
create policy "administrators read checked media files" on public.media_files
  for select to authenticated
  using ((select public.is_admin()) and checked_at is not null);

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
