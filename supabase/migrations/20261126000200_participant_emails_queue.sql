-- Issue 23, the Edge Functions' part: the participant-emails function asks which emails of the
-- log are waiting (queued, failed with attempts left, or stuck sending for 10 minutes: the ones
-- claim_registration_email would take), oldest first, optionally of some kinds only (the team
-- link after "Email me my link"). It answers ids only: claiming each one is still
-- claim_registration_email's, once. Service role only. Valid on hosted Supabase, PGlite and
-- PostgreSQL 15.
create or replace function public.emails_to_send(kinds text[] default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(waiting.id order by waiting.queued_at, waiting.id), '[]'::jsonb)
  from (
    select l.id, l.queued_at
    from public.email_log as l
    where ((l.status in ('queued', 'failed') and l.attempts < 5)
           or (l.status = 'sending' and l.claimed_at < now() - interval '10 minutes'))
      and (emails_to_send.kinds is null or l.kind = any (emails_to_send.kinds))
    order by l.queued_at, l.id
    limit 500
  ) as waiting
$$;

revoke all on function public.emails_to_send(text[]) from public, anon, authenticated;
grant execute on function public.emails_to_send(text[]) to service_role;
