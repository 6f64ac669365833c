-- Issue 21: one set of field rules. The settings trigger had a phone rule of its own (6 to 30
-- characters of digits, spaces, brackets, + and -, so '------' passed and '020.7946.0321' did
-- not) beside private.is_phone, which the public forms' tables use (7 to 15 digits, the most
-- E.164 allows, with dots too). A phone number is now one thing: the trigger checks private.is_phone's
-- rule (written out here, as the email rule is: the trigger runs as the administrator, who may
-- not use the private schema, so it cannot call private.is_phone). Its messages are the
-- field rules' (src/lib/validation.ts), said the same way under every field of every form;
-- tests/lint/field-rules.test.ts runs this function against those rules on the same values.
--
-- This file's definition of private.validate_site_setting is the one in force (it replaces
-- 20260401000000_page_heroes.sql's, which replaced 20260302000000's). Stored values are not
-- judged again (the trigger passes a row whose value is unchanged), and the one seeded phone,
-- '+44 (0)20 7946 0321', passes the new rule.
--
-- Valid on hosted Supabase, PGlite and PostgreSQL 15: one function replaced, nothing else.

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
