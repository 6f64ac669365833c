-- Issue 12: the rally's facts are settings the organiser edits, typed and validated here, and
-- events have real dates.
--
-- Settings stay one row per fixed key (site_settings), now with a type, a label, a group and an
-- order. Why rows and not typed columns on one row: keys are fixed by migrations and only values
-- change (the spec), each helper adds its own key with one `insert … on conflict do nothing`
-- (rally_capacity may arrive from the organiser's migration before or after this one), the admin
-- screen draws any new key without a code change, and the RLS and column grants already in place
-- (anyone reads; administrators update `value` and `updated_at` only) keep covering them. The
-- price of rows is that a value is text: the trigger below refuses, by the row's type, any value
-- that is not a whole number, a date, a URL, an email… with a message the admin screen shows.
-- The admin cannot change a row's type, label or group (no column grant), so the rule a value is
-- checked against is the migration's.
--
-- Valid on hosted Supabase, PGlite and PostgreSQL 15: plain DDL, no extensions.

alter table public.site_settings
  add column if not exists type text not null default 'text',
  add column if not exists label text not null default '',
  add column if not exists group_name text not null default 'edition',
  add column if not exists sort_order integer not null default 0,
  add column if not exists required boolean not null default false;

-- Idempotent: a later migration (or a second run) may add these constraints again.
alter table public.site_settings drop constraint if exists site_settings_type_check;
alter table public.site_settings add constraint site_settings_type_check
  check (type in ('text', 'longtext', 'integer', 'date', 'url', 'email', 'phone'));
alter table public.site_settings drop constraint if exists site_settings_group_check;
-- 'pages' is kept for the look helper's per-page settings (hero images).
alter table public.site_settings add constraint site_settings_group_check
  check (group_name in ('edition', 'organisation', 'fundraising', 'pages'));

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- The one rule for what a value of each type may be. src/lib/settingValue.ts applies the same
-- rules in the form, with the same messages; this is the one that cannot be skipped.
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
  elsif new.type = 'text' then
    if v ~ '[\r\n]' or length(v) > 200 then
      raise exception using errcode = '23514',
        message = format('%s must be one line of at most 200 characters.', name);
    end if;
  end if;
  return new;
end;
$$;

drop trigger if exists site_settings_validate on public.site_settings;
create trigger site_settings_validate before insert or update on public.site_settings
  for each row execute function private.validate_site_setting();

-- The old countdown key held a date-time; it is now a date like the other calendar settings.
update public.site_settings set value = left(btrim(value), 10)
  where key = 'rally_start_date' and value ~ '^\d{4}-\d{2}-\d{2}T';

-- The keys, with the spec's values as the seed. Existing rows keep their value (on conflict);
-- their type, label, group and order are this migration's.
create temporary table new_settings (
  key text, value text, type text, label text, group_name text, sort_order integer,
  required boolean, description text
) on commit drop;
insert into new_settings values
  ('rally_name', '2026 Europe Rally', 'text', 'Rally name', 'edition', 10, true,
   'The edition''s name as the site shows it, e.g. "2026 Europe Rally".'),
  ('rally_year', '2026', 'integer', 'Rally year', 'edition', 20, true,
   'The edition''s year. The rally page is /<year>-rally.'),
  ('rally_start_date', '2026-06-22', 'date', 'Start date', 'edition', 30, true,
   'The first day of the rally: the countdown runs to midnight before it.'),
  ('rally_end_date', '2026-06-28', 'date', 'End date', 'edition', 40, true,
   'The last day of the rally: it has finished from the following midnight.'),
  ('rally_start_place', 'United Kingdom', 'text', 'Start place', 'edition', 50, true,
   'Where the convoy leaves from.'),
  ('rally_finish_place', 'Austria', 'text', 'Finish place', 'edition', 60, true,
   'Where the rally finishes.'),
  ('rally_price', '3950', 'integer', 'Price per car (£)', 'edition', 70, true,
   'The entry fee for one car and two guests, in whole pounds.'),
  ('rally_deposit', '250', 'integer', 'Deposit (£)', 'edition', 80, true,
   'The non-refundable deposit that secures a place, in whole pounds.'),
  ('rally_capacity', '12', 'integer', 'Capacity (cars)', 'edition', 90, true,
   'How many cars can take part. Places left are counted from this and the registrations.'),
  ('registration_opens', '2025-09-01', 'date', 'Registration opens', 'edition', 100, true,
   'Before this day the site asks visitors to register their interest.'),
  ('registration_closes', '2026-05-31', 'date', 'Registration closes', 'edition', 110, true,
   'The last day a team can register and pay a deposit.'),
  ('next_edition_name', '', 'text', 'Next edition name', 'edition', 120, false,
   'Optional: shown after the rally, e.g. "2027 Europe Rally".'),
  ('next_edition_url', '', 'url', 'Next edition link', 'edition', 130, false,
   'Optional: where to read about the next edition.'),
  ('next_edition_date', '', 'date', 'Next edition start date', 'edition', 140, false,
   'Optional: when the next edition starts.'),
  ('charity_name', 'Europe Rally', 'text', 'Charity name', 'organisation', 10, true,
   'The organisation''s name in the footer and for search engines.'),
  ('charity_number', '', 'text', 'Registered charity number', 'organisation', 20, false,
   'The Charity Commission number, shown in the footer and given to search engines.'),
  ('contact_email', 'info@europerally.org.uk', 'email', 'Contact email', 'organisation', 30, true,
   'Where visitors write to.'),
  ('contact_phone', '+44 (0)20 7946 0321', 'phone', 'Contact phone', 'organisation', 40, true,
   'The phone number visitors call.'),
  ('postal_address', 'Europe Rally, PO Box 2026, London, United Kingdom', 'text', 'Postal address',
   'organisation', 50, true, 'One line, as it appears in the footer.'),
  ('social_facebook', 'https://www.facebook.com/', 'url', 'Facebook page', 'organisation', 60,
   false, 'Optional: leave empty to hide the link.'),
  ('social_instagram', 'https://www.instagram.com/', 'url', 'Instagram profile', 'organisation',
   70, false, 'Optional: leave empty to hide the link.'),
  ('social_youtube', 'https://www.youtube.com/', 'url', 'YouTube channel', 'organisation', 80,
   false, 'Optional: leave empty to hide the link.'),
  ('donate_url', '', 'url', 'Donate link', 'organisation', 90, false,
   'The charity''s giving page. Empty: the address the site was built with (VITE_DONATE_URL).'),
  ('fundraising_raised', '27000', 'integer', 'Raised to date (£)', 'fundraising', 10, true,
   'The total raised so far, in whole pounds: the home and charity pages show it.'),
  ('fundraising_goal', '150000', 'integer', 'Fundraising goal (£)', 'fundraising', 20, true,
   'The target, in whole pounds.');

insert into public.site_settings (key, value, type, label, group_name, sort_order, required, description)
  select key, value, type, label, group_name, sort_order, required, description from new_settings
on conflict (key) do update set
  type = excluded.type,
  label = excluded.label,
  group_name = excluded.group_name,
  sort_order = excluded.sort_order,
  required = excluded.required,
  description = excluded.description;

-- rally_spots_remaining is gone (the organiser's 20260301 migration: places are counted by
-- rally_places() from rally_capacity and the registrations); it is not re-created here.

-- ---------------------------------------------------------------------------------------------
-- Events: a real start date (and an optional end date) to order and split by; `date` stays as
-- the display text for entries such as "TBC" or "Late summer", shown instead of the dates.
-- ---------------------------------------------------------------------------------------------
alter table public.events
  add column if not exists starts_on date,
  add column if not exists ends_on date;
alter table public.events alter column date set default '';
alter table public.events alter column time set default '';

-- Best effort for rows written before: the first "D Month YYYY" (or "D-D Month YYYY") in the
-- text, else the day the row was created. (The seed's rows come after the migrations.)
do $$
declare
  r record;
  m text[];
begin
  for r in select id, date, created_at from public.events where starts_on is null loop
    m := regexp_match(r.date, '(\d{1,2})(?:\s*[-–]\s*\d{1,2})?\s+([A-Za-z]+)\s+(\d{4})');
    begin
      update public.events set starts_on = to_date(m[1] || ' ' || m[2] || ' ' || m[3], 'DD Month YYYY')
        where id = r.id;
    exception when others then
      update public.events set starts_on = r.created_at::date where id = r.id;
    end;
    update public.events set starts_on = r.created_at::date where id = r.id and starts_on is null;
  end loop;
end;
$$;

alter table public.events alter column starts_on set not null;
-- A row written without one (older clients, tests arranging rows) is dated the day it is written;
-- the admin form always sends the date the organiser chose.
alter table public.events alter column starts_on set default current_date;
alter table public.events drop constraint if exists events_dates_check;
alter table public.events add constraint events_dates_check
  check (ends_on is null or ends_on >= starts_on);

drop index if exists public.events_public_idx;
create index events_public_idx on public.events (starts_on) where published;
