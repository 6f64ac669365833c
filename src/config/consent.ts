// The consent the waiting list's form asks for, as the page shows it and sends its version to
// join_waiting_list. The database keeps every wording agreed to (public.consent_wordings, seeded by
// migration 20261127000000); tests/lint/consent-wording.test.ts proves this is that row, so the
// words a visitor saw are the words recorded against their entry.
export const WAITING_LIST_CONSENT = {
  version: 'waiting-list-2026-11',
  wording: 'Contact me by email or phone about a place on this rally if one becomes free.',
} as const;
