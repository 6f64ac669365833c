-- Settings: what the organiser edits on the Settings screen that happens once, not once a year
-- (an edition's facts are its row in public.editions): the organisation's name and contacts, the
-- fundraising figures, each public page's hero image and how long teams' personal data is kept.
--
-- One row per fixed key, with a type, a label, a group and an order. Why rows and not typed
-- columns on one row: keys are fixed here and only values change (the spec), the admin screen
-- draws any new key without a code change, and one set of RLS and column grants covers them all
-- (anyone reads; administrators update `value` and `updated_at` only, so the rule a value is
-- checked against is the schema's). The price of rows is that a value is text: the trigger below
-- refuses, by the row's type, any value that is not a whole number, a date, a URL, an email …
-- with a message the admin screen shows.

-- The one rule for what a value of each type may be, in the field rules' words
-- (src/lib/settingValue.ts and src/lib/field-rules.ts apply the same rules in the form;
-- tests/lint/field-rules.test.ts runs this function against them). A phone number is
-- private.is_phone's rule and an email private.is_email's, written out here: the trigger runs as
-- the administrator, who may not use the private schema.
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
      message = 'Please shorten this to 2,000 characters or fewer.';
  end if;
  if new.type = 'integer' then
    if v !~ '^[0-9]{1,9}$' then
      raise exception using errcode = '23514', message = 'Please enter a whole number, such as 12.';
    end if;
  elsif new.type = 'date' then
    if v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception using errcode = '23514', message = 'Please enter a date (YYYY-MM-DD).';
    end if;
    begin
      -- to_char round-trips only a real calendar date (2026-02-30 is refused).
      if to_char(v::date, 'YYYY-MM-DD') <> v then
        raise exception 'not a calendar date';
      end if;
    exception when others then
      raise exception using errcode = '23514', message = 'Please enter a date (YYYY-MM-DD).';
    end;
  elsif new.type = 'url' then
    if v !~ '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      raise exception using errcode = '23514',
        message = 'Please enter a web address starting with https://.';
    end if;
  elsif new.type = 'email' then
    if v !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v) > 320 then
      raise exception using errcode = '23514', message = 'Please enter a valid email address.';
    end if;
  elsif new.type = 'phone' then
    if v !~ '^\+?[0-9 ().-]+$' or length(v) > 30
       or length(regexp_replace(v, '[^0-9]', '', 'g')) not between 7 and 15 then
      raise exception using errcode = '23514',
        message = 'Please enter a valid phone number (7 to 15 digits).';
    end if;
  elsif new.type = 'image' then
    -- A file of the media bucket by its path, or an image's web address.
    if not (v ~ '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$'
            or (v ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*\.(webp|jpe?g|png|gif|avif)$' and v !~ '\.\.')) then
      raise exception using errcode = '23514',
        message = 'Please choose an image from the media library or enter a web address starting with https://.';
    end if;
  elsif new.type = 'text' then
    if v ~ '[\r\n]' or length(v) > 200 then
      raise exception using errcode = '23514',
        message = 'Please keep this to one line of at most 200 characters.';
    end if;
  end if;
  return new;
end;
$$;

create table public.site_settings (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[a-z][a-z0-9_]*$'),
  value text not null default '',
  description text,
  updated_at timestamptz not null default now(),
  type text not null default 'text'
    check (type in ('text', 'longtext', 'integer', 'date', 'url', 'email', 'phone', 'image')),
  label text not null default '',
  group_name text not null default 'organisation'
    constraint site_settings_group_check check (group_name in ('organisation', 'fundraising', 'pages')),
  sort_order integer not null default 0,
  required boolean not null default false
);

create trigger site_settings_updated_at before update on public.site_settings
  for each row execute function public.set_updated_at();
create trigger site_settings_validate before insert or update on public.site_settings
  for each row execute function private.validate_site_setting();
create trigger audit_row after insert or update or delete on public.site_settings
  for each row execute function private.audit_row();
create trigger site_rebuild after insert or update or delete on public.site_settings
  for each row execute function private.site_content_changed();

-- Settings are public to read (the footer, the fundraising totaliser, the heroes). Keys are fixed
-- here: administrators may only change values.
alter table public.site_settings enable row level security;
create policy "settings are public" on public.site_settings
  for select to anon, authenticated using (true);
create policy "administrators update settings" on public.site_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke insert, update, delete, truncate on public.site_settings from anon, authenticated;
grant update (value, updated_at) on public.site_settings to authenticated;

-- The keys, with the spec's values as a new database's. 'pages' are the public pages' heroes: a
-- media bucket path (or an image's web address), empty for the plain dark hero.
-- fundraising_adjustment is what was raised outside the rallies and past tours (whole pounds),
-- added to their funds raised for the site's "raised to date" (public.funds_raised_to_date()).
insert into public.site_settings (key, value, type, label, group_name, sort_order, required, description) values
  ('charity_name', 'Europe Rally', 'text', 'Charity name', 'organisation', 10, true,
   'The organisation''s name in the footer and for search engines.'),
  ('charity_number', '', 'text', 'Registered charity number', 'organisation', 20, false,
   'The Charity Commission number, shown in the footer and given to search engines.'),
  ('contact_email', 'info@europerally.org.uk', 'email', 'Contact email', 'organisation', 30, true,
   'Where visitors write to.'),
  ('contact_phone', '+44 (0)20 7946 0321', 'phone', 'Contact phone', 'organisation', 40, true,
   'The phone number visitors call.'),
  ('postal_address', 'Europe Rally, PO Box 2026, London, United Kingdom', 'text', 'Postal address',
   'organisation', 50, true,
   'One line, as it appears in the footer.'),
  ('social_facebook', 'https://www.facebook.com/', 'url', 'Facebook page',
   'organisation', 60, false,
   'Optional: leave empty to hide the link.'),
  ('social_instagram', 'https://www.instagram.com/', 'url', 'Instagram profile',
   'organisation', 70, false,
   'Optional: leave empty to hide the link.'),
  ('social_youtube', 'https://www.youtube.com/', 'url', 'YouTube channel',
   'organisation', 80, false,
   'Optional: leave empty to hide the link.'),
  ('donate_url', '', 'url', 'Donate link', 'organisation', 90, false,
   'The charity''s giving page. Empty: the address the site was built with (VITE_DONATE_URL).'),
  ('retention_months', '12', 'integer', 'Keep teams'' personal data for (months)',
   'organisation', 200, true,
   'Months after an edition ends before its teams'' names, contact details, documents and dates of birth are anonymised. The privacy policy states it.'),
  ('fundraising_adjustment', '27000', 'integer', 'Raised outside the rallies (£)',
   'fundraising', 10, true,
   'Money raised outside the rallies and past tours, in whole pounds: added to their funds raised for the total the home and charity pages show.'),
  ('fundraising_goal', '150000', 'integer', 'Fundraising goal (£)', 'fundraising', 20, true,
   'The target, in whole pounds.'),
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
   'The photograph behind the sign-up page''s headline. Empty: the plain dark hero.');
