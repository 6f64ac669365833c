-- Money: the ledger of every payment and refund, in integer pence, and everything derived from
-- it. public.registration_payments holds one row per deposit, balance or refund, with Stripe's
-- ids; administrators read it and nobody writes it except through the functions below (the
-- stripe-webhook function's record_checkout_payment and record_refund_event, the refund
-- function's begin_refund and record_refund_request, and mark_refunded_by_hand). A
-- registration's money (price, supplement, paid, refunded, balance, due date and its state) is
-- derived from the ledger and its edition, never typed; so are an edition's figures.
--
-- Amounts are computed here: a Checkout Session charges what checkout_amount() says, and
-- Stripe's signed events are applied only when mode, payment status, currency and amount are
-- exactly what is owed at that moment, once per event id. Anything else is recorded in
-- public.payment_exceptions with its reason for the organiser, and answered to Stripe with 200
-- (an answer other than 2xx makes Stripe retry the same event for days). Every write takes the
-- places lock (places.sql): a payment that needs a free place cannot race a registration for it.

-- Stripe's events already handled (their ids): a replayed event changes nothing.
create table private.payment_events (
  id text primary key,
  type text not null,
  registration_id uuid,
  received_at timestamptz not null default now()
);
alter table private.payment_events enable row level security;
revoke all on private.payment_events from public, anon, authenticated;

-- What Stripe reported and the database did not apply. Administrators read them and record what
-- was done (resolution, note); the service role writes them through the functions below; nobody
-- else reads them.
create table public.payment_exceptions (
  id uuid primary key default gen_random_uuid(),
  -- Kept when the registration is deleted: the money was still received.
  registration_id uuid references public.registrations (id) on delete set null,
  event_id text not null,
  event_type text not null,
  -- The client_reference_id as Stripe sent it (an unknown one has no registration).
  reference text check (length(reference) <= 200),
  reason text not null check (private.is_payment_exception_reason(reason)),
  -- Money in the currency's minor unit (pence for pounds), as Stripe reports amount_total.
  expected_amount integer,
  amount bigint,
  currency text check (length(currency) <= 10),
  mode text check (length(mode) <= 40),
  payment_status text check (length(payment_status) <= 40),
  payment_id text check (length(payment_id) <= 200),
  created_at timestamptz not null default now(),
  -- null: the organiser has yet to decide (a wrong amount, currency or mode).
  resolution text check (resolution in ('refund-due', 'refunded', 'waiting-list', 'accepted')),
  note text not null default '' check (length(note) <= 5000),
  -- Which kind of payment it was about.
  kind text not null default 'deposit' check (kind in ('deposit', 'balance', 'refund'))
);
create index payment_exceptions_registration_idx on public.payment_exceptions (registration_id);
create index payment_exceptions_newest_idx on public.payment_exceptions (created_at desc, id);

alter table public.payment_exceptions enable row level security;
revoke all on public.payment_exceptions from anon, authenticated;
grant select on public.payment_exceptions to authenticated;
grant update (resolution, note) on public.payment_exceptions to authenticated;
create policy "administrators read payment exceptions" on public.payment_exceptions
  for select to authenticated using ((select public.is_admin()));
create policy "administrators resolve payment exceptions" on public.payment_exceptions
  for update to authenticated using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The ledger
-- ---------------------------------------------------------------------------------------------
create table public.registration_payments (
  id uuid primary key default gen_random_uuid(),
  -- Kept when the registration is deleted: the money was still received (or paid back), and the
  -- edition's sums stay whole.
  registration_id uuid references public.registrations (id) on delete set null,
  edition_id uuid not null references public.editions (id) on delete restrict,
  kind text not null check (kind in ('deposit', 'balance', 'refund')),
  amount_pence integer not null check (amount_pence > 0),
  currency text not null default 'gbp' check (currency = 'gbp'),
  -- A payment is recorded once it succeeded; a refund is created pending (begin_refund) and
  -- Stripe's events make it succeeded or failed.
  status text not null default 'succeeded',
  checkout_session_id text check (length(checkout_session_id) <= 200),
  payment_intent_id text check (length(payment_intent_id) <= 200),
  charge_id text check (length(charge_id) <= 200),
  refund_id text check (length(refund_id) <= 200),
  -- The provider's event that recorded it: one row per event at most.
  event_id text unique check (length(event_id) <= 200),
  recorded_at timestamptz not null default now(),
  note text not null default '' check (length(note) <= 5000),
  -- The administrator who recorded it by hand (a refund paid back outside Stripe).
  recorded_by uuid,
  recorded_by_email text check (length(recorded_by_email) <= 320),
  constraint registration_payments_status_check check (
    case when kind = 'refund' then status in ('pending', 'succeeded', 'failed')
         else status = 'succeeded' end)
);
create index registration_payments_registration_idx
  on public.registration_payments (registration_id, kind);
create index registration_payments_edition_idx
  on public.registration_payments (edition_id, recorded_at);
-- One ledger row per Stripe refund.
create unique index registration_payments_refund_once on public.registration_payments (refund_id)
  where refund_id is not null;

alter table public.registration_payments enable row level security;
revoke all on public.registration_payments from public, anon, authenticated;
grant select on public.registration_payments to authenticated;
grant all on public.registration_payments to service_role;
create policy "administrators read the ledger" on public.registration_payments
  for select to authenticated using ((select public.is_admin()));

-- Each registration's succeeded payments by kind (paid_pence, deposit_paid_pence,
-- refunded_pence), kept on its row: summed again rather than added to, so the totals are the
-- ledger's whatever the change.
create or replace function private.keep_registration_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed uuid[] := '{}';
begin
  if tg_op <> 'DELETE' then changed := changed || new.registration_id; end if;
  if tg_op <> 'INSERT' then changed := changed || old.registration_id; end if;
  -- Summed again rather than added to, so the totals are the ledger's whatever the change.
  update public.registrations as r
  set (paid_pence, deposit_paid_pence, refunded_pence) = (
    select
      coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')), 0)::integer,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'), 0)::integer,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'), 0)::integer
    from public.registration_payments as p
    where p.registration_id = r.id and p.status = 'succeeded')
  where r.id = any (changed);
  return null;
