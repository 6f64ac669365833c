-- Issue 15 (the look): each public page's hero can carry a photograph the organiser picks from
-- the media library. One setting per page in the 'pages' group that the typed-settings
-- migration kept for this, of a new type, 'image': a media bucket path (or an image's web
-- address), empty for the plain dark hero. Settings rather than a table because they are what
-- the typed-settings design is for (fixed keys, one value each, read with every other setting in
-- the one request the site already makes, prerendered with the page), and their row-level
-- security and column grants (anyone reads; administrators update the value) already cover them.
--
-- Valid on hosted Supabase, PGlite and PostgreSQL 15: plain DDL.

alter table public.site_settings drop constraint if exists site_settings_type_check;
alter table public.site_settings add constraint site_settings_type_check
  check (type in ('text', 'longtext', 'integer', 'date', 'url', 'email', 'phone', 'image'));

-- The trigger's function again, with the rule for 'image' (the other types' rules unchanged).
create or replace function private.validate_site_setting()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  name text := coalesce(nullif(new.label, ''), new.key);
  v text := btrim(new.value);
begin
  -- A migration that changes a row's type or label does not re-judge the value it already had.
  if tg_op = 'UPDATE' and new.value is not distinct from old.value then
    return new;
  end if;
  new.value := v;
  if v = '' then
    if new.required then
      raise exception using errcode = '23514', message = format('%s is required.', name);
    end if;
    return new;
  end if;
  if length(v) > 2000 then
    raise exception using errcode = '23514',
      message = format('%s must be at most 2000 characters.', name);
  end if;
  if new.type = 'integer' then
    if v !~ '^[0-9]{1,9}$' then
      raise exception using errcode = '23514',
        message = format('%s must be a whole number, such as 12.', name);
    end if;
  elsif new.type = 'date' then
    if v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception using errcode = '23514',
        message = format('%s must be a date (YYYY-MM-DD).', name);
    end if;
    begin
      -- to_char round-trips only a real calendar date (2026-02-30 is refused).
      if to_char(v::date, 'YYYY-MM-DD') <> v then
        raise exception 'not a calendar date';
      end if;
    exception when others then
      raise exception using errcode = '23514',
        message = format('%s must be a date (YYYY-MM-DD).', name);
    end;
  elsif new.type = 'url' then
    if v !~ '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      raise exception using errcode = '23514',
        message = format('%s must be a web address starting with https://.', name);
    end if;
  elsif new.type = 'email' then
    if v !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v) > 320 then
      raise exception using errcode = '23514',
        message = format('%s must be an email address, such as info@example.org.', name);
    end if;
  elsif new.type = 'phone' then
    if v !~ '^\+?[0-9 ()-]{6,30}$' then
      raise exception using errcode = '23514',
        message = format('%s must be a phone number (digits, spaces, brackets, + and -).', name);
    end if;
  elsif new.type = 'image' then
    -- A file of the media bucket by its path, or an image's web address.
    if not (v ~ '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$'
            or (v ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*\.(webp|jpe?g|png|gif|avif)$' and v !~ '\.\.')) then
      raise exception using errcode = '23514',
        message = format('%s must be an image from the media library or a web address starting with https://.', name);
    end if;
  elsif new.type = 'text' then
    if v ~ '[\r\n]' or length(v) > 200 then
      raise exception using errcode = '23514',
        message = format('%s must be one line of at most 200 characters.', name);
    end if;
  end if;
  return new;
end;
$$;

insert into public.site_settings (key, value, type, label, group_name, sort_order, required, description) values
  ('hero_home', '', 'image', 'Home page hero', 'pages', 10, false,
   'The photograph behind the home page''s headline. Empty: the plain dark hero.'),
  ('hero_rally', '', 'image', 'Rally page hero', 'pages', 20, false,
   'The photograph behind the rally page''s headline. Empty: the plain dark hero.'),
  ('hero_gallery', '', 'image', 'Gallery hero', 'pages', 30, false,
   'The photograph behind the gallery''s headline. Empty: the plain dark hero.'),
  ('hero_videos', '', 'image', 'Videos hero', 'pages', 40, false,
   'The photograph behind the videos page''s headline. Empty: the plain dark hero.'),
  ('hero_news', '', 'image', 'News hero', 'pages', 50, false,
   'The photograph behind the news page''s headline. Empty: the plain dark hero.'),
  ('hero_sponsors', '', 'image', 'Sponsors hero', 'pages', 60, false,
   'The photograph behind the sponsors page''s headline. Empty: the plain dark hero.'),
  ('hero_about', '', 'image', 'Charity page hero', 'pages', 70, false,
   'The photograph behind the charity page''s headline. Empty: the plain dark hero.'),
  ('hero_contact', '', 'image', 'Contact hero', 'pages', 80, false,
   'The photograph behind the contact page''s headline. Empty: the plain dark hero.'),
  ('hero_sign_up', '', 'image', 'Sign-up hero', 'pages', 90, false,
   'The photograph behind the sign-up page''s headline. Empty: the plain dark hero.')
on conflict (key) do update set
  type = excluded.type,
  label = excluded.label,
  group_name = excluded.group_name,
  sort_order = excluded.sort_order,
  required = excluded.required,
  description = excluded.description;
