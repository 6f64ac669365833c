-- Issue 23, the organiser's side: each registration's money in the admin's inbox and the
-- editions' money figures.
--
-- - public.registration_money_state(...): the one rule that names a registration's money state
--   (awaiting deposit, deposit paid, balance due, overdue, paid in full, cancelled, refunded) from
--   its facts. private.registration_money (the team's page, the admin, the reminders) and the
--   inbox's view both read it, so the two can never disagree. This file's definition of
--   private.registration_money is the one in force (same result as 20261126000000's).
-- - registrations.paid_pence, deposit_paid_pence, refunded_pence: the ledger's succeeded payments
--   by kind, kept on each registration by a trigger on the ledger.
-- - public.registrations_with_money: the registrations as the admin's inbox lists them, each row
--   with its money state and balance, so the list core can filter, page and count by the state
--   in one request. The state is derived when read (from the ledger, the edition and
--   today), never stored: "overdue" arrives with the day, not with a write. The view runs with
--   the caller's rights (security_invoker): only administrators read registrations and the ledger,
--   so anyone else sees no row. It lists r.* as the registrations table has it now: a later
--   migration that adds a registration column recreates the view to show it.
-- - public.rally_today(): the rally's today (private.today(): the pinned test clock, else London's
--   date), which the view needs and signed-in callers may not reach in the private schema.
-- - public.edition_figures(): now also the balances received and the balances outstanding, and the
--   deposits received from the ledger (the deposits recorded on registrations before the ledger
--   were copied into it by 20261126000000). This file's definition is the one in force.
--
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

-- The money state from a registration's facts (pence; today passed in, so the rule is immutable).
-- No search_path is set so that the planner inlines it into the view's query (a function with
-- SET is called row by row, ten times slower at 10,000 rows): it names no object, and pg_catalog,
-- which holds every operator and function it uses, is always searched first.
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

create or replace function public.rally_today()
returns date
language sql
stable
security definer
set search_path = ''
as $$ select private.today() $$;

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
      coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')), 0)::integer
        as paid,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'), 0)::integer as deposits,
      coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'), 0)::integer as refunded
    from public.registration_payments as p
    where p.registration_id = target and p.status = 'succeeded'
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
    'balance_pence', greatest(t.total - l.paid, 0),
    'balance_due_on', t.balance_due,
    'currency', 'gbp',
    'state', public.registration_money_state(t.status = 'cancelled', t.refund_due_pence, t.total,
      l.paid, l.deposits, l.refunded, t.balance_due, private.today()))
  from team as t, ledger as l
$$;

-- Each registration's succeeded payments by kind, kept on its row from the ledger by a trigger
-- (never written by hand: administrators may update only the status and note), so that the
-- inbox's view reads one row per registration and sums nothing: 10,000 rows filtered by state
-- cost one scan. Filled here from the ledger as it stands.
alter table public.registrations
  add column paid_pence integer not null default 0,
  add column deposit_paid_pence integer not null default 0,
  add column refunded_pence integer not null default 0;

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
revoke all on function private.keep_registration_totals() from public, anon, authenticated;

create trigger registration_payments_totals
  after insert or update or delete on public.registration_payments
  for each row execute function private.keep_registration_totals();

-- The fill changes no value a registration had: its updated_at stays (a payment recorded later
-- does move it, as the money changed then).
alter table public.registrations disable trigger registrations_updated_at;
update public.registrations as r
set (paid_pence, deposit_paid_pence, refunded_pence) = (
  select
    coalesce(sum(p.amount_pence) filter (where p.kind in ('deposit', 'balance')), 0)::integer,
    coalesce(sum(p.amount_pence) filter (where p.kind = 'deposit'), 0)::integer,
    coalesce(sum(p.amount_pence) filter (where p.kind = 'refund'), 0)::integer
  from public.registration_payments as p
  where p.registration_id = r.id and p.status = 'succeeded')
where exists (select 1 from public.registration_payments as p where p.registration_id = r.id);
alter table public.registrations enable trigger registrations_updated_at;

create view public.registrations_with_money with (security_invoker = true) as
select r.*,
  public.registration_money_state(r.status = 'cancelled', r.refund_due_pence, m.total,
    r.paid_pence, r.deposit_paid_pence, r.refunded_pence, e.balance_due,
    (select public.rally_today())) as money_state,
  greatest(m.total - r.paid_pence, 0) as balance_pence
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

-- The editions' figures, with the balance's: cars with a paid deposit, places taken, deposits
-- and balances received (the ledger's succeeded payments), and the balances still owed by the
-- teams that paid a deposit and have not cancelled. Administrators only.
drop function public.edition_figures();
create function public.edition_figures()
returns table (
  edition_id uuid,
  cars_paid integer,
  places_taken integer,
  deposits_received integer,
  balances_received integer,
  balances_outstanding integer
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
      (select count(*)::integer from private.registrations_holding_places as h
       where h.edition_id = e.id),
      (select coalesce(sum(p.amount_pence), 0)::integer from public.registration_payments as p
       where p.edition_id = e.id and p.kind = 'deposit' and p.status = 'succeeded'),
      (select coalesce(sum(p.amount_pence), 0)::integer from public.registration_payments as p
       where p.edition_id = e.id and p.kind = 'balance' and p.status = 'succeeded'),
      (select coalesce(sum(greatest(
          e.price_per_car
            + case when r.separate_rooms then coalesce(e.separate_rooms_supplement, 0) else 0 end
            - r.paid_pence, 0)), 0)::integer
       from public.registrations as r
       where r.edition_id = e.id and r.status <> 'cancelled' and r.deposit_paid_pence > 0)
    from public.editions as e;
end
$$;

revoke all on function
  public.registration_money_state(boolean, integer, integer, integer, integer, integer, date, date),
  public.rally_today(), public.edition_figures()
  from public, anon;
grant execute on function
  public.registration_money_state(boolean, integer, integer, integer, integer, integer, date, date),
  public.rally_today(), public.edition_figures()
  to authenticated, service_role;
