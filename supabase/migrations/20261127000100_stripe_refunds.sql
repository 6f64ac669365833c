-- Issue 24, refunds through Stripe: the refund due on a cancelled registration is paid back
-- through Stripe's Refunds API against the team's balance payments, and Stripe's events confirm it
-- in the ledger.
--
-- - private.refund_left(...): what may still be sent: the cancellation's refund_due_pence (the
--   terms' figure, deposit excluded), never more than paid minus deposits, less every refund
--   succeeded or pending (a pending one is on its way: counting it is what stops a second click
--   from refunding twice).
-- - public.begin_refund(registration): the refund function's first step, under the places lock:
--   allocates the amount left across the registration's balance payments (each one's
--   payment_intent, partial amounts) and inserts a pending 'refund' ledger row per payment. While
--   those are pending it answers the same rows, so two clicks send the same requests: the
--   function uses each row's id as Stripe's Idempotency-Key, and Stripe refunds once.
-- - public.record_refund_request(ledger_row, refund_id, refused): what Stripe answered the
--   function: the refund's id on the row, or its refusal (the row fails; the refund is due again).
-- - public.record_refund_event(event_id, event_type, refunds): charge.refunded and refund.updated,
--   once per event id. Each refund is matched to its row (by refund id, or by the ledger_row the
--   function put in its metadata when the event comes before the function stored the id); its
--   amount and currency must be the row's (otherwise a payment exception, not applied); then the
--   row is succeeded or failed (failed: the refund is due again). When the registration is
--   refunded in full and nothing is pending, the team's 'refund_sent' email is queued.
-- - private.registration_money: now also refund_pending_pence and refund_left_pence (the admin's
--   "Refund £X"); the money state still counts succeeded refunds only. This file's definition is
--   the one in force (20261126000300's otherwise unchanged).
-- - public.mark_refunded_by_hand: counts a pending Stripe refund as on its way, so a refund cannot
--   be sent through Stripe and marked by hand at once. This file's definition is the one in force.
-- - email_log.kind: every kind so far, the waiting list's two (20261127000000) and 'refund_sent';
--   payment_exceptions.kind: 'refund' too.
--
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

alter table public.email_log drop constraint if exists email_log_kind_check;
alter table public.email_log add constraint email_log_kind_check check (kind in (
  'confirmation', 'deposit_receipt', 'balance_receipt', 'balance_reminder_14',
  'balance_reminder_3', 'balance_overdue', 'cancelled_team', 'cancelled_organiser', 'team_link',
  'reminder_manual', 'waiting_list_joined', 'waiting_list_offer', 'refund_sent'));

alter table public.payment_exceptions drop constraint if exists payment_exceptions_kind_check;
alter table public.payment_exceptions add constraint payment_exceptions_kind_check
  check (kind in ('deposit', 'balance', 'refund'));

-- One ledger row per Stripe refund.
create unique index registration_payments_refund_once on public.registration_payments (refund_id)
  where refund_id is not null;

-- What may still be refunded on a registration (pence, never below 0): none unless cancelled.
create or replace function private.refund_left(target uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when r.status <> 'cancelled' then 0 else greatest(
      least(coalesce(r.refund_due_pence, 0), l.paid - l.deposits) - l.refunds, 0) end
  from public.registrations as r
  cross join lateral (
    select
      coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')
                                             and p.status = 'succeeded'), 0)::integer as paid,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'
                                             and p.status = 'succeeded'), 0)::integer as deposits,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'
                                             and p.status in ('succeeded', 'pending')), 0)::integer
        as refunds
    from public.registration_payments as p
    where p.registration_id = r.id
  ) as l
  where r.id = target
$$;

