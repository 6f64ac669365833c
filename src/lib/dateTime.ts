// Moments (timestamps) as the rally reads them: in its own time zone, Europe/London, in en-GB.
// The one date-time formatter of the admin and the emails (supabase/functions/_shared/email.ts
// imports this very file by its path, so it imports nothing). Calendar dates ('2027-01-15') have
// no time zone and are format.ts's formatLongDate. The public pages do not import this module
// (the first Intl.DateTimeFormat with a time zone is slow to build: format.ts says how slow),
// except the waiting-list offer's page, which says until when the place is held as its email
// does; the formats are built on first use, never on import.

const ZONE = 'Europe/London';

let formats: { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat; zone: Intl.DateTimeFormat };

function built() {
  formats ??= {
    short: new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: ZONE,
    }),
    long: new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: ZONE,
    }),
    zone: new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeZoneName: 'short' }),
  };
  return formats;
}

/**
 * '2026-11-24T13:35:13Z' → '24 Nov 2026, 13:35' (the admin's lists); with 'long', for a reader
 * away from the site, → '24 November 2026 at 13:35 GMT' (BST in summer). Empty for no value; a
 * value that is not a moment is returned as it is.
 */
export function formatDateTime(iso: string | null | undefined, style: 'short' | 'long' = 'short') {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { short, long, zone } = built();
  if (style === 'short') return short.format(date);
  const name = zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${long.format(date)} ${name ?? ''}`.trim();
}
