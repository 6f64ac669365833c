-- Consent: each wording a person agreed to, by version, and one record per consent given, with
-- when it was confirmed and when and how it was withdrawn. The newsletter (newsletter.sql) and the
-- waiting list (waiting_list.sql) record theirs here; administrators read the records (the
-- inbox's consent column), only definer functions write them.

-- The forms send the version they showed; src/config/consent.ts holds the same rows
-- (tests/lint/consent-wording.test.ts compares the two). An id as every table has (the API's
-- generic calls select by it); the version is the key the records and entries name.
create table public.consent_wordings (
  id uuid primary key default gen_random_uuid(),
  version text not null unique check (version ~ '^[a-z0-9-]{1,60}$'),
  purpose text not null check (purpose ~ '^[a-z_]{1,40}$'),
  wording text not null check (btrim(wording) <> '' and length(wording) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.consent_wordings enable row level security;
revoke all on public.consent_wordings from public, anon, authenticated;
grant select on public.consent_wordings to anon, authenticated;
grant all on public.consent_wordings to service_role;
create policy "everyone reads the consent wordings" on public.consent_wordings
  for select to anon, authenticated using (true);

insert into public.consent_wordings (version, purpose, wording) values
  ('waiting-list-2026-11', 'waiting_list',
   'Contact me by email or phone about a place on this rally if one becomes free.'),
  ('newsletter-2026-11', 'newsletter',
   'Email me the rally''s newsletter: news, dates and how to take part. I will confirm by the link in the email you send, and I can unsubscribe at any time from the link in every newsletter.');

-- One row per consent given: the address (lower-case), its purpose, the wording's version, the
-- form it came from ('footer', 'next-rally', 'waitlist', 'waiting-list', 'resubscribe'), when it
-- was given, when it was confirmed (the newsletter's confirmation link, or a resubscription by the
-- holder of an unsubscribe secret) and when and how it was withdrawn ('one-click', 'link',
-- 'admin', 'erased').
create table public.consent_records (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and length(email) <= 320),
  purpose text not null check (purpose in ('newsletter', 'waiting_list')),
  wording_version text not null references public.consent_wordings (version) on delete restrict,
  source text not null check (source ~ '^[a-z-]{1,40}$'),
  given_at timestamptz not null default now(),
  confirmed_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_how text check (withdrawn_how in ('one-click', 'link', 'admin', 'erased')),
  constraint consent_records_withdrawal check ((withdrawn_at is null) = (withdrawn_how is null))
);
create index consent_records_email_idx on public.consent_records (email, given_at desc);

alter table public.consent_records enable row level security;
revoke all on public.consent_records from public, anon, authenticated;
grant select on public.consent_records to authenticated;
grant all on public.consent_records to service_role;
create policy "administrators read consent records" on public.consent_records
  for select to authenticated using ((select public.is_admin()));

-- Withdraws the address's live newsletter consents.
create or replace function private.withdraw_newsletter_consent(address text, how text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.consent_records set withdrawn_at = now(), withdrawn_how = how
  where email = lower(btrim(address)) and purpose = 'newsletter' and withdrawn_at is null
$$;

revoke all on function private.withdraw_newsletter_consent(text, text)
  from public, anon, authenticated;
