-- Issue 25, the co-driver's own licence. The co-driver's link (20261128000100) reaches the
-- co-driver's section only; it now also sends and opens the co-driver's licence, and nothing
-- else: the team's secret reaches every document of its registration, the co-driver's secret the
-- 'co_licence' of its registration only (private.document_registration).
--
-- The team-documents Edge Function asks document_upload_target() where a file may go before it
-- stores it (the registration, or a refusal: cancelled, a kind the team does not need); then
-- record_team_document() records it, and team_document_path() answers the current file for a
-- signed URL, both through the same rule. A co-driver's upload answers the co-driver's licence
-- item alone, never the team's readiness (which names the lead driver).
--
-- This file's definitions of record_team_document and team_document_path are the ones in force.
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

-- The registration whose document of `kind` this secret may send or open, or null.
create or replace function private.document_registration(secret text, kind text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.team_registration(secret),
    case when document_registration.kind = 'co_licence'
         then private.co_driver_registration(secret) end)
$$;

-- Where the Edge Function may store a file of this kind: the registration's id (the path's first
-- segment), null for a secret that opens nothing, or a refusal in words (PT409) for a cancelled
-- registration or a kind the team does not need. Service role only.
create or replace function public.document_upload_target(secret text, kind text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.document_registration(secret, kind);
  team public.registrations;
begin
  if target is null then
    return null;
  end if;
  select * into team from public.registrations where id = target;
  if team.status = 'cancelled' then
    raise sqlstate 'PT409' using message = 'This registration is cancelled.', detail = 'cancelled';
  end if;
  if not document_upload_target.kind
         = any (public.required_document_kinds(btrim(team.co_driver_name) <> '')) then
    raise sqlstate 'PT409' using message = 'This team does not need that document.', detail = 'kind';
  end if;
  return target;
end
$$;

-- Records a stored file as the kind's current one (the earlier file is superseded). Answers
-- { document_id, readiness } to the team's secret, { document_id, item } (the co-driver's licence
-- as the co-driver's page shows it) to the co-driver's; null for a secret that opens nothing.
create or replace function public.record_team_document(
  secret text,
  kind text,
  object_path text,
  file_name text,
  content_type text,
  size_bytes integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant uuid := private.document_registration(secret, kind);
  new_id uuid;
begin
  if target is null then
    return null;
  end if;
  -- Under the registration's lock, so a cancellation cannot slip between the check and the row.
  perform 1 from public.registrations where id = target for update;
  perform public.document_upload_target(secret, kind);
  if record_team_document.object_path is null
     or record_team_document.object_path !~ ('^' || target || '/' || record_team_document.kind
                                             || '/[0-9a-f-]{36}\.(pdf|jpg|png)$') then
    raise sqlstate 'PT400' using message = 'The file''s path does not belong to this team.';
  end if;
  update public.team_documents as d set superseded_at = now()
  where d.registration_id = target and d.kind = record_team_document.kind and d.superseded_at is null;
  insert into public.team_documents (registration_id, kind, object_path, file_name, content_type,
    size_bytes)
  values (target, record_team_document.kind, record_team_document.object_path,
    left(coalesce(nullif(btrim(record_team_document.file_name), ''), 'document'), 200),
    record_team_document.content_type, record_team_document.size_bytes)
  returning id into new_id;
  if private.team_registration(secret) is not null then
    return jsonb_build_object('document_id', new_id,
      'readiness', private.registration_readiness(target));
  end if;
  return jsonb_build_object('document_id', new_id,
    'item', (select i - 'document_id'
             from jsonb_array_elements(private.registration_readiness(target) -> 'items') as i
             where i ->> 'kind' = 'co_licence'));
end
$$;

-- The current file of a kind, for a signed URL: {object_path, file_name, content_type} or null.
create or replace function public.team_document_path(secret text, kind text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('object_path', d.object_path, 'file_name', d.file_name,
    'content_type', d.content_type)
  from public.team_documents as d
  where d.registration_id = private.document_registration(secret, team_document_path.kind)
    and d.kind = team_document_path.kind and d.superseded_at is null
$$;

revoke all on function private.document_registration(text, text) from public, anon, authenticated;
revoke all on function public.document_upload_target(text, text)
  from public, anon, authenticated;
grant execute on function public.document_upload_target(text, text) to service_role;
