// The consent the waiting-list form asks for, word for word as the database keeps it
// (public.consent_wordings, seeded by supabase/migrations/20261127000000_waiting_list.sql): the
// entry records the version, so what the person agreed to can always be shown.
export const WAITING_LIST_CONSENT = {
  version: 'waiting-list-2026-11',
  wording: 'Contact me by email or phone about a place on this rally if one becomes free.',
} as const;
