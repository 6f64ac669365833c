-- The public site's editions (issue 22, "The public site follows the current edition"):
--
-- public.edition_cars(year): the number of cars with a paid deposit in a published edition, for
-- a past edition's page ("12 cars took part"). Registrations are the administrator's alone, so
-- this security definer function answers only the count, and null for a year the public cannot
-- see (no edition, or a draft).
--
-- subscribe_newsletter(…, source 'next-rally'): "Tell me when the next rally opens", offered
-- after an edition and before the next is current. The address becomes a waiting-list entry of
-- the next edition (the first by year after the current one, prepared as a draft or published),
-- or a plain subscriber when there is none yet. Other sources are as before. This file's
-- definition of subscribe_newsletter is the one in force. Valid on hosted Supabase, PGlite and
-- PostgreSQL 15.

create or replace function public.edition_cars(edition_year integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*)::integer from public.registrations as r
          where r.edition_id = e.id and r.deposit_status = 'paid' and r.status <> 'cancelled')
  from public.editions as e
  where e.year = edition_year and e.status = 'published'
$$;
revoke all on function public.edition_cars(integer) from public;
grant execute on function public.edition_cars(integer) to anon, authenticated, service_role;

create or replace function private.next_edition_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select e.id from public.editions as e
  where e.year > coalesce((select c.year from public.editions as c where c.is_current), 0)
  order by e.year
  limit 1
$$;
revoke all on function private.next_edition_id() from public, anon, authenticated;

create or replace function public.subscribe_newsletter(
  email text, source text default 'footer', website text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_edition constant uuid :=
    case when source = 'next-rally' then private.next_edition_id() end;
  stored_source text := source;
  stored_edition uuid;
begin
  if not coalesce(private.is_email(lower(btrim(email))), false) then
    perform private.refuse('email', 'Please enter a valid email address.');
  end if;
  if coalesce(source, '') not in ('footer', 'waitlist', 'next-rally') then
    perform private.refuse('source', 'Unknown sign-up source.');
  end if;
  if source = 'waitlist' then
    stored_edition := private.current_edition_id();
  elsif source = 'next-rally' then
    -- The next edition's waiting list, or the newsletter while no next edition exists.
    stored_source := case when next_edition is null then 'footer' else 'waitlist' end;
    stored_edition := next_edition;
  end if;
  insert into public.newsletter_subscribers as subscriber (email, source, website, edition_id)
  values (lower(btrim(email)), stored_source, website, stored_edition)
  on conflict on constraint newsletter_subscribers_email_key do update set
    source = case when excluded.source = 'waitlist' then 'waitlist' else subscriber.source end,
    edition_id = case when excluded.source = 'waitlist' then excluded.edition_id
                      else subscriber.edition_id end
  where subscriber.status = 'subscribed';
end
$$;
