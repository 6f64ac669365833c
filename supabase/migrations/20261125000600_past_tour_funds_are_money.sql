-- Issue 22: a past tour's funds raised are money. The spec keeps past_tours.funds_raised as text
-- (the form's "Funds Raised" field); 20261125000000 added funds_raised_pence beside it, parsed from
-- whatever was typed, so 'about £5k' or 'TBC' left the tour out of "raised to date" without a word.
-- Now the text is an amount or nothing:
-- - private.is_raised_amount(text) is the field rule raisedAmount (src/lib/field-rules.ts): pounds
--   with or without '£' and thousands commas, to the penny, up to £9,999,999.99 (so the pence fit).
--   tests/lint/field-rules.test.ts runs both on the same cases.
-- - private.past_tour_funds() (this file's definition is the one in force; it replaces
--   20261125000000's) refuses any other text, beside the field, in the rule's words; stores the
--   pence; and writes the text back in one form ('12500' is kept as '£12,500'), so the public page,
--   the admin list and funds_raised_to_date() say the same amount. An empty text stays allowed:
--   it is how add_edition_to_past_tours() leaves a tour whose funds the organiser has not yet
--   entered (the form requires the field; the pence are then null, counted as nothing).
-- Stored rows are not judged again: the trigger only looks at a changed text, and the seed's
-- amounts ('£14,800'…) pass.
--
-- Valid on hosted Supabase, PGlite and PostgreSQL 15: two functions, nothing else.

create or replace function private.is_raised_amount(amount text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select amount ~ '^£?([0-9]{1,3}(,[0-9]{3})?|[0-9],[0-9]{3},[0-9]{3}|[0-9]{1,7})(\.[0-9]{1,2})?$'
$$;
revoke all on function private.is_raised_amount(text) from public, anon, authenticated;

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
revoke all on function private.past_tour_funds() from public, anon, authenticated;
