-- Issue 24, money per edition: what each edition has taken, is owed and has paid back, computed
-- from the ledger (public.registration_payments) and the one money definition
-- (registrations_with_money, over public.registration_money_state), and the ledger itself for
-- the treasurer's CSV.
--
-- - private.edition_money(edition): the one computation, in pence. deposits_received and
--   balances_received are the ledger's succeeded deposit and balance rows; refunded its succeeded
--   refunds and refunds_pending its pending ones; net = deposits + balances - refunded.
--   outstanding is what the edition's registrations with a deposit that have not cancelled still
--   owe (their balance_pence in registrations_with_money: price + supplement - paid, never
--   negative), and overdue the part of it whose money state is 'overdue' (the balance due date
--   has passed, by private.today()). Both read the view, so they follow the inbox's states and
--   never a second copy of the rules. A ledger row counts for the edition it names, whether or
--   not its registration still exists.
-- - public.edition_money(edition): that, for administrators only (42501 otherwise).
-- - public.edition_ledger(edition): the edition's ledger rows, oldest first, for administrators
--   only: when, the team (its name, else the lead driver's; '(deleted registration)' once the
--   registration is gone), kind, status, amount in pence as the ledger holds it (a refund is a
--   positive amount there; the CSV shows it negative) and the Stripe id that identifies the row
--   (a refund's refund_id; a payment's payment intent, else its Checkout Session, else its charge).
-- - public.edition_figures(): its money columns are now private.edition_money's, under the same
--   names (balances_outstanding became outstanding), so the Editions screen and the dashboard
--   state one figure from one source; places_taken is private.edition_places's. This file's
--   definition is the one in force.
--
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

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
revoke all on function private.edition_money(uuid) from public, anon, authenticated;

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

-- The editions' figures: cars with a paid deposit, places taken, and the money of
-- private.edition_money. Administrators only.
drop function public.edition_figures();
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

revoke all on function public.edition_money(uuid), public.edition_ledger(uuid),
  public.edition_figures()
  from public, anon;
grant execute on function public.edition_money(uuid), public.edition_ledger(uuid),
  public.edition_figures()
  to authenticated, service_role;
