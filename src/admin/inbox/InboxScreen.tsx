// An organiser's inbox (registrations, enquiries, messages, subscribers), on the admin's list
// core like every list (useServerList, ListToolbar, ListBody) and its dialogs and toasts.
// Each row opens a detail view with its status and note; delete asks first, naming the item; the
// export writes the current view (search, filters, order; every page) as CSV. What is done is
// said by a toast, as on every admin screen; what failed stays on the screen beside it.
// An inbox of an edition's items (byEdition) has the Edition filter: the URL's `edition` year,
// the current edition when absent, 'all' for every edition; the export follows it.
import { useMemo, useState, type ReactNode } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage, SelectField, TextAreaField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import type { InboxTable, InboxTableCalls, ListQuery } from '../../data/content-table';
import { listEditions } from '../../data/editions';
import { EDITION_VIEW, EVERY_EDITION, inEdition } from '../../data/inbox';
import type { Edition, Row } from '../../data/types';
import { useLoad } from '../../lib/useLoad';
import { toCsv, type CsvColumn } from '../../lib/csv';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { useForm } from '../../lib/useForm';
import { isTooLong, shortenMessage } from '../../lib/validation';
import { ListBody } from '../list/ListBody';
import type { ListChange } from '../list/list-query';
import { ListToolbar, type ListFilterLabel, type ListSortLabel } from '../list/ListToolbar';
import { useListQuery } from '../list/useListQuery';
import { useServerList } from '../list/useServerList';
import { AdminTitle } from '../AdminTitle';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { downloadCsv } from '../../lib/download';
import { buttonClass, PendingButton } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';

type Option = { value: string; label: string };

/** R: the rows as the inbox reads them (a view may add derived columns to the table's). */
export type InboxDescription<T extends InboxTable, R extends Row<T> = Row<T>> = {
  /** 'Registrations' */
  title: string;
  /** 'registrations' ('Showing 1–20 of 52 registrations') */
  plural: string;
  calls: InboxTableCalls<T, R>;
  searchLabel: string;
  statuses: readonly Option[];
  filters: readonly ListFilterLabel[];
  sorts: readonly ListSortLabel[];
  emptyText: string;
  /** How the item is named in the delete question and the detail's heading. */
  name(row: R): string;
  /** The row's line under its name, and its badges. */
  summary(row: R): ReactNode;
  /** The detail view's facts, label and value. */
  details(row: R): readonly (readonly [string, string])[];
  csv: readonly CsvColumn<R>[];
  /** The file name of the export, without extension. */
  fileName: string;
  /** Extra actions in the detail view (retry a failed webhook). */
  actions?: (row: R, reload: () => void) => ReactNode;
  /** What the detail view shows below the facts from other tables (money, payment exceptions). */
  related?: (row: R, db: DbClient, reload: () => void) => ReactNode;
  /** The inbox shows one edition at a time (the Edition filter; the current one first). */
  byEdition?: boolean;
};

const NO_EDITIONS: Edition[] = [];

type InboxRow = { id: string; status: string; note: string; created_at: string };

