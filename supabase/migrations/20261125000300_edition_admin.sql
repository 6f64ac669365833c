-- Issue 22, the admin's Editions screen and the inbox one edition at a time.
--
-- - public.edition_figures(): per edition, the cars with a paid deposit, the places taken (paid
--   cars and live holds, as rally_places() counts them) and the deposits received in pence. For
--   administrators only (the Editions screen); anyone else is refused with 42501.
-- - public.add_edition_to_past_tours(edition_year): records a finished edition as a past tour in
--   one statement under a lock: the year, the route from its start and finish places, the cars
--   with a paid deposit as participants; funds raised and miles are left for the organiser to
--   complete (the entry is a draft until then). Refused, naming the field, for an edition that
--   is not finished or a year the past tours already hold.
-- - public.edition_inbox_counts(target_edition): the dashboard's counts of new items for one
--   edition (registrations, enquiries, the waiting list's last 7 days with the newsletter's;
--   messages are not an edition's). The view public.inbox_counts, which counted every year, now
--   counts the current edition's; this file's definition of it is the one in force.
--
-- Valid on hosted Supabase (PostgreSQL 15+, `postgres` not a superuser), PGlite and PostgreSQL 15.

create or replace function public.edition_figures()
returns table (edition_id uuid, cars_paid integer, places_taken integer, deposits_received integer)
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
      (select coalesce(sum(r.deposit_amount), 0)::integer from public.registrations as r
       where r.edition_id = e.id and r.deposit_status = 'paid')
    from public.editions as e;
end
$$;
revoke all on function public.edition_figures() from public, anon;
grant execute on function public.edition_figures() to authenticated, service_role;

create or replace function public.add_edition_to_past_tours(edition_year integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  edition public.editions;
  tour_id uuid;
  cars integer;
begin
  if not (select public.is_admin()) then
    raise exception 'Only administrators may record past tours' using errcode = '42501';
  end if;
  -- Two clicks at once record one tour: the second waits here and then finds the first's.
  perform pg_advisory_xact_lock(hashtextextended('public.past_tours from editions', 0));
  select * into edition from public.editions where year = edition_year;
  if not found then
    perform private.refuse('year', format('There is no %s edition.', coalesce(edition_year::text, 'such')));
  end if;
  if edition.end_date >= private.today() then
    perform private.refuse('year', format('The %s has not finished yet.', edition.name));
  end if;
  if exists (select 1 from public.past_tours where year = edition.year and deleted_at is null) then
    perform private.refuse('year', format('The past tours already have %s.', edition.year));
  end if;
  select count(*)::integer into cars from public.registrations
    where edition_id = edition.id and status <> 'cancelled' and deposit_status = 'paid';
  insert into public.past_tours (year, route, participants, funds_raised, miles, published)
  values (
    edition.year,
    case
      when edition.start_place <> '' and edition.finish_place <> ''
        then edition.start_place || ' to ' || edition.finish_place
      else edition.start_place || edition.finish_place
    end,
    cars,
    '',
    0,
    false
  )
  returning id into tour_id;
  return tour_id;
end
$$;
revoke all on function public.add_edition_to_past_tours(integer) from public, anon;
grant execute on function public.add_edition_to_past_tours(integer) to authenticated, service_role;

create or replace function public.edition_inbox_counts(target_edition uuid)
returns table (inbox text, new_items integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select 'registrations', count(*)::integer from public.registrations
    where status = 'new' and edition_id = target_edition
  union all
  select 'enquiries', count(*)::integer from public.sponsorship_enquiries
    where status = 'new' and edition_id = target_edition
  union all
  select 'messages', count(*)::integer from public.contact_messages where status = 'new'
  union all
  select 'subscribers', count(*)::integer from public.newsletter_subscribers
    where created_at > now() - interval '7 days'
      and (edition_id is null or edition_id = target_edition)
$$;
revoke all on function public.edition_inbox_counts(uuid) from public, anon;
grant execute on function public.edition_inbox_counts(uuid) to authenticated, service_role;

create or replace view public.inbox_counts with (security_invoker = true) as
  select inbox, new_items from public.edition_inbox_counts(private.current_edition_id());
revoke all on public.inbox_counts from anon, authenticated;
grant select on public.inbox_counts to authenticated;
