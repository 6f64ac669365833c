// The state of a content manager screen, apart from its markup (ContentManager.tsx draws it):
//   - the list: the admin's list core (useServerList: the view in the URL, its page from the
//     server, the clamp of a page past the end, a failed load keeping the rows shown), the
//     filter options, and a reload of both after every change;
//   - the form: closed, or open to add or to edit a record, with its values and errors;
//   - the actions (save, publish, delete to the trash, restore, delete for good), each with the
//     spec's failure message and a toast when it is done (an Undo on the toast of a delete);
//   - the selection on the page shown and the bulk actions on it (one request each, one
//     confirmation naming the count for a delete);
//   - moving rows (useRowOrder) in a view ordered by hand;
//   - unsaved changes: an action that would drop them (open another record, close the form,
//     follow a link, go Back) is held as a named PendingDiscard until the administrator decides.
import { useEffect, useMemo, useState } from 'react';
import type { DbClient } from '../../data/client';
import { purgeTrash, type FacetValue } from '../../data/content-table';
import { useLoad } from '../../lib/useLoad';
import { useListQuery } from '../list/useListQuery';
import { useServerList } from '../list/useServerList';
import { validate } from './form-rules';
import { useToast } from '../ui/Toast';
import type { ContentRow, FieldErrors, FieldValue, FormValues, ManagerDescription } from './types';
import { useRowOrder } from './useRowOrder';
import { useSelection } from './useSelection';
import { useUnsavedChanges } from './useUnsavedChanges';

export type FormState<R, V> =
  { mode: 'closed' } | { mode: 'add' | 'edit'; editing: R | null; initial: V; values: V };

/** What waits for the administrator to agree to drop unsaved changes, by name. */
export type PendingDiscard<R> =
  | { action: 'open-add' }
  | { action: 'open-edit'; row: R }
  | { action: 'close-form' }
  /**
   * An in-app link followed (a path) or a step through the browser's history (Back is -1)
   * while the form had changes (held by useUnsavedChanges).
   */
  | { action: 'leave'; to: string | number };

