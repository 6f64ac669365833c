-- Site rebuild: the public pages are prerendered HTML (titles, descriptions, JSON-LD, the
-- sitemap), so a change a visitor can see must reach the static host as a new build. Every change
-- to a row the public site shows marks a rebuild wanted (the `site_rebuild` trigger of the
-- settings, the editions and every content table; make_current_edition() too). The cron job
-- `site-rebuild` (jobs.sql) calls the site-rebuild Edge Function while one is wanted, and the
-- function calls the host's build hook at most once a minute: it claims the call with one UPDATE
-- of the one state row (public.claim_site_rebuild), so two runs never both call, and records the
-- answer (public.record_site_rebuild). A change made while a build runs, or a hook that failed,
-- leaves the rebuild wanted, so the next minute calls again. The time compared is private.now()
-- (foundation.sql), so tests pin the minute.

-- The rebuild's one state row.
create table private.site_rebuilds (
  id boolean primary key default true check (id),
  -- The latest change the public pages show.
  requested_at timestamptz,
  -- The latest call of the build hook, claimed by site-rebuild (at most one a minute).
  called_at timestamptz,
  -- Changes up to here went into a build the host accepted.
  built_through timestamptz,
  -- The hook's last answer: its HTTP status, or why there was none.
  last_status integer,
  last_error text,
  last_finished_at timestamptz
);
alter table private.site_rebuilds enable row level security;

insert into private.site_rebuilds (id) values (true);

-- A rebuild is due when a change has not reached an accepted build and no call was made in
-- this minute: the cron job's condition and the claim's, in one place.
create or replace function private.site_rebuild_is_due(state private.site_rebuilds, moment timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select state.requested_at > coalesce(state.built_through, '-infinity'::timestamptz)
    and (state.called_at is null
         or pg_catalog.date_trunc('minute', state.called_at) < pg_catalog.date_trunc('minute', moment))
$$;

create or replace function private.site_rebuild_wanted()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.site_rebuilds s where s.id and private.site_rebuild_is_due(s, private.now())
  )
$$;

-- Marks a rebuild wanted: the triggers below, and whatever else changes what pages show.
create or replace function private.request_site_rebuild()
returns void
language sql
security definer
set search_path = ''
as $$
  update private.site_rebuilds
  set requested_at = private.now()
  where id and (requested_at is null or requested_at < private.now())
$$;

-- A row the public site shows: published (an edition: not a draft) and not in the trash; a table
-- without those columns (site_settings, an article's images) is shown whole.
create or replace function private.shown_publicly(row_data jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select row_data is not null
    and coalesce((row_data ->> 'published')::boolean, (row_data ->> 'status') is distinct from 'draft')
    and row_data ->> 'deleted_at' is null
$$;

-- The `site_rebuild` trigger's function: publishing, unpublishing, trashing, restoring, and any
-- change to a shown row.
create or replace function private.site_content_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - 'updated_at' end;
  after_row jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - 'updated_at' end;
begin
  -- Publishing, unpublishing, trashing, restoring, and any change to a shown row.
  if (private.shown_publicly(before_row) or private.shown_publicly(after_row))
     and before_row is distinct from after_row then
    perform private.request_site_rebuild();
  end if;
  return null;
end
$$;

-- site-rebuild's claim: one UPDATE of the one row, so of two runs in the same minute only one
-- gets `claimed` (the second waits for the first's row lock, then finds called_at in this minute).
create or replace function public.claim_site_rebuild()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  moment timestamptz := private.now();
  covers timestamptz;
  pending boolean;
begin
  update private.site_rebuilds s
  set called_at = moment
  where s.id and private.site_rebuild_is_due(s, moment)
  returning s.requested_at into covers;
  if covers is not null then
    return jsonb_build_object('claimed', true, 'covers', covers);
  end if;
  select s.requested_at > coalesce(s.built_through, '-infinity'::timestamptz) into pending
  from private.site_rebuilds s where s.id;
  return jsonb_build_object(
    'claimed', false,
    'reason', case when pending then 'called this minute' else 'nothing to rebuild' end
  );
end
$$;

-- The hook's answer. Accepted: the changes up to `covers` are built. Otherwise the rebuild stays
-- wanted and the next minute's job calls again.
create or replace function public.record_site_rebuild(
  covers timestamptz,
  accepted boolean,
  status integer default null,
  error text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.site_rebuilds
  set built_through = case
        when accepted then greatest(coalesce(built_through, '-infinity'::timestamptz), covers)
        else built_through
      end,
      last_status = status,
      last_error = left(error, 500),
      last_finished_at = private.now()
  where id
$$;

revoke all on function
  private.site_rebuild_is_due(private.site_rebuilds, timestamptz), private.site_rebuild_wanted(),
  private.request_site_rebuild(), private.shown_publicly(jsonb), private.site_content_changed()
  from public, anon, authenticated;
revoke all on function public.claim_site_rebuild(),
  public.record_site_rebuild(timestamptz, boolean, integer, text)
  from public, anon, authenticated;
grant execute on function public.claim_site_rebuild(),
  public.record_site_rebuild(timestamptz, boolean, integer, text) to service_role;