end
$$;

create trigger registration_payments_totals
  after insert or update or delete on public.registration_payments
  for each row execute function private.keep_registration_totals();

-- A registration's first deposit gives it its door number (registrations.sql).
create or replace function private.door_number_on_deposit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'deposit' and new.status = 'succeeded' and new.registration_id is not null then
    perform private.give_door_number(new.registration_id);
  end if;
  return null;
end
$$;

create trigger registration_payments_door_number
  after insert on public.registration_payments
  for each row execute function private.door_number_on_deposit();

revoke all on function private.keep_registration_totals(), private.door_number_on_deposit()
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- A registration's money, derived
-- ---------------------------------------------------------------------------------------------

-- The one rule that names a registration's money state ('awaiting deposit', 'deposit paid',
-- 'balance due', 'overdue', 'paid in full', 'cancelled', 'refunded') from its facts (pence;
-- today passed in, so the rule is immutable). private.registration_money and the inbox's view
-- both read it, so the two can never disagree. No search_path is set so that the planner inlines
-- it into the view's query (a function with SET is called row by row, ten times slower at 10,000
-- rows): it names no object, and pg_catalog, which holds every operator and function it uses, is
-- always searched first.
create or replace function public.registration_money_state(
  cancelled boolean,
  refund_due integer,
  total integer,
  paid integer,
  deposits integer,
  refunded integer,
  balance_due date,
  today date
)
returns text
language sql
immutable
as $$
  select case
    when cancelled and coalesce(refund_due, 0) > 0 and refunded >= refund_due then 'refunded'
    when cancelled then 'cancelled'
    when deposits = 0 then 'awaiting deposit'
    when total - paid <= 0 then 'paid in full'
    when balance_due is null then 'deposit paid'
    when today > balance_due then 'overdue'
    else 'balance due'
  end
$$;

-- What may still be refunded on a registration (pence, never below 0): none unless cancelled;
-- the cancellation's refund_due_pence (the terms' figure, deposit excluded), never more than paid
-- minus deposits, less every refund succeeded or pending (a pending one is on its way: counting
-- it is what stops a second click from refunding twice).
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
-- The money state counts succeeded refunds only; refund_pending_pence and refund_left_pence are
-- the admin's "Refund £X".
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