/** A delete that waits for its confirmation: rows to the trash, or out of it for good. */
export type PendingDelete<R> =
  { action: 'trash' | 'delete-forever'; rows: R[] } | { action: 'empty-trash'; count: number };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function sameValues(a: FormValues, b: FormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const NO_FACETS: Record<string, FacetValue[]> = {};

export function useContentManager<R extends ContentRow, V extends FormValues>(
  d: ManagerDescription<R, V>,
  db: DbClient,
  /** Called once a save has closed the form (the screen moves focus back to its add button). */
  afterSave: () => void = () => {},
) {
  // The list: the view in the URL, its page from the server.
  const { listView } = d;
  const options = useMemo(
    () => ({
      filters: listView.filters.map((filter) => filter.column),
      sorts: listView.sorts.map((sort) => sort.value),
      defaultSort: listView.sorts[0]?.value ?? '',
    }),
    [listView],
  );
  const list = useServerList({
    name: d.title,
    view: useListQuery(options),
    load: (query) => d.listPage(db, query),
  });
  const { view, query } = list;
  const facets = useLoad(`${d.title} filters`, () => d.facets(db), { empty: NO_FACETS });
  const { reload: reloadList } = list;
  const { reload: reloadFacets } = facets;
  const reload = () => {
    reloadList();
    reloadFacets();
  };

  // The form.
  const [form, setForm] = useState<FormState<R, V>>({ mode: 'closed' });
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Counts refused submissions, so the form can move focus to the first invalid field. */
  const [attempt, setAttempt] = useState(0);
  const [listError, setListError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PendingDelete<R> | null>(null);
  const [discard, setDiscard] = useState<PendingDiscard<R> | null>(null);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const toast = useToast();
  const trashView = query.trash === true;
  const selection = useSelection(list.page.rows, JSON.stringify(query));
  const order = useRowOrder(d, db, {
    rows: list.page.rows,
    enabled:
      !trashView && d.ordering !== undefined && query.sort === d.ordering.sort && !list.failed,
    reload,
    onError: (message) => setListError(message),
  });

  // Opening a Trash view empties what has been there for 30 days (pg_cron does it daily on a
  // hosted project; this keeps a local or cron-less one honest). Idempotent, so once is enough.
  useEffect(() => {
    if (!trashView) return;
    purgeTrash(db).then(
      (purged) => {
        if (purged > 0) reloadList();
      },
      (error: unknown) => console.warn('Purging the trash failed', error),
    );
  }, [trashView, db, reloadList]);

  const named = (row: R) => `“${d.rowName(row)}”`;
  const counted = (count: number) => `${count} ${count === 1 ? d.noun : d.plural}`;

  const dirty = form.mode !== 'closed' && !sameValues(form.values, form.initial);
  const navigation = useUnsavedChanges(dirty);

  function closeForm() {
    setForm({ mode: 'closed' });
    setErrors({});
    setSaveError(null);
  }

  function openAddNow() {
    const initial = d.defaults();
    setErrors({});
    setSaveError(null);
    setForm({ mode: 'add', editing: null, initial, values: initial });
  }

  async function openEditNow(row: R) {
    try {
      const initial = await d.fromRow(row, db);
      setErrors({});
      setSaveError(null);
      setForm({ mode: 'edit', editing: row, initial, values: initial });
    } catch (error) {
      console.warn('Could not open the record for editing', error);
      setListError(`Error loading ${d.noun}. Please try again.`);
    }
  }

  /** Runs the named action now, or holds it while the form has unsaved changes. */
  function request(action: PendingDiscard<R>) {
    if (dirty) setDiscard(action);
    else run(action);
  }

  function run(action: PendingDiscard<R>) {
    switch (action.action) {
      case 'open-add':
        return openAddNow();
      case 'open-edit':
        return void openEditNow(action.row);
      case 'close-form':
        return closeForm();
      case 'leave':
        return navigation.proceed();
    }
  }

  function change(name: keyof V & string, value: FieldValue) {
    setForm((current) =>
      current.mode === 'closed'
        ? current
        : { ...current, values: { ...current.values, [name]: value } },
    );
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      Reflect.deleteProperty(next, name);
      return next;
    });
  }

  async function save() {
    if (form.mode === 'closed') return;
    const found = validate(d.fields, form.values, d.validate);
    setErrors(found);
    setSaveError(null);
    if (Object.keys(found).length > 0) {
      setAttempt((current) => current + 1);
      return;
    }
    setSaving(true);
    try {
      await d.save(db, form.values, form.editing);
      toast.show(`${capitalise(d.noun)} saved.`);
      closeForm();
      setListError(null);
      reload();
      afterSave();
    } catch (error) {
      // The form keeps everything typed, so the administrator can simply try again.
      console.warn(`Saving the ${d.noun} failed`, error);
      setSaveError(`Error saving ${d.noun}. Please try again.`);
    } finally {
      setSaving(false);
    }
  }

  async function togglePublished(row: R) {
    setBusyRow(row.id);
    try {
      await d.batch.setPublished(db, [row.id], !row.published);
      setListError(null);
      toast.show(`${named(row)} ${row.published ? 'unpublished' : 'published'}.`);
    } catch (error) {
      console.warn(`Publishing the ${d.noun} failed`, error);
      setListError(`Error updating ${d.noun}. Please try again.`);
    } finally {
      setBusyRow(null);
      reload();
    }
  }

  /** Publishes or unpublishes the selected rows in one request. */
  async function publishSelected(published: boolean) {
    const ids = selection.ids;
    if (ids.length === 0) return;
    setBulkBusy(true);
    try {
      await d.batch.setPublished(db, ids, published);
      setListError(null);
      selection.clear();
      toast.show(`${capitalise(counted(ids.length))} ${published ? 'published' : 'unpublished'}.`);
    } catch (error) {
      console.warn(`Publishing ${d.plural} failed`, error);
      setListError(`Error updating ${d.plural}. Please try again.`);
    } finally {
      setBulkBusy(false);
      reload();
    }
  }

  async function restore(rows: R[], undoing = false) {
    const ids = rows.map((row) => row.id);
    try {
      await d.batch.restore(db, ids);
      setListError(null);
      selection.clear();
      const what = rows.length === 1 && rows[0] ? named(rows[0]) : capitalise(counted(ids.length));
      toast.show(undoing ? `${what} restored from the trash.` : `${what} restored.`);
    } catch (error) {
      console.warn(`Restoring ${d.plural} failed`, error);
      setListError(`Error restoring ${d.noun}. Please try again.`);
    } finally {
      reload();
    }
  }

  async function confirmDelete() {
    const pending = toDelete;
    if (!pending) return;
    try {
      if (pending.action === 'empty-trash') {
        await d.batch.emptyTrash(db);
        toast.show('Trash emptied.');
      } else {
        const { rows } = pending;
        const ids = rows.map((row) => row.id);
        const only = rows.length === 1 ? rows[0] : undefined;
        const what = only ? named(only) : capitalise(counted(rows.length));
        if (pending.action === 'trash') {
          await d.batch.trash(db, ids);
          if (form.mode === 'edit' && form.editing && ids.includes(form.editing.id)) closeForm();
          toast.show(`${what} moved to the trash.`, {
            action: { label: 'Undo', run: () => void restore(rows, true) },
          });
        } else {
          await d.batch.deleteForever(db, ids);
          toast.show(`${what} deleted for good.`);
        }
      }
      setListError(null);
      selection.clear();
    } catch (error) {
      console.warn(`Deleting the ${d.noun} failed`, error);
      setListError(`Error deleting ${d.noun}. Please try again.`);
    } finally {
      setToDelete(null);
      reload();
    }
  }

  const pendingDiscard: PendingDiscard<R> | null =
    discard ?? (navigation.held ? { action: 'leave', to: navigation.held } : null);

  return {
    list: {
      ...list,
      facets: facets.data,
      /** Loads the list and its filter options again. */
      reload,
      error: listError,
      busyRow,
      trash: trashView,
      /** Shows the Trash view, or leaves it for the list. */
      showTrash: (trash: boolean) => view.change({ trash }),
    },
    selection,
    order,
    bulk: {
      busy: bulkBusy,
      publish: () => void publishSelected(true),
      unpublish: () => void publishSelected(false),
      restore: () => void restore(list.page.rows.filter((row) => selection.has(row.id))),
      /** Asks to trash (or, in the Trash view, delete for good) the selected rows. */
      askDelete: () =>
        setToDelete({
          action: trashView ? 'delete-forever' : 'trash',
          rows: list.page.rows.filter((row) => selection.has(row.id)),
        }),
    },
    form: {
      state: form,
      open: form.mode !== 'closed',
      errors,
      attempt,
      saveError,
      saving,
      change,
      save: () => void save(),
    },
    actions: {
      openAdd: () => request({ action: 'open-add' }),
      openEdit: (row: R) => request({ action: 'open-edit', row }),
      closeForm: () => request({ action: 'close-form' }),
      togglePublished: (row: R) => void togglePublished(row),
      askDelete: (row: R) =>
        setToDelete({ action: trashView ? 'delete-forever' : 'trash', rows: [row] }),
      askEmptyTrash: () => setToDelete({ action: 'empty-trash', count: list.page.total }),
      restore: (row: R) => void restore([row]),
      toDelete,
      confirmDelete,
      cancelDelete: () => setToDelete(null),
    },
    discard: {
      pending: pendingDiscard,
      /** Drops the changes and does what was held. */
      confirm() {
        const held = pendingDiscard;
        setDiscard(null);
        if (!held) return;
        if (held.action !== 'leave') closeForm();
        run(held);
      },
      /** Keeps editing: what was held is forgotten (a held link is released). */
      cancel() {
        if (pendingDiscard?.action === 'leave') navigation.reset();
        setDiscard(null);
      },
    },
  };
}

export type ContentManagerState<R extends ContentRow, V extends FormValues> = ReturnType<
  typeof useContentManager<R, V>
>;
