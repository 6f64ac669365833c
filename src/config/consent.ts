// The consent the waiting list's form asks for, as the page shows it and sends its version to
// join_waiting_list. The database keeps every wording agreed to (public.consent_wordings, seeded by
// supabase/schemas/consent.sql); tests/lint/consent-wording.test.ts proves this is that row, so the
// words a visitor saw are the words recorded against their entry.
export const WAITING_LIST_CONSENT = {
  version: 'waiting-list-2026-11',
  wording: 'Contact me by email or phone about a place on this rally if one becomes free.',
} as const;

// The newsletter's consent, as the footer's and the next-rally box show it and send its version to
// subscribe_newsletter, and the unsubscribe page before "Resubscribe" (public.consent_wordings,
// seeded by supabase/schemas/consent.sql; the same lint test compares the two).
export const NEWSLETTER_CONSENT = {
  version: 'newsletter-2026-11',
  wording:
    "Email me the rally's newsletter: news, dates and how to take part. I will confirm by the link in the email you send, and I can unsubscribe at any time from the link in every newsletter.",
} as const;
