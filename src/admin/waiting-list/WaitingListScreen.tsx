// The Waiting list screen: an edition's queue (the URL's `edition` year, the current edition when
// absent, as the registrations inbox does), in order, with each entry's place, contact details,
// when it joined and where it stands: waiting, offered until when, accepted (with its
// registration in the inbox), expired, declined or withdrawn. "Offer next place" offers a free
// place by hand (the database says why not when none is free); "Remove" takes an entry off the
// list after asking, and an offer it held goes to the next person. Built from the list pieces
// every admin list uses (the view in the URL, useWholeList and ListBody's states).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListOrdered, Trash2 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage, SelectField } from '../../components/FormField';
import { paths } from '../../config/paths';
import type { DbClient } from '../../data/client';
import { listEditions } from '../../data/editions';
import { EDITION_VIEW } from '../../data/inbox';
import type { Edition } from '../../data/types';
import {
  listWaitingList,
  offerNextPlace,
  WaitingListRefusedError,
  withdrawWaitingListEntry,
  type WaitingListRow,
} from '../../data/waitingListAdmin';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { useLoad } from '../../lib/useLoad';
import { AdminTitle } from '../AdminTitle';
import { RunButton } from '../inbox/InboxScreen';
import { ListBody } from '../list/ListBody';
import { useListQuery } from '../list/useListQuery';
import { useWholeList } from '../list/useServerList';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';

const NO_EDITIONS: Edition[] = [];
const VIEW = { filters: [EDITION_VIEW], sorts: ['queue'], defaultSort: 'queue' };

export const OFFER_FAILED = 'Could not offer the next place. Please try again.';
export const REMOVE_FAILED = 'Could not remove the entry. Please try again.';

/** The entries that still hold a place in the queue or an offer: only these may be removed. */
const live = (row: WaitingListRow) => row.status === 'waiting' || row.status === 'offered';

const who = (row: WaitingListRow) => row.name ?? row.email;

/** Where the entry stands, in the screen's words. */
export function statusText(row: WaitingListRow): string {
  switch (row.status) {
    case 'waiting':
      return 'Waiting';
    case 'offered':
      return `Offered until ${formatDateTime(row.offer_expires_at)}`;
    case 'accepted':
      return 'Accepted';
    case 'expired':
      return 'Expired';
    case 'declined':
      return 'Declined';
    case 'withdrawn':
      return 'Withdrawn';
  }
}

function Queue({ db, edition }: { db: DbClient; edition: Edition }) {
  const toast = useToast();
  const list = useWholeList(`waiting-list:${edition.id}`, () => listWaitingList(db, edition.id));
  const [failure, setFailure] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<WaitingListRow | null>(null);

  const offer = async () => {
    setFailure(null);
    try {
      await offerNextPlace(db, edition.id);
      toast.show('The next place has been offered; the email with its link is on its way.');
    } catch (error) {
      console.warn('Could not offer the next place', error);
      setFailure(error instanceof WaitingListRefusedError ? error.message : OFFER_FAILED);
    }
    list.reload();
  };

  const remove = async (row: WaitingListRow) => {
    setFailure(null);
    try {
      await withdrawWaitingListEntry(db, row.id);
      toast.show(`Removed ${who(row)} from the waiting list.`);
    } catch (error) {
      console.warn('Could not remove the entry', error);
      setFailure(error instanceof WaitingListRefusedError ? error.message : REMOVE_FAILED);
    } finally {
      setToRemove(null);
    }
    list.reload();
  };

  const inbox = (row: WaitingListRow) =>
    `${paths.adminScreen('registrations')}?${new URLSearchParams({
      [EDITION_VIEW]: String(edition.year),
      q: row.email,
    }).toString()}`;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <RunButton tone="primary" pendingLabel="Offering..." run={offer}>
          Offer next place
        </RunButton>
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="mt-4">
        <ListBody
          list={list}
          plural="entries"
          loadingText="Loading the waiting list..."
          failedText="Could not load the waiting list. Please try again."
          empty={
            <EmptyState
              title={`Nobody is waiting for the ${edition.name}.`}
              icon={<ListOrdered aria-hidden="true" className="h-10 w-10" />}
            />
          }
        >
          {(rows) => (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-left text-sm" aria-busy={list.busy}>
                <caption className="sr-only">The waiting list of the {edition.name}</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {['Position', 'Name', 'Email', 'Phone', 'Joined', 'Status', 'Actions'].map(
                      (heading) => (
                        <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                          {heading === 'Actions' ? (
                            <span className="sr-only">{heading}</span>
                          ) : (
                            heading
                          )}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {rows.map((row) => (
                    <tr key={row.id} data-testid="waiting-list-row">
                      <td className="px-3 py-2 tabular-nums">{row.position ?? '—'}</td>
                      <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                        {row.name ?? '—'}
                      </th>
                      <td className="px-3 py-2 break-all">{row.email}</td>
                      <td className="px-3 py-2">{row.phone ?? '—'}</td>
                      <td className="px-3 py-2">
                        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
                      </td>
                      <td className="px-3 py-2">
                        {row.status === 'accepted' ? (
                          <Link
                            to={inbox(row)}
                            className="font-semibold text-blue-800 underline underline-offset-2"
                          >
                            Accepted<span className="sr-only">: open the registration</span>
                          </Link>
                        ) : (
                          statusText(row)
                        )}
                      </td>
                      <td className="px-3 py-2 text-right">
                        {live(row) ? (
                          <button
                            type="button"
                            className={buttonClass('neutral')}
                            aria-label={`Remove ${who(row)}`}
                            onClick={() => setToRemove(row)}
                          >
                            <Trash2 aria-hidden="true" className="h-4 w-4" />
                            Remove
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListBody>
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title={`Remove ${toRemove ? who(toRemove) : ''} from the waiting list?`}
        message={
          toRemove?.status === 'offered'
            ? 'Their offer ends now and the place goes to the next person waiting. It cannot be undone.'
            : 'They lose their place in the queue. It cannot be undone.'
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => (toRemove ? remove(toRemove) : undefined)}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}

export function WaitingListScreen({ db }: { db: DbClient }) {
  const { query, change } = useListQuery(VIEW);
  const editions = useLoad('editions', () => listEditions(db), { empty: NO_EDITIONS });
  const current = editions.data.find((edition) => edition.is_current);
  const chosenYear = query.filters[EDITION_VIEW] || (current ? String(current.year) : '');
  const edition = editions.data.find((each) => String(each.year) === chosenYear);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Waiting list</AdminTitle>
      <h1 className="text-3xl font-bold text-slate-900">Waiting list</h1>
      <p className="mt-1 text-slate-600">
        Who is waiting for a place, in order. A freed place is offered to the first person waiting
        by email, with a link that holds it for the edition&apos;s offer hours.
      </p>
      <div className="mt-6 max-w-xs">
        <SelectField
          label="Edition"
          name={EDITION_VIEW}
          value={chosenYear}
          options={editions.data.map((each) => ({ value: String(each.year), label: each.name }))}
          onChange={(event) => change({ filters: { [EDITION_VIEW]: event.currentTarget.value } })}
        />
      </div>
      <div className="mt-6">
        {editions.loading ? (
          <p role="status" className="text-slate-700">
            Loading the waiting list...
          </p>
        ) : editions.failed && editions.data.length === 0 ? (
          <LoadFailed
            message="Could not load the editions. Please try again."
            onRetry={editions.reload}
          />
        ) : edition ? (
          <Queue key={edition.id} db={db} edition={edition} />
        ) : (
          <EmptyState title="There is no edition of that year." />
        )}
      </div>
    </main>
  );
}