/** A button whose action runs once at a time, and says so when it is slow. */
export function RunButton({
  run,
  tone,
  pendingLabel,
  children,
}: {
  run: () => Promise<void>;
  tone: 'primary' | 'neutral';
  pendingLabel: string;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  return (
    <PendingButton
      type="button"
      tone={tone}
      pending={pending}
      pendingLabel={pendingLabel}
      onClick={() => {
        setPending(true);
        void run().finally(() => setPending(false));
      }}
    >
      {children}
    </PendingButton>
  );
}

function Detail<T extends InboxTable, R extends Row<T>>({
  d,
  row,
  db,
  statusLabel,
  onChanged,
  onDelete,
}: {
  d: InboxDescription<T, R>;
  row: R & InboxRow;
  db: DbClient;
  statusLabel: string;
  onChanged: () => void;
  onDelete: () => void;
}) {
  // The form keeps what was typed when the save fails; the note's limit is the column's.
  const form = useForm({ status: row.status, note: row.note }, (values) => ({
    note: isTooLong(values.note, 5000) ? shortenMessage('the note', 5000) : undefined,
  }));
  const toast = useToast();
  const save = form.onSubmit(async ({ status, note }) => {
    try {
      await d.calls.change(db, row.id, { status, note } as never);
      toast.show('Status and note saved.');
      onChanged();
    } catch (error) {
      console.warn('Could not save the status', error);
      form.fail('Could not save the status and note. Please try again.');
    }
  });
  return (
    <section
      aria-label={`Details of ${d.name(row)}`}
      className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {d.details(row).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {d.related?.(row, db, onChanged)}
      <form onSubmit={save} noValidate aria-label={`Status of ${d.name(row)}`}>
        <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
          <SelectField label={statusLabel} options={d.statuses} {...form.field('status')} />
          <TextAreaField label="Note" rows={2} maxLength={5000} {...form.field('note')} />
        </div>
        {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
        <div className="mt-3 flex flex-wrap gap-3">
          <PendingButton type="submit" pending={form.sending} pendingLabel="Saving...">
            Save status
          </PendingButton>
          {d.actions?.(row, onChanged)}
          <button type="button" className={buttonClass('danger')} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        </div>
      </form>
    </section>
  );
}

export function InboxScreen<T extends InboxTable, R extends Row<T> = Row<T>>({
  description: d,
  db,
}: {
  description: InboxDescription<T, R>;
  db: DbClient;
}) {
  /** The view as the data core reads it: the chosen edition as its edition_id. */
  const scoped = (query: ListQuery) =>
    d.byEdition ? inEdition(db, query) : Promise.resolve(query);
  const editions = useLoad(
    'editions',
    () => (d.byEdition ? listEditions(db) : Promise.resolve(NO_EDITIONS)),
    { empty: NO_EDITIONS },
  );
  const options = useMemo(
    () => ({
      statuses: d.statuses.map((status) => status.value),
      filters: [
        ...d.filters.map((filter) => filter.column),
        ...(d.byEdition ? [EDITION_VIEW] : []),
      ],
      sorts: d.sorts.map((sort) => sort.value),
      defaultSort: d.sorts[0]?.value ?? '',
    }),
    [d],
  );
  const list = useServerList({
    name: d.title,
    view: useListQuery(options),
    load: async (query) => d.calls.listPage(db, await scoped(query)),
  });
  const { query, change } = list.view;
  // The Edition filter: the URL's year, absent for the current edition, 'all' for every one.
  const current = editions.data.find((edition) => edition.is_current);
  const chosen = query.filters[EDITION_VIEW] ?? '';
  const filters: readonly ListFilterLabel[] = d.byEdition
    ? [
        {
          column: EDITION_VIEW,
          label: 'Edition',
          all: 'Every edition',
          options: editions.data.map((edition) => ({
            value: String(edition.year),
            label: edition.name,
          })),
        },
        ...d.filters,
      ]
    : d.filters;
  const shown = d.byEdition
    ? {
        ...query,
        filters: {
          ...query.filters,
          [EDITION_VIEW]:
            chosen === EVERY_EDITION ? '' : chosen || (current ? String(current.year) : ''),
        },
      }
    : query;
  const changeView = (next: ListChange) =>
    change(
      d.byEdition && next.filters?.[EDITION_VIEW] === ''
        ? { ...next, filters: { ...next.filters, [EDITION_VIEW]: EVERY_EDITION } }
        : next,
    );
  const toast = useToast();
  const [open, setOpen] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<(R & InboxRow) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const statusLabel = (value: string) =>
    d.statuses.find((status) => status.value === value)?.label ?? value;

  async function exportCsv() {
    setFailure(null);
    try {
      const rows = await d.calls.listMatching(db, await scoped(query));
      const stamp = new Date().toISOString().slice(0, 10);
      downloadCsv(`${d.fileName}-${stamp}.csv`, toCsv(d.csv, rows));
    } catch (error) {
      console.warn('Could not export', error);
      setFailure('Could not export the list. Please try again.');
    }
  }

  async function remove(row: R & InboxRow) {
    try {
      await d.calls.remove(db, row.id);
      setFailure(null);
      toast.show(`Deleted ${d.name(row)}.`);
      setOpen(null);
      list.reload();
    } catch (error) {
      console.warn('Could not delete', error);
      setFailure(`Could not delete ${d.name(row)}. Please try again.`);
    } finally {
      setToDelete(null);
    }
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>{d.title}</AdminTitle>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{d.title}</h1>
        <RunButton tone="neutral" pendingLabel="Exporting..." run={exportCsv}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </RunButton>
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="mb-6">
        <ListToolbar
          query={shown}
          searchLabel={d.searchLabel}
          filters={filters}
          facets={{}}
          sorts={d.sorts}
          statuses={[{ value: '', label: 'Every status' }, ...d.statuses]}
          onChange={changeView}
        />
      </div>
      <ListBody
        list={list}
        plural={d.plural}
        loadingText={`Loading ${d.plural}...`}
        empty={<EmptyState title={d.emptyText} />}
      >
        {(rows) => (
          <ul className="space-y-3" aria-busy={list.busy}>
            {rows.map((item) => {
              const row = item as R & InboxRow;
              const expanded = open === row.id;
              return (
                <li
                  key={row.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  data-testid="inbox-row"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="text-lg font-semibold text-slate-900">{d.name(row)}</h2>
                      <div className="mt-1 text-sm text-slate-700">{d.summary(row)}</div>
                      <p className="mt-1 text-xs text-slate-600">
                        {statusLabel(row.status)} · received {formatDateTime(row.created_at)}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass('neutral')}
                      aria-expanded={expanded}
                      onClick={() => setOpen(expanded ? null : row.id)}
                    >
                      {expanded ? 'Hide details' : 'View details'}
                    </button>
                  </div>
                  {expanded ? (
                    <Detail
                      d={d}
                      row={row}
                      db={db}
                      statusLabel="Status"
                      onChanged={list.reload}
                      onDelete={() => setToDelete(row)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </ListBody>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete ? d.name(toDelete) : ''}?`}
        message={`This permanently deletes ${toDelete ? d.name(toDelete) : ''}. It cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onCancel={() => setToDelete(null)}
      />
    </main>
  );
}
