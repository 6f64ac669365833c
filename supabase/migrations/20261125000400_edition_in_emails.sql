-- The row an Edge Function sends about carries its edition (issue 22, "Emails, webhook payloads
-- and payment metadata carry the edition"). A 2027 entrant was emailed "Your 2026 Europe Rally
-- registration ... (22-28 June 2026)" because the emails spelled out 2026's name, dates and
-- deposit. Now claim_email and claim_webhook_delivery answer the claimed row with an `edition`
-- object holding the facts of the row's own edition (not the current one: a 2026 receipt sent
-- after 2027 became current still says 2026), and the emails, their sender name and the webhook
-- payloads read them from there.
--
-- The functions below are replaced with their full definitions; this file's definitions are the
-- ones in force. Valid on hosted Supabase (PostgreSQL 15+), PGlite and PostgreSQL 15.

-- An edition's facts as the emails and webhooks state them: money in pence, dates as
-- 'YYYY-MM-DD'. Null for no edition.
create or replace function private.edition_facts(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id,
    'year', e.year,
    'name', e.name,
    'start_date', e.start_date,
    'end_date', e.end_date,
    'start_place', e.start_place,
    'finish_place', e.finish_place,
    'price_per_car', e.price_per_car,
    'deposit', e.deposit,
    'separate_rooms_supplement', e.separate_rooms_supplement,
    'capacity', e.capacity,
    'registration_opens', e.registration_opens,
    'registration_closes', e.registration_closes,
    'balance_due', e.balance_due
  )
  from public.editions as e
  where e.id = target
$$;

-- The claimed row with its edition's facts under `edition`; null stays null.
create or replace function private.with_edition(claimed jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when claimed is null then null
    else claimed || jsonb_build_object(
      'edition', private.edition_facts((claimed ->> 'edition_id')::uuid))
  end
$$;

revoke all on function private.edition_facts(uuid), private.with_edition(jsonb)
  from public, anon, authenticated;

-- Takes the row's webhook delivery if it is still to do (first delivery) or, with retry, if it
-- failed; answers the row as JSON with its edition's facts, or null when there is nothing to
-- deliver.
create or replace function public.claim_webhook_delivery(kind text, row_id uuid, retry boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant text := private.delivery_table(kind);
  claimed jsonb;
begin
  if target is null then
    return null;
  end if;
  execute format(
    'update %s set webhook_attempts = webhook_attempts + 1, webhook_attempted_at = now() '
    'where id = $1 and (webhook_status = ''pending'' and webhook_attempts = 0 '
    '  or ($2 and webhook_status <> ''delivered'')) '
    'returning to_jsonb(%1$s.*)', target
  ) into claimed using row_id, coalesce(retry, false);
  return private.with_edition(claimed);
end
$$;

-- Takes the sending of one email (confirmation or receipt) for a row, once, and answers the row
-- as JSON with its edition's facts, or null when there is nothing to send: sent already, or (a
-- confirmation) another acknowledgement went to the same inbox in the last 24 hours, in which
-- case the row's confirmation_sent_at stays empty. `release` gives a claim back after a failed
-- send, so a later call tries again (and the inbox's day is freed with it).
create or replace function public.claim_email(kind text, row_id uuid, email text, release boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target constant text := private.delivery_table(kind);
  sent_column constant text := case email
    when 'confirmation' then 'confirmation_sent_at'
    when 'receipt' then 'receipt_sent_at'
  end;
  address_column constant text := case kind
    when 'registration' then 'lead_driver_email'
    when 'sponsorship' then 'email'
  end;
  claimed jsonb;
  inbox text;
  claimed_at timestamptz;
begin
  if target is null or sent_column is null or (kind <> 'registration' and email = 'receipt') then
    return null;
  end if;
  if email = 'receipt' then
    if release then
      execute format('update %s set receipt_sent_at = null where id = $1', target) using row_id;
      return null;
    end if;
    execute format(
      'update %s set receipt_sent_at = now() where id = $1 and receipt_sent_at is null '
      'returning to_jsonb(%1$s.*)', target
    ) into claimed using row_id;
    return private.with_edition(claimed);
  end if;

  execute format('select %I, confirmation_sent_at from %s where id = $1', address_column, target)
    into inbox, claimed_at using row_id;
  if inbox is null then
    return null;
  end if;
  inbox := private.email_identity(inbox);
  -- Two deliveries for the same inbox wait for each other, so both cannot see a free day.
  perform pg_advisory_xact_lock(hashtextextended('acknowledgement ' || inbox, 0));
  if release then
    execute format('update %s set confirmation_sent_at = null where id = $1', target) using row_id;
    delete from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at = claimed_at;
    return null;
  end if;
  if exists (
    select 1 from private.acknowledgements_sent as sent
    where sent.address = inbox and sent.sent_at > now() - interval '1 day'
  ) then
    return null;
  end if;
  execute format(
    'update %s set confirmation_sent_at = now() where id = $1 and confirmation_sent_at is null '
    'returning to_jsonb(%1$s.*)', target
  ) into claimed using row_id;
  if claimed is not null then
    insert into private.acknowledgements_sent as sent (address, sent_at) values (inbox, now())
    on conflict (address) do update set sent_at = excluded.sent_at;
  end if;
  return private.with_edition(claimed);
end
$$;

revoke execute on function
  public.claim_webhook_delivery(text, uuid, boolean),
  public.claim_email(text, uuid, text, boolean)
  from public, anon, authenticated;
grant execute on function
  public.claim_webhook_delivery(text, uuid, boolean),
  public.claim_email(text, uuid, text, boolean)
  to service_role;