-- A registration's statement of money (pence), from its edition and the ledger; null for no
-- registration. The one definition the team's page, the admin, the reminders and checkout read.
create or replace function private.registration_money(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with team as (
    select r.status, r.separate_rooms, r.refund_due_pence, e.price_per_car, e.deposit,
      e.balance_due,
      e.price_per_car + case when r.separate_rooms then coalesce(e.separate_rooms_supplement, 0)
                             else 0 end as total
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where r.id = target
  ),
  ledger as (
    select
      coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')
                                             and p.status = 'succeeded'), 0)::integer as paid,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'
                                             and p.status = 'succeeded'), 0)::integer as deposits,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'
                                             and p.status = 'succeeded'), 0)::integer as refunded,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'
                                             and p.status = 'pending'), 0)::integer as pending
    from public.registration_payments as p
    where p.registration_id = target
  )
  select jsonb_build_object(
    'price_pence', t.price_per_car,
    'supplement_pence', t.total - t.price_per_car,
    'total_pence', t.total,
    'deposit_pence', t.deposit,
    'deposit_paid_pence', l.deposits,
    'paid_pence', l.paid,
    'refunded_pence', l.refunded,
    'refund_due_pence', t.refund_due_pence,
    'refund_pending_pence', l.pending,
    'refund_left_pence', private.refund_left(target),
    'balance_pence', greatest(t.total - l.paid, 0),
    'balance_due_on', t.balance_due,
    'currency', 'gbp',
    'state', public.registration_money_state(t.status = 'cancelled', t.refund_due_pence, t.total,
      l.paid, l.deposits, l.refunded, t.balance_due, private.today()))
  from team as t, ledger as l
$$;

-- The refund due, paid back outside Stripe: an administrator records it in the ledger, with a
-- note. A refund pending at Stripe counts as on its way. Answers the registration's money
-- afterwards ('refunded').
create or replace function public.mark_refunded_by_hand(registration uuid, note text default '')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  owed integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may record refunds' using errcode = '42501';
  end if;
  if length(coalesce(mark_refunded_by_hand.note, '')) > 4000 then
    perform private.refuse('note', 'Please shorten the note to 4,000 characters or fewer.');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into team from public.registrations where id = mark_refunded_by_hand.registration
  for update;
  owed := coalesce(team.refund_due_pence, 0) - coalesce((
    select sum(p.amount_pence) from public.registration_payments as p
    where p.registration_id = team.id and p.kind = 'refund'
      and p.status in ('succeeded', 'pending')), 0);
  if team.id is null or team.status <> 'cancelled' or owed <= 0 then
    raise sqlstate 'PT409' using message = 'No refund is due on this registration.',
      detail = 'refund';
  end if;
  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, status, note, recorded_by, recorded_by_email
  ) values (
    team.id, team.edition_id, 'refund', owed, 'succeeded',
    btrim('Marked refunded by hand. ' || coalesce(mark_refunded_by_hand.note, '')),
    auth.uid(), auth.jwt() ->> 'email'
  );
  return private.registration_money(team.id);
end
$$;

-- The refund rows the function is to send, as it needs them.
create or replace function private.refund_rows(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'amount_pence', p.amount_pence, 'currency', p.currency,
      'payment_intent_id', p.payment_intent_id, 'refund_id', p.refund_id, 'status', p.status)
    order by p.recorded_at, p.id), '[]'::jsonb)
  from public.registration_payments as p
  where p.registration_id = target and p.kind = 'refund' and p.status = 'pending'
$$;

