-- Issue 24: the confirmation of a registration made through a waiting-list offer says until when
-- its place is held. Such a registration holds no 5-minute place of its own (holds_place is false:
-- its offer holds the place until the offer expires), so the confirmation used to tell the person
-- their place was not held at all.
--
-- - private.with_edition(): a registration's row also carries `place_held_until`, the expiry of
--   the standing offer it was made through (absent otherwise). This file's definition is the one
--   in force (20261125000400 made it).
--
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

create or replace function private.with_edition(claimed jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when claimed is null then null
    else claimed
      || jsonb_build_object('edition', private.edition_facts((claimed ->> 'edition_id')::uuid))
      || coalesce((
        select jsonb_build_object('place_held_until', w.offer_expires_at)
        from public.waiting_list_entries as w
        where claimed ? 'lead_driver_email'
          and w.registration_id = (claimed ->> 'id')::uuid
          and private.offer_stands(w)
        limit 1
      ), '{}'::jsonb)
  end
$$;
revoke all on function private.with_edition(jsonb) from public, anon, authenticated;
