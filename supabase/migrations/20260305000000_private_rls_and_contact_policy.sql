-- Row-level security on the private schema's tables, and a contact-message insert policy that
-- says what a visitor's row is.
--
-- The private schema is not exposed through the API and its tables are only touched by
-- security-definer functions owned by the table owner (who bypasses RLS), so enabling RLS with
-- no policy changes nothing today: it makes "nobody else" the rule if a grant is ever added.
alter table private.submission_rules enable row level security;
alter table private.submission_attempts enable row level security;
alter table private.payment_events enable row level security;

-- Issue 10 limited the columns (grants), lengths (constraints), rows per request and rate
-- (private.accept_public_submissions); the policy no longer accepts any row: a visitor's message
-- arrives new and without an organiser's note.
drop policy "anyone may send a contact message" on public.contact_messages;
create policy "anyone may send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (status = 'new' and note = '');