-- What the terms give back if the registration is cancelled today: the edition's first tier whose
-- from_days the days before the start reach, applied to what was paid beyond the deposit,
-- rounded down to the penny.
create or replace function private.cancellation_quote(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with facts as (
    select e.start_date - private.today() as days_before, e.cancellation_tiers,
      private.registration_money(r.id) as money
    from public.registrations as r
    join public.editions as e on e.id = r.edition_id
    where r.id = target
  ),
  chosen as (
    select f.*, (
      select t.value from jsonb_array_elements(f.cancellation_tiers) with ordinality as t(value, n)
      where (t.value ->> 'from_days')::integer <= f.days_before
      order by t.n
      limit 1
    ) as tier
    from facts as f
  )
  select jsonb_build_object(
    'refund_pence',
      floor(greatest((c.money ->> 'paid_pence')::integer - (c.money ->> 'deposit_paid_pence')::integer, 0)
            * coalesce((c.tier ->> 'percent')::integer, 0) / 100.0)::integer,
    'tier', c.tier,
    'percent', coalesce((c.tier ->> 'percent')::integer, 0),
    'days_before', c.days_before,
    'paid_pence', (c.money ->> 'paid_pence')::integer,
    'deposit_pence', (c.money ->> 'deposit_paid_pence')::integer)
  from chosen as c
$$;

-- The administrators' view of a registration's money (null for anyone else).
create or replace function public.registration_money(registration uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.registration_money(registration)
  where (select public.is_admin()) or coalesce(auth.jwt() ->> 'role', '') = 'service_role'
$$;

-- The registrations as the admin's inbox lists them, each row with its money state, its balance
-- and its readiness (documents.sql), so the list core can filter, page and count by them in one
-- request. The state is derived when read (from the ledger's totals on the row, the edition and
-- today), never stored: "overdue" arrives with the day, not with a write. With the caller's
-- rights (security_invoker): only administrators read registrations, so anyone else sees no row.
-- Its columns are named, not r.*: a column added to registrations is shown here by adding it.
create view public.registrations_with_money with (security_invoker = true) as
select r.id, r.lead_driver_name, r.lead_driver_email, r.lead_driver_phone, r.co_driver_name,
  r.co_driver_email, r.co_driver_phone, r.team_name, r.separate_rooms, r.vehicle_make,
  r.vehicle_colour, r.registration_plate, r.terms_accepted_at, r.status, r.note, r.deposit_status,
  r.deposit_amount, r.deposit_currency, r.deposit_paid_at, r.payment_id, r.webhook_status,
  r.webhook_attempts, r.webhook_error, r.webhook_attempted_at, r.confirmation_sent_at,
  r.receipt_sent_at, r.created_at, r.updated_at, r.website, r.client_ip, r.holds_place,
  r.payment_exception, r.edition_id, r.vehicle_model, r.emergency_contact_name,
  r.emergency_contact_phone, r.cancelled_at, r.refund_due_pence, r.paid_pence,
  r.deposit_paid_pence, r.refunded_pence, r.insurance_expiry, r.mot_expiry,
  public.registration_money_state(r.status = 'cancelled', r.refund_due_pence, m.total,
    r.paid_pence, r.deposit_paid_pence, r.refunded_pence, e.balance_due,
    (select public.rally_today())) as money_state,
  greatest(m.total - r.paid_pence, 0) as balance_pence,
  -- A scalar subquery, not a lateral join: a query that does not read the column (the inbox's
  -- count, a page sorted and cut before it) never computes it (10,000 rows on PGlite: page 1
  -- p50 103 ms with two lateral joins).
  (select public.readiness_state(
      r.vehicle_make <> '' and r.vehicle_model <> '' and r.vehicle_colour <> ''
        and r.registration_plate <> '' and r.insurance_expiry is not null
        and r.mot_expiry is not null
        and (select count(*) from public.registration_drivers as d
             where d.registration_id = r.id
               and (d.role = 'lead' or btrim(r.co_driver_name) <> '')
               and d.date_of_birth is not null and d.licence_number <> ''
               and d.licence_expiry is not null and d.emergency_contact_name <> ''
               and d.emergency_contact_phone <> '')
            >= case when btrim(r.co_driver_name) <> '' then 2 else 1 end,
      count(*) filter (where t.id is null)::integer,
      count(*) filter (where t.status = 'rejected')::integer,
      count(*) filter (where t.status = 'submitted')::integer)
   from unnest(public.required_document_kinds(btrim(r.co_driver_name) <> '')) as k(kind)
   left join public.team_documents as t
     on t.registration_id = r.id and t.kind = k.kind and t.superseded_at is null) as readiness
from public.registrations as r
-- Left: every registration has its edition (not null, a foreign key), and a count that reads no
-- money (the inbox's "of N registrations") then skips the join.
left join public.editions as e on e.id = r.edition_id
cross join lateral (
  select e.price_per_car + case when r.separate_rooms then coalesce(e.separate_rooms_supplement, 0)
                                else 0 end as total
) as m;

revoke all on public.registrations_with_money from public, anon, authenticated;
grant select on public.registrations_with_money to authenticated, service_role;

-- What /payment-success may know about the registration whose reference the visitor holds:
-- 'paid', 'pending', 'failed', 'exception' (a payment arrived that could not be applied: the
-- organisers will be in touch) or 'unknown'. It reveals nothing else.
create or replace function public.deposit_status(reference text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select case
              when deposit_status <> 'paid' and payment_exception is not null then 'exception'
              else deposit_status
            end
     from public.registrations
     where reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       and id = reference::uuid),
    'unknown'
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- Paying: the amount, and Stripe's events
-- ---------------------------------------------------------------------------------------------

-- What a Checkout Session should charge: kind 'deposit' with the registration's reference (the
-- edition's deposit), kind 'balance' with the team's secret (price + supplement - paid). Answers
-- {registration_id, edition_id, edition_year, edition_name, amount_pence, currency, email, kind},
-- or {refused: 'unknown' | 'cancelled' | 'already-paid' | 'awaiting-deposit' | 'nothing-owed'}
-- (an expired secret is 'unknown', as a wrong one).
create or replace function public.checkout_amount(kind text, reference text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target uuid;
  team public.registrations;
  edition public.editions;
  money jsonb;
  amount integer;
begin
  if checkout_amount.kind = 'deposit'
     and reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    target := reference::uuid;
  elsif checkout_amount.kind = 'balance' then
    target := private.team_registration(reference);
  end if;
  select * into team from public.registrations where id = target;
  if team.id is null then
    return jsonb_build_object('refused', 'unknown');
  end if;
  if team.status = 'cancelled' then
    return jsonb_build_object('refused', 'cancelled');
  end if;
  select * into edition from public.editions where id = team.edition_id;
  money := private.registration_money(team.id);
  if checkout_amount.kind = 'deposit' then
    if (money ->> 'deposit_paid_pence')::integer > 0 or team.deposit_status = 'paid' then
      return jsonb_build_object('refused', 'already-paid');
    end if;
    amount := edition.deposit;
  else
    if (money ->> 'deposit_paid_pence')::integer = 0 then
      return jsonb_build_object('refused', 'awaiting-deposit');
    end if;
    amount := (money ->> 'balance_pence')::integer;
  end if;
  if amount <= 0 then
    return jsonb_build_object('refused', 'nothing-owed');
  end if;
  return jsonb_build_object(
    'registration_id', team.id, 'edition_id', edition.id, 'edition_year', edition.year,
    'edition_name', edition.name, 'amount_pence', amount, 'currency', 'gbp',
    'email', team.lead_driver_email, 'kind', checkout_amount.kind);
end
$$;

-- A deposit's event. The deposit is paid only by a one-off payment (mode 'payment') in pounds of
-- exactly the registration's edition's deposit, that Stripe reports paid (payment_status 'paid'
-- on checkout.session.completed, or the async_payment_succeeded event), and it needs a place in
-- that edition (a 2026 payment arriving after 2027 is current is judged against 2026). A payment
-- for a cancelled registration, for one whose hold lapsed while the rally filled, or a second
-- payment for a paid one, is recorded as an exception, 'refund-due', and never counts as a
-- place. It answers what it did:
--   'paid'             this event paid the deposit (the receipt is sent on this answer only);
--   'already-paid'     another event paid it before (a second payment is recorded 'duplicate');
--   'replayed'         the event was handled before: nothing changes;
--   'awaiting-payment' a completed session whose payment is still on its way (bank debits);
--   'failed'           async_payment_failed: an unpaid deposit is marked failed;
--   'mismatch'         amount, currency, mode or payment status is not the deposit's;
--   'cancelled'        the registration was cancelled: refund due;
--   'no-place'         its hold lapsed and the rally filled meanwhile: refund due (or the
--                      waiting list, the organiser's decision);
--   'unknown'          no registration has that reference;
--   'ignored'          an event type this endpoint does not handle.
create or replace function public.record_deposit_payment(
  event_id text,
  event_type text,
  reference text,
  amount_total bigint,
  currency text,
  mode text,
  payment_status text,
  payment_id text,
  paid_at timestamptz
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration public.registrations;
  expected integer;
  reason text;
  holding boolean;
  changed integer;
begin
  if event_type not in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                        'checkout.session.async_payment_failed') then
    return 'ignored';
  end if;
  -- Under the places lock: a payment that needs a free place cannot race a registration for it.
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  insert into private.payment_events (id, type) values (event_id, event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return 'replayed';
  end if;

  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into registration from public.registrations where id = reference::uuid;
    update private.payment_events set registration_id = registration.id where id = event_id;
  end if;

  if event_type = 'checkout.session.async_payment_failed' then
    if registration.id is null then
      return 'unknown';
    end if;
    update public.registrations set deposit_status = 'failed'
    where id = registration.id and deposit_status = 'pending';
    return 'failed';
  end if;
  if event_type = 'checkout.session.completed' and mode = 'payment'
     and payment_status = 'unpaid' then
    return 'awaiting-payment';
  end if;

  select deposit into expected from public.editions where id = registration.edition_id;
  select exists (
    select 1 from private.registrations_holding_places where id = registration.id
  ) into holding;

  reason := case
    when registration.id is null then 'unknown-reference'
    when mode is distinct from 'payment' then 'mode'
    when event_type = 'checkout.session.completed'
         and payment_status is distinct from 'paid' then 'not-paid'
    when lower(currency) is distinct from 'gbp' then 'currency'
    when expected is null or amount_total is distinct from expected then 'amount'
    when registration.status = 'cancelled' then 'cancelled'
    when registration.deposit_status = 'paid' then
      case when record_deposit_payment.payment_id is distinct from registration.payment_id
           then 'duplicate' end
    when not holding
         and (select remaining from private.edition_places(registration.edition_id)) <= 0
      then 'no-place'
  end;

  if reason is not null then
    insert into public.payment_exceptions (
      registration_id, event_id, event_type, reference, reason, expected_amount, amount, currency,
      mode, payment_status, payment_id, resolution
    ) values (
      registration.id, event_id, event_type, left(reference, 200), reason, expected, amount_total,
      left(lower(currency), 10), left(mode, 40), left(payment_status, 40),
      left(record_deposit_payment.payment_id, 200),
      case when reason in ('cancelled', 'no-place', 'duplicate') then 'refund-due' end
    );
    update public.registrations set payment_exception = reason where id = registration.id;
  end if;

  if (reason is null and registration.deposit_status = 'paid') or reason = 'duplicate' then
    return 'already-paid';
  end if;
  if reason = 'unknown-reference' then
    return 'unknown';
  end if;
  if reason in ('cancelled', 'no-place') then
    return reason;
  end if;
  if reason is not null then
    return 'mismatch';
  end if;

  update public.registrations set
    deposit_status = 'paid',
    deposit_amount = amount_total,
    deposit_currency = lower(currency),
    deposit_paid_at = paid_at,
    payment_id = record_deposit_payment.payment_id
  where id = registration.id;
  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, currency, status, payment_intent_id,
    event_id, recorded_at
  ) values (
    registration.id, registration.edition_id, 'deposit', amount_total, lower(currency),
    'succeeded', left(record_deposit_payment.payment_id, 200), left(event_id, 200),
    coalesce(paid_at, now())
  );
  return 'paid';
end
$$;

-- A Checkout Session event, as the stripe-webhook function passes it after checking the
-- signature: `session` is the event's data.object unchanged. metadata.kind 'balance' is recorded
-- here; any other kind is the deposit (record_deposit_payment, whose answer is the outcome). A
-- balance is applied only when mode, payment status, currency and amount are exactly what is
-- owed at that moment, once per event id; anything else is a payment_exceptions row (kind
-- 'balance') for the organiser and no ledger row. Answers {outcome, kind, registration_id,
-- amount_pence, email_id}: outcome as record_deposit_payment's; email_id is the queued balance
-- receipt.
create or replace function public.record_checkout_payment(
  event_id text,
  event_type text,
  session jsonb,
  paid_at timestamptz default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  reference constant text := session ->> 'client_reference_id';
  amount_total constant bigint := case when session ->> 'amount_total' ~ '^[0-9]{1,12}$'
                                       then (session ->> 'amount_total')::bigint end;
  currency constant text := lower(session ->> 'currency');
  mode constant text := session ->> 'mode';
  payment_status constant text := session ->> 'payment_status';
  payment_intent constant text := session ->> 'payment_intent';
  outcome text;
  team public.registrations;
  money jsonb;
  expected integer;
  reason text;
  changed integer;
  receipt uuid;
begin
  if coalesce(session -> 'metadata' ->> 'kind', 'deposit') <> 'balance' then
    outcome := public.record_deposit_payment(event_id, event_type, reference, amount_total,
      currency, mode, payment_status, payment_intent, coalesce(paid_at, now()));
    if outcome = 'paid' then
      update public.registration_payments set checkout_session_id = left(session ->> 'id', 200)
      where registration_payments.event_id = record_checkout_payment.event_id;
    end if;
    return jsonb_build_object('outcome', outcome, 'kind', 'deposit',
      'registration_id', (select r.id from public.registrations as r
                          where r.id = case when reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                            then reference::uuid end));
  end if;

  if event_type not in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                        'checkout.session.async_payment_failed') then
    return jsonb_build_object('outcome', 'ignored', 'kind', 'balance');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.registrations places', 0));
  insert into private.payment_events (id, type) values (event_id, event_type)
  on conflict (id) do nothing;
  get diagnostics changed = row_count;
  if changed = 0 then
    return jsonb_build_object('outcome', 'replayed', 'kind', 'balance');
  end if;
  -- The reference and the metadata must name the same registration.
  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and (session -> 'metadata' ->> 'registration_id') is not distinct from reference then
    select * into team from public.registrations where id = reference::uuid for update;
    update private.payment_events set registration_id = team.id
    where id = record_checkout_payment.event_id;
  end if;
  if event_type = 'checkout.session.async_payment_failed' then
    return jsonb_build_object('outcome', case when team.id is null then 'unknown' else 'failed' end,
      'kind', 'balance', 'registration_id', team.id);
  end if;
  if event_type = 'checkout.session.completed' and mode = 'payment'
     and payment_status = 'unpaid' then
    return jsonb_build_object('outcome', 'awaiting-payment', 'kind', 'balance',
      'registration_id', team.id);
  end if;

  money := private.registration_money(team.id);
  expected := (money ->> 'balance_pence')::integer;
  reason := case
    when team.id is null then 'unknown-reference'
    when mode is distinct from 'payment' then 'mode'
    when event_type = 'checkout.session.completed'
         and payment_status is distinct from 'paid' then 'not-paid'
    when currency is distinct from 'gbp' then 'currency'
    when team.status = 'cancelled' then 'cancelled'
    when expected <= 0 then 'duplicate'
    when amount_total is distinct from expected then 'amount'
  end;

  if reason is not null then
    insert into public.payment_exceptions (
      registration_id, event_id, event_type, reference, reason, expected_amount, amount, currency,
      mode, payment_status, payment_id, resolution, kind
    ) values (
      team.id, left(record_checkout_payment.event_id, 200), event_type, left(reference, 200),
      reason, expected, amount_total, left(currency, 10), left(mode, 40),
      left(payment_status, 40), left(payment_intent, 200),
      case when reason in ('cancelled', 'duplicate') then 'refund-due' end, 'balance'
    );
    update public.registrations set payment_exception = reason where id = team.id;
    return jsonb_build_object('outcome', case reason
        when 'unknown-reference' then 'unknown'
        when 'cancelled' then 'cancelled'
        when 'duplicate' then 'already-paid'
        else 'mismatch' end,
      'kind', 'balance', 'registration_id', team.id);
  end if;

  insert into public.registration_payments (
    registration_id, edition_id, kind, amount_pence, currency, status, checkout_session_id,
    payment_intent_id, event_id, recorded_at
  ) values (
    team.id, team.edition_id, 'balance', amount_total, 'gbp', 'succeeded',
    left(session ->> 'id', 200), left(payment_intent, 200),
    left(record_checkout_payment.event_id, 200), coalesce(paid_at, now())
  );
  receipt := private.queue_email(team.id, 'balance_receipt', team.lead_driver_email);
  return jsonb_build_object('outcome', 'paid', 'kind', 'balance', 'registration_id', team.id,
    'amount_pence', amount_total, 'email_id', receipt);
end
$$;

revoke execute on function public.deposit_status(text) from public, anon, authenticated;
grant execute on function public.deposit_status(text) to anon, authenticated;
revoke all on function
  public.checkout_amount(text, text),
  public.record_deposit_payment(text, text, text, bigint, text, text, text, text, timestamptz),
  public.record_checkout_payment(text, text, jsonb, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.checkout_amount(text, text),
  public.record_deposit_payment(text, text, text, bigint, text, text, text, text, timestamptz),
  public.record_checkout_payment(text, text, jsonb, timestamptz)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- Refunds
-- ---------------------------------------------------------------------------------------------
-- The refund due on a cancelled registration is paid back through Stripe's Refunds API against
-- the team's balance payments, and Stripe's events confirm it in the ledger; or the organiser
-- pays it back outside Stripe and marks it by hand.

-- The refund due, paid back outside Stripe: an administrator records it in the ledger, with a
-- note. A refund pending at Stripe counts as on its way, so a refund cannot be sent through
-- Stripe and marked by hand at once. Answers the registration's money afterwards ('refunded').
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
-- it), under the places lock: allocates the amount left across the registration's balance
-- payments (each one's payment_intent, partial amounts) and inserts a pending 'refund' ledger row
-- per payment. While those are pending it answers the same rows, so two clicks send the same
-- requests: the function uses each row's id as Stripe's Idempotency-Key, and Stripe refunds once.
-- Answers {outcome: 'started' | 'pending', registration, edition, rows: [{id, amount_pence,
-- currency, payment_intent_id, refund_id, status}]}, or {outcome: 'refused', message} for a
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
-- id: each refund as Stripe sent it. Each is matched to its row (by refund id, or by the
-- ledger_row the function put in its metadata when the event comes before the function stored
-- the id); its amount and currency must be the row's (otherwise a payment exception, not
-- applied); then the row is succeeded or failed (failed: the refund is due again). When the
-- registration is refunded in full and nothing is pending, the team's 'refund_sent' email is
-- queued. Answers {outcome: 'recorded' | 'replayed', refunds: [{refund, outcome: 'succeeded' |
-- 'failed' | 'pending' | 'unchanged' | 'mismatch' | 'unknown'}], email_ids: the 'refund_sent'
-- emails queued}.
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

revoke all on function
  private.refund_left(uuid), private.registration_money(uuid), private.cancellation_quote(uuid),
  private.refund_rows(uuid)
  from public, anon, authenticated;
revoke all on function
  public.registration_money(uuid), public.mark_refunded_by_hand(uuid, text),
  public.begin_refund(uuid), public.record_refund_request(uuid, text, text),
  public.record_refund_event(text, text, jsonb)
  from public, anon, authenticated;
-- Administrators (the functions ask is_admin()).
grant execute on function public.registration_money(uuid), public.mark_refunded_by_hand(uuid, text)
  to authenticated;
-- The Edge Functions.
grant execute on function
  public.registration_money(uuid), public.begin_refund(uuid),
  public.record_refund_request(uuid, text, text), public.record_refund_event(text, text, jsonb)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- An edition's money
-- ---------------------------------------------------------------------------------------------

-- The one computation, in pence. deposits_received and balances_received are the ledger's
-- succeeded deposit and balance rows; refunded its succeeded refunds and refunds_pending its
-- pending ones; net = deposits + balances - refunded. outstanding is what the edition's
-- registrations with a deposit that have not cancelled still owe (their balance_pence in
-- registrations_with_money: price + supplement - paid, never negative), and overdue the part of
-- it whose money state is 'overdue'. Both read the view, so they follow the inbox's states and
-- never a second copy of the rules. A ledger row counts for the edition it names, whether or not
-- its registration still exists.
create or replace function private.edition_money(target uuid)
returns table (
  deposits_received integer,
  balances_received integer,
  outstanding integer,
  overdue integer,
  refunded integer,
  refunds_pending integer,
  net integer
)
language sql
stable
security definer
set search_path = ''
as $$
  with ledger as (
    select
      coalesce(sum(p.amount_pence) filter (
        where p.kind = 'deposit' and p.status = 'succeeded'), 0)::integer as deposits,
      coalesce(sum(p.amount_pence) filter (
        where p.kind = 'balance' and p.status = 'succeeded'), 0)::integer as balances,
      coalesce(sum(p.amount_pence) filter (
        where p.kind = 'refund' and p.status = 'succeeded'), 0)::integer as refunded,
      coalesce(sum(p.amount_pence) filter (
        where p.kind = 'refund' and p.status = 'pending'), 0)::integer as pending
    from public.registration_payments as p
    where p.edition_id = target
  ),
  owed as (
    -- The states of a team that paid a deposit and has not cancelled; 'paid in full' owes 0.
    select
      coalesce(sum(m.balance_pence) filter (
        where m.money_state in ('deposit paid', 'balance due', 'overdue', 'paid in full')),
        0)::integer as outstanding,
      coalesce(sum(m.balance_pence) filter (where m.money_state = 'overdue'), 0)::integer
        as overdue
    from public.registrations_with_money as m
    where m.edition_id = target
  )
  select l.deposits, l.balances, o.outstanding, o.overdue, l.refunded, l.pending,
    l.deposits + l.balances - l.refunded
  from ledger as l, owed as o
$$;

-- That, for administrators only (42501 otherwise).
create or replace function public.edition_money(edition uuid)
returns table (
  deposits_received integer,
  balances_received integer,
  outstanding integer,
  overdue integer,
  refunded integer,
  refunds_pending integer,
  net integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read an edition''s money' using errcode = '42501';
  end if;
  return query select * from private.edition_money(edition);
end
$$;

-- The edition's ledger rows, oldest first, for the treasurer's CSV (administrators only): when,
-- the team (its name, else the lead driver's; '(deleted registration)' once the registration is
-- gone), kind, status, amount in pence as the ledger holds it (a refund is a positive amount
-- there; the CSV shows it negative) and the Stripe id that identifies the row (a refund's
-- refund_id; a payment's payment intent, else its Checkout Session, else its charge).
create or replace function public.edition_ledger(edition uuid)
returns table (
  id uuid,
  recorded_at timestamptz,
  team text,
  kind text,
  status text,
  amount_pence integer,
  stripe_id text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read an edition''s ledger' using errcode = '42501';
  end if;
  return query
    select p.id, p.recorded_at,
      case when r.id is null then '(deleted registration)'
           else coalesce(nullif(btrim(r.team_name), ''), r.lead_driver_name) end,
      p.kind, p.status, p.amount_pence,
      case when p.kind = 'refund' then p.refund_id
           else coalesce(p.payment_intent_id, p.checkout_session_id, p.charge_id) end
    from public.registration_payments as p
    left join public.registrations as r on r.id = p.registration_id
    where p.edition_id = edition
    order by p.recorded_at, p.id;
end
$$;

-- The Editions screen's and the dashboard's figures per edition: cars with a paid deposit, places
-- taken (private.edition_places) and the money of private.edition_money. Administrators only.
create function public.edition_figures()
returns table (
  edition_id uuid,
  cars_paid integer,
  places_taken integer,
  deposits_received integer,
  balances_received integer,
  outstanding integer,
  overdue integer,
  refunded integer,
  refunds_pending integer,
  net integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may read the editions'' figures' using errcode = '42501';
  end if;
  return query
    select
      e.id,
      (select count(*)::integer from public.registrations as r
       where r.edition_id = e.id and r.status <> 'cancelled' and r.deposit_status = 'paid'),
      (select pl.taken from private.edition_places(e.id) as pl),
      m.deposits_received, m.balances_received, m.outstanding, m.overdue, m.refunded,
      m.refunds_pending, m.net
    from public.editions as e
    cross join lateral private.edition_money(e.id) as m;
end
$$;

revoke all on function private.edition_money(uuid) from public, anon, authenticated;
revoke all on function
  public.registration_money_state(boolean, integer, integer, integer, integer, integer, date, date),
  public.edition_money(uuid), public.edition_ledger(uuid), public.edition_figures()
  from public, anon;
grant execute on function
  public.registration_money_state(boolean, integer, integer, integer, integer, integer, date, date),
  public.edition_money(uuid), public.edition_ledger(uuid), public.edition_figures()
  to authenticated, service_role;
