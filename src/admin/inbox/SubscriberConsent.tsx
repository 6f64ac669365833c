// A subscriber's consent, in words, for the Subscribers inbox: the status the organiser reads
// ("Pending confirmation", "Confirmed <date>", "Unsubscribed <date>", or "Not confirmed" for an
// address from before consent was recorded, which receives no mailing until it confirms), and in
// the detail every consent the address gave (public.consent_records): the wording's version, the
// form it came from, when it was given, confirmed and withdrawn, and how.
import type { DbClient } from '../../data/client';
import { listConsentRecords, type ConsentRecord } from '../../data/inbox';
import type { Row } from '../../data/types';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { useLoad } from '../../lib/useLoad';
import { LoadFailed } from '../ui/LoadFailed';

type Subscriber = Pick<Row<'newsletter_subscribers'>, 'status' | 'confirmed_at' | 'updated_at'>;

/** The subscriber's standing, as the organiser reads it. */
export function consentStatus(row: Subscriber): string {
  if (row.status === 'pending') return 'Pending confirmation';
  if (row.status === 'unsubscribed') return `Unsubscribed ${formatDateTime(row.updated_at)}`;
  if (row.confirmed_at) return `Confirmed ${formatDateTime(row.confirmed_at)}`;
  return 'Not confirmed';
}

const SOURCES: Record<string, string> = {
  footer: 'Newsletter box',
  waitlist: 'Interest before opening',
  'next-rally': 'Next rally',
  'waiting-list': 'Waiting list form',
  resubscribe: 'Resubscribed from the unsubscribe page',
};

const WITHDRAWN: Record<string, string> = {
  'one-click': 'one-click unsubscribe in their email program',
  link: 'the unsubscribe link',
  admin: 'an administrator',
  erased: 'erasure',
};

function consentLine(record: ConsentRecord): string {
  const parts = [
    `${record.purpose === 'newsletter' ? 'Newsletter' : 'Waiting list'}, wording ${record.wording_version}`,
    SOURCES[record.source] ?? record.source,
    `given ${formatDateTime(record.given_at)}`,
  ];
  if (record.confirmed_at) parts.push(`confirmed ${formatDateTime(record.confirmed_at)}`);
  if (record.withdrawn_at)
    parts.push(
      `withdrawn ${formatDateTime(record.withdrawn_at)} by ${WITHDRAWN[record.withdrawn_how ?? ''] ?? record.withdrawn_how}`,
    );
  return parts.join(' · ');
}

/** The consents the address gave, newest first; none for an address from before they were kept. */
export function SubscriberConsent({ email, db }: { email: string; db: DbClient }) {
  const list = useLoad<ConsentRecord[]>(
    `consent-records:${email}`,
    () => listConsentRecords(db, email),
    { empty: [] },
  );
  if (list.failed && list.data.length === 0)
    return (
      <LoadFailed
        className="mt-4"
        message="Could not load the consent records. Please try again."
        onRetry={list.reload}
      />
    );
  return (
    <section aria-label="Consent records" className="mt-4 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">Consent records</h3>
      {list.loading ? (
        <p className="mt-2 text-sm text-slate-600">Loading...</p>
      ) : list.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          None recorded: this address signed up before consent was recorded.
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {list.data.map((record) => (
            <li key={record.id}>{consentLine(record)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
