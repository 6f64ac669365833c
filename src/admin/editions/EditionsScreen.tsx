// The Editions screen: every edition, newest first, on the admin's list core (useWholeList,
// ListBody), each with its status, its paid cars against capacity, its money (deposits and
// balances received, outstanding, overdue, refunded, net: edition_figures(), computed from the
// ledger as edition_money() is), its teams ready to drive (EditionReadiness) and "Download ledger
// (CSV)" for the treasurer; "New edition" opens the form filled from the latest edition. "Make
// current" says first what will change on the public site; a finished edition is recorded as a
// past tour; an edition the database will not delete (it has registrations, or is current) says
// why.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import {
  addEditionToPastTours,
  deleteEdition,
  listEditionFigures,
  listEditions,
  makeCurrentEdition,
  saveEdition,
  type EditionFigures,
} from '../../data/editions';
import type { Edition } from '../../data/types';
import { paths } from '../../config/paths';
import { dateRangeLabel } from '../../lib/calendar';
import { useClock } from '../../lib/useClock';
import { AdminTitle } from '../AdminTitle';
import { Badge, type BadgeTone } from '../inbox/Badge';
import { RunButton } from '../inbox/InboxScreen';
import { ListBody } from '../list/ListBody';
import { useWholeList } from '../list/useServerList';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { buttonClass } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';
import { EditionForm } from './EditionForm';
import { EditionReadiness } from './EditionReadiness';
import { LedgerDownload, MoneyFigures } from './EditionMoney';
import {
  editionInput,
  editionStatus,
  formValues,
  nextEditionValues,
  type EditionFormValues,
  type EditionStatus,
} from './edition-form';

type Listed = { edition: Edition; figures: EditionFigures };

const NO_FIGURES: EditionFigures = {
  cars_paid: 0,
  places_taken: 0,
  deposits_received: 0,
  balances_received: 0,
  outstanding: 0,
  overdue: 0,
  refunded: 0,
  refunds_pending: 0,
  net: 0,
};

const STATUS_TONE: Record<EditionStatus, BadgeTone> = {
  draft: 'waiting',
  upcoming: 'waiting',
  open: 'good',
  full: 'bad',
  closed: 'waiting',
  running: 'good',
  finished: 'waiting',
};

/** What "Make current" changes on the public site, said before it does. */
export function makeCurrentMessage(edition: Edition, current: Edition | null): string {
  const draft = edition.status !== 'published' ? ' It is a draft: it will be published.' : '';
  const before = current ? ` The ${current.name} becomes a past edition, with its own page.` : '';
  return (
    `The public site will show the ${edition.name} (${dateRangeLabel(edition.start_date, edition.end_date)}) ` +
    `as the rally: the home page, /rally (which leads to /${edition.year}-rally), sign-up with its ` +
    `prices and ${edition.capacity} places, and the navigation's "Sign Up to ${edition.year} Tour".` +
    `${before}${draft} The site's pages are rebuilt.`
  );
}

type Editing = { edition: Edition | null; initial: EditionFormValues };

