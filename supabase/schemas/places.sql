-- Places: how many cars an edition takes, and what holds a place. Taken = the registrations
-- holding a place (a paid deposit; an unpaid one within its hold; an unpaid one made through a
-- waiting-list offer that still stands) plus the standing offers not yet held by their
-- registration. Registrations, payments, offers and "make current" all count and take places
-- under one transaction-scoped advisory lock ('public.registrations places'), so two visitors
-- cannot both take the last place.
--
-- The hold: an unpaid registration keeps a place for 5 minutes (the time a visitor has to finish
-- paying), and only when it is its network's first registration within the registrations' rate
-- window (1 hour, private.submission_rules): a later one from the same network holds nothing,
-- though it may still pay and then takes a place if one is free. So one machine, whatever
-- emails it uses, holds at most one place for 5 minutes an hour.

-- How long an unpaid registration keeps its place.
create or replace function private.place_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '5 minutes' $$;

revoke all on function private.place_hold() from public, anon, authenticated;

-- Registrations holding a place now: the one definition places are counted by and a payment
-- asks.
create view private.registrations_holding_places as
  select r.id, r.edition_id from public.registrations as r
  where r.status <> 'cancelled'
    and (r.deposit_status = 'paid'
         or (r.deposit_status = 'pending'
             and ((r.holds_place and r.created_at > private.now() - private.place_hold())
                  or exists (
                    select 1 from public.waiting_list_entries as w
                    where w.registration_id = r.id and w.status = 'offered'
                      and w.offer_expires_at > private.now()))));
revoke all on private.registrations_holding_places from public, anon, authenticated;

-- One edition's places: its capacity; taken = the registrations holding a place plus the
-- standing offers not yet held by their registration; what is left.
create or replace function private.edition_places(target_edition uuid)
returns table (capacity integer, taken integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$
  with counted as (
    select
      coalesce((select e.capacity from public.editions as e where e.id = target_edition), 0)
        as capacity,
      (select count(*)::integer from private.registrations_holding_places as h
       where h.edition_id = target_edition)
      + (select count(*)::integer from public.waiting_list_entries as w
         where w.edition_id = target_edition and w.status = 'offered'
           and w.offer_expires_at > private.now()
           and not exists (select 1 from private.registrations_holding_places as h
                           where h.id = w.registration_id)) as taken
  )
  select capacity, taken, greatest(capacity - taken, 0) from counted
$$;

revoke all on function private.edition_places(uuid) from public, anon, authenticated;

-- The current edition's places, for the site's "places left".
create or replace function public.rally_places()
returns table (capacity integer, taken integer, remaining integer)
language sql
stable
security definer
set search_path = ''
as $$ select * from private.edition_places(private.current_edition_id()) $$;

revoke execute on function public.rally_places() from public, anon, authenticated;
grant execute on function public.rally_places() to anon, authenticated;
