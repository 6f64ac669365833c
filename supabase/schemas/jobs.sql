-- Jobs: the scheduled work. Supabase Cron (pg_cron) runs each job's command, which calls an Edge
-- Function of this project through pg_net, with the project's URL and the service role key read
-- from Vault (Supabase's guide "Scheduling Edge Functions"). The Vault secrets `project_url` and
-- `service_role_key` are the organiser's to store on hosted (README, "Scheduled work"); the
-- emulator stores its own on every start, and its scheduler (supabase/emulator/scheduler.ts)
-- runs the same jobs by its clock. pg_cron's schedules are in GMT. cron.schedule with a name
-- replaces the job of that name. Each command is one statement (the local scheduler runs one).

-- Calls an Edge Function of this project from SQL (a cron job's command), with the service role
-- key: answers go to net._http_response under the returned id.
create or replace function private.call_edge_function(function_name text, body jsonb default '{}')
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  service_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key');
begin
  if project_url is null or service_key is null then
    raise exception 'Vault has no project_url or service_role_key: see the README, "Scheduled work"';
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/' || function_name,
    body := body,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key
    ),
    timeout_milliseconds := 10000
  );
end
$$;

revoke all on function private.call_edge_function(text, jsonb) from public, anon, authenticated;

-- Every minute, while a change has not reached an accepted build (site_rebuild.sql); the command
-- queues nothing while no rebuild is due.
select cron.schedule(
  'site-rebuild',
  '* * * * *',
  $$select private.call_edge_function('site-rebuild') where private.site_rebuild_wanted()$$
);

-- Daily at 08:00 UTC (09:00 in London in summer): the day's balance and documents reminders are
-- queued (mail.sql), then participant-emails sends what is queued. The reminders are queued
-- before the call's body is built.
select cron.schedule(
  'participant-emails',
  '0 8 * * *',
  $$select private.call_edge_function('participant-emails', jsonb_build_object('reminders_queued', public.due_balance_reminders() + public.due_document_reminders()))$$
);

-- Every 5 minutes: lapsed holds and offers hand their places on (waiting_list.sql), and the
-- waiting list's emails go (participant-emails with {waiting_list: true} sends those kinds only),
-- the function called only when one waits.
select cron.schedule(
  'waiting-list',
  '*/5 * * * *',
  $$select private.call_edge_function('participant-emails', jsonb_build_object('waiting_list', true) || hand_out.answer) from (select public.hand_out_waiting_list_places() as answer) as hand_out where (hand_out.answer ->> 'emails_waiting')::integer > 0$$
);

-- Every minute: one more batch of each mailing still sending (mailings.sql), so a mailing whose
-- screen was closed mid-send (or whose administrator's connection dropped) finishes by itself.
-- Batches are claimed, so the job and the screen never take one recipient twice.
select cron.schedule(
  'mailings',
  '* * * * *',
  $$select private.call_edge_function('mailings', jsonb_build_object('mailing', m.id)) from public.mailings as m where m.status = 'sending'$$
);

-- Daily at 03:30 UTC: the teams past their retention are anonymised (personal_data.sql), then
-- personal-data-files deletes every queued file (an erasure's whose call did not finish too).
select cron.schedule(
  'personal-data',
  '30 3 * * *',
  $$select private.call_edge_function('personal-data-files', jsonb_build_object('teams_anonymised', public.anonymise_expired_teams()))$$
);