export function EditionsScreen({ db }: { db: DbClient }) {
  const list = useWholeList<Listed>('editions', async () => {
    const [editions, figures] = await Promise.all([listEditions(db), listEditionFigures(db)]);
    return editions.map((edition) => ({
      edition,
      figures: figures.get(edition.id) ?? NO_FIGURES,
    }));
  });
  const now = useClock() ?? new Date();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toMakeCurrent, setToMakeCurrent] = useState<Edition | null>(null);
  const [toDelete, setToDelete] = useState<Edition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editions = list.rows.map((row) => row.edition);
  const current = editions.find((edition) => edition.is_current) ?? null;

  /** Runs an action, saying what failed: the database's own sentence when it refused. */
  async function act(what: string, run: () => Promise<void>) {
    setFailure(null);
    try {
      await run();
    } catch (error) {
      console.warn(`Could not ${what}`, error);
      setFailure(
        error instanceof Error && 'refusal' in error
          ? error.message
          : `Could not ${what}. Please try again.`,
      );
    }
  }

  const makeCurrent = (edition: Edition) =>
    act('make the edition current', async () => {
      if (edition.status !== 'published') {
        await saveEdition(db, edition.id, {
          ...editionInput(formValues(edition)),
          status: 'published',
        });
      }
      await makeCurrentEdition(db, edition.year);
      toast.show(`The ${edition.name} is now the current edition.`);
      list.reload();
    }).finally(() => setToMakeCurrent(null));

  const remove = (edition: Edition) =>
    act('delete the edition', async () => {
      await deleteEdition(db, edition.id);
      toast.show(`Deleted the ${edition.name}.`);
      list.reload();
    }).finally(() => setToDelete(null));

  const addToPastTours = (edition: Edition) =>
    act('add the edition to the past tours', async () => {
      await addEditionToPastTours(db, edition.year);
      toast.show(
        `Added ${edition.year} to the past tours as a draft: complete its funds raised and miles there.`,
      );
    });

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Editions</AdminTitle>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Editions</h1>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={editing !== null || list.loading}
          onClick={() => setEditing({ edition: null, initial: nextEditionValues(editions) })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          New edition
        </button>
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {editing ? (
        <EditionForm
          key={editing.edition?.id ?? 'new'}
          db={db}
          edition={editing.edition}
          initial={editing.initial}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ListBody
        list={list}
        plural="editions"
        loadingText="Loading editions..."
        empty={<EmptyState title="No editions yet" />}
      >
        {(rows) => (
          <ul className="space-y-3" aria-busy={list.busy}>
            {rows.map(({ edition, figures }) => {
              const status = editionStatus(edition, now, figures.places_taken);
              return (
                <li
                  key={edition.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  data-testid="edition-row"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                        {edition.name}
                        <Badge tone={STATUS_TONE[status]}>{status}</Badge>
                        {edition.is_current ? <Badge tone="good">current</Badge> : null}
                      </h2>
                      <p className="mt-1 text-sm text-slate-700">
                        {dateRangeLabel(edition.start_date, edition.end_date)} · {figures.cars_paid}{' '}
                        of {edition.capacity} cars paid
                      </p>
                      <EditionReadiness db={db} editionId={edition.id} />
                      <MoneyFigures money={figures} />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={buttonClass('neutral')}
                        disabled={editing !== null}
                        onClick={() => setEditing({ edition, initial: formValues(edition) })}
                        aria-label={`Edit the ${edition.name}`}
                      >
                        Edit
                      </button>
                      {edition.is_current ? null : (
                        <button
                          type="button"
                          className={buttonClass('neutral')}
                          onClick={() => setToMakeCurrent(edition)}
                          aria-label={`Make the ${edition.name} current`}
                        >
                          Make current
                        </button>
                      )}
                      <LedgerDownload db={db} edition={edition} />
                      {status === 'finished' ? (
                        <RunButton
                          tone="neutral"
                          pendingLabel="Adding..."
                          run={() => addToPastTours(edition)}
                        >
                          Add to past tours
                        </RunButton>
                      ) : null}
                      {edition.is_current ? null : (
                        <button
                          type="button"
                          className={buttonClass('danger')}
                          onClick={() => setToDelete(edition)}
                          aria-label={`Delete the ${edition.name}`}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </ListBody>
      <p className="mt-6 text-sm text-slate-600">
        A past tour added from an edition is a draft in{' '}
        <Link className="underline" to={paths.adminScreen('past-tours')}>
          Past Tours
        </Link>{' '}
        until its funds raised and miles are completed and it is published.
      </p>
      <ConfirmDialog
        open={toMakeCurrent !== null}
        title={`Make the ${toMakeCurrent?.name ?? ''} current?`}
        message={toMakeCurrent ? makeCurrentMessage(toMakeCurrent, current) : ''}
        confirmLabel="Make current"
        pendingLabel="Switching..."
        tone="primary"
        onConfirm={() => (toMakeCurrent ? makeCurrent(toMakeCurrent) : undefined)}
        onCancel={() => setToMakeCurrent(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete the ${toDelete?.name ?? ''}?`}
        message={`This permanently deletes the ${toDelete?.name ?? ''}. An edition with registrations, enquiries or a waiting list cannot be deleted.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onCancel={() => setToDelete(null)}
      />
    </main>
  );
}