-- The refund function's first step (service role; the function lets administrators only call
-- it). Answers {outcome: 'started' | 'pending', registration, edition, rows: [{id, amount_pence,
-- currency, payment_intent_id, refund_id, status}]}: the pending refund rows to send, new or
-- (while some are pending) the same ones as before; or {outcome: 'refused', message} for a
-- registration not cancelled, nothing left to refund, or no balance paid through Stripe.
create or replace function public.begin_refund(registration uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  team public.registrations;
  left_to_refund integer;
  payment record;
  take integer;
  outcome text := 'pending';
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  select * into team from public.registrations where id = begin_refund.registration for update;
  if team.id is null or team.status <> 'cancelled' then
    return jsonb_build_object('outcome', 'refused',
      'message', 'Only a cancelled registration is refunded.');
  end if;
  if not exists (select 1 from public.registration_payments as p
                 where p.registration_id = team.id and p.kind = 'refund'
                   and p.status = 'pending') then
    left_to_refund := private.refund_left(team.id);
    if left_to_refund <= 0 then
      return jsonb_build_object('outcome', 'refused',
        'message', 'No refund is due on this registration.');
    end if;
    -- Oldest payment first; each one gives what it has not already given back.
    for payment in
      select p.payment_intent_id, p.amount_pence - coalesce((
          select sum(back.amount_pence) from public.registration_payments as back
          where back.registration_id = team.id and back.kind = 'refund'
            and back.status in ('succeeded', 'pending')
            and back.payment_intent_id = p.payment_intent_id), 0) as refundable
      from public.registration_payments as p
      where p.registration_id = team.id and p.kind = 'balance' and p.status = 'succeeded'
        and p.payment_intent_id is not null
      order by p.recorded_at, p.id
    loop
      exit when left_to_refund <= 0;
      take := least(payment.refundable, left_to_refund);
      continue when take <= 0;
      insert into public.registration_payments (
        registration_id, edition_id, kind, amount_pence, status, payment_intent_id, note
      ) values (
        team.id, team.edition_id, 'refund', take, 'pending', payment.payment_intent_id,
        'Refund through Stripe.'
      );
      left_to_refund := left_to_refund - take;
      outcome := 'started';
    end loop;
    if outcome <> 'started' then
      return jsonb_build_object('outcome', 'refused', 'message',
        'No balance of this registration was paid through Stripe: mark the refund by hand.');
    end if;
  end if;
  return jsonb_build_object('outcome', outcome, 'registration', team.id,
    'edition', team.edition_id, 'rows', private.refund_rows(team.id));
end
$$;

-- What Stripe answered the refund function for one row: the refund's id (kept; the row stays
-- pending until Stripe's event), or its refusal (the row fails with the reason in its note, and
-- the refund is due again). Answers the row's status.
create or replace function public.record_refund_request(
  ledger_row uuid,
  refund_id text default null,
  refused text default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  answer text;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  if refused is not null then
    update public.registration_payments set status = 'failed',
      note = left(note || ' Stripe refused it: ' || refused, 5000)
    where id = ledger_row and kind = 'refund' and status = 'pending'
    returning status into answer;
  else
    update public.registration_payments as p
    set refund_id = coalesce(p.refund_id, left(record_refund_request.refund_id, 200))
    where p.id = ledger_row and p.kind = 'refund'
      and (p.refund_id is null or p.refund_id = record_refund_request.refund_id)
    returning status into answer;
  end if;
  return answer;
end
$$;

-- Stripe's charge.refunded (the charge's refunds) and refund.updated (one refund), once per event
-- id: each refund as Stripe sent it. Answers {outcome: 'recorded' | 'replayed', refunds:
-- [{refund, outcome: 'succeeded' | 'failed' | 'pending' | 'unchanged' | 'mismatch' | 'unknown'}],
-- email_ids: the 'refund_sent' emails queued}.
create or replace function public.record_refund_event(
  event_id text,
  event_type text,
  refunds jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  refund jsonb;
  refund_ref text;
  ledger_ref text;
  amount bigint;
  currency text;
  stripe_status text;
  row_found public.registration_payments;
  team public.registrations;
  problem text;
  result text;
  changed integer;
  results jsonb := '[]'::jsonb;
  emails jsonb := '[]'::jsonb;
  email uuid;
begin
  if event_type not in ('charge.refunded', 'refund.updated') then
    return jsonb_build_object('outcome', 'ignored');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  insert into private.payment_events (id, type) values (left(event_id, 200), event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return jsonb_build_object('outcome', 'replayed', 'refunds', '[]'::jsonb,
      'email_ids', '[]'::jsonb);
  end if;
  for refund in
    select value from jsonb_array_elements(case when jsonb_typeof(refunds) = 'array'
                                                then refunds else '[]'::jsonb end)
  loop
    continue when jsonb_typeof(refund) <> 'object';
    refund_ref := left(refund ->> 'id', 200);
    continue when refund_ref is null;
    ledger_ref := refund -> 'metadata' ->> 'ledger_row';
    amount := case when refund ->> 'amount' ~ '^[0-9]{1,12}$' then (refund ->> 'amount')::bigint end;
    currency := lower(refund ->> 'currency');
    stripe_status := refund ->> 'status';
    row_found := null;
    select * into row_found from public.registration_payments as p
    where p.kind = 'refund' and p.refund_id = refund_ref for update;
    -- The event may come before the function stored the id: the row it named in the metadata,
    -- for the same payment, while it has no refund id yet.
    if row_found.id is null
       and ledger_ref ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into row_found from public.registration_payments as p
      where p.id = ledger_ref::uuid and p.kind = 'refund' and p.refund_id is null
        and p.payment_intent_id is not distinct from refund ->> 'payment_intent'
      for update;
    end if;
    problem := case
      when row_found.id is null then 'unknown-reference'
      when currency is distinct from row_found.currency then 'currency'
      when amount is distinct from row_found.amount_pence then 'amount'
    end;
    if problem is not null then
      -- Shown to the organiser once per refund and reason (both events carry the refund).
      select * into team from public.registrations where id = coalesce(row_found.registration_id,
        (select p.registration_id from public.registration_payments as p
         where p.payment_intent_id = refund ->> 'payment_intent' and p.kind <> 'refund'
         limit 1));
      if not exists (select 1 from public.payment_exceptions as x
                     where x.kind = 'refund' and x.payment_id = refund_ref
                       and x.reason = problem) then
        insert into public.payment_exceptions (
          registration_id, event_id, event_type, reference, reason, expected_amount, amount,
          currency, mode, payment_status, payment_id, kind
        ) values (
          team.id, left(record_refund_event.event_id, 200), event_type, left(ledger_ref, 200),
          problem, row_found.amount_pence, amount, left(currency, 10), 'refund',
          left(stripe_status, 40), refund_ref, 'refund'
        );
        update public.registrations set payment_exception = problem where id = team.id;
      end if;
      result := case when problem = 'unknown-reference' then 'unknown' else 'mismatch' end;
    elsif stripe_status = 'succeeded' and row_found.status = 'pending' then
      update public.registration_payments set status = 'succeeded', refund_id = refund_ref,
        charge_id = left(refund ->> 'charge', 200), recorded_at = now()
      where id = row_found.id;
      result := 'succeeded';
    elsif stripe_status in ('failed', 'canceled') and row_found.status <> 'failed' then
      -- A refund can fail after it succeeded (the card was closed): the money is due again.
      update public.registration_payments set status = 'failed', refund_id = refund_ref,
        charge_id = left(refund ->> 'charge', 200),
        note = left(note || ' Stripe: the refund ' || stripe_status
                    || coalesce(' (' || (refund ->> 'failure_reason') || ')', '') || '.', 5000)
      where id = row_found.id;
      result := 'failed';
    elsif row_found.status = 'pending' then
      update public.registration_payments set refund_id = refund_ref where id = row_found.id;
      result := 'pending';
    else
      result := 'unchanged';
    end if;
    if result = 'succeeded' then
      select * into team from public.registrations where id = row_found.registration_id;
      if (private.registration_money(team.id) ->> 'state') = 'refunded'
         and not exists (select 1 from public.registration_payments as p
                         where p.registration_id = team.id and p.kind = 'refund'
                           and p.status = 'pending') then
        email := private.queue_email(team.id, 'refund_sent', team.lead_driver_email);
        if email is not null then
          emails := emails || to_jsonb(email);
        end if;
      end if;
    end if;
    results := results || jsonb_build_object('refund', refund_ref, 'outcome', result);
  end loop;
  return jsonb_build_object('outcome', 'recorded', 'refunds', results, 'email_ids', emails);
end
$$;

revoke all on function private.refund_left(uuid), private.refund_rows(uuid)
  from public, anon, authenticated;
revoke all on function
  public.begin_refund(uuid), public.record_refund_request(uuid, text, text),
  public.record_refund_event(text, text, jsonb)
  from public, anon, authenticated;
-- The refund and stripe-webhook functions (the refund function lets administrators only in).
grant execute on function
  public.begin_refund(uuid), public.record_refund_request(uuid, text, text),
  public.record_refund_event(text, text, jsonb)
  to service_role;
