// The state of a content manager screen, apart from its markup (ContentManager.tsx draws it):
//   - the list: the view in the URL (useListQuery), its page from the server on the data core
//     (useLoad: a failed load keeps the rows shown), the filter options, and a reload after
//     every change;
//   - the form: closed, or open to add or to edit a record, with its values and errors;
//   - the actions (save, publish, delete), each with the spec's failure message;
//   - unsaved changes: an action that would drop them (open another record, close the form,
//     follow a link) is held as a named PendingDiscard until the administrator decides.
import { useEffect, useMemo, useState } from 'react';
import type { DbClient } from '../../data/client';
import type { FacetValue, ListPage } from '../../data/content-table';
import { useLoad } from '../../lib/useLoad';
import { isNarrowed } from '../list/list-query';
import { useListQuery } from '../list/useListQuery';
import { validate } from './form-rules';
import type { ContentRow, FieldErrors, FieldValue, FormValues, ManagerDescription } from './types';
import { useUnsavedChanges } from './useUnsavedChanges';

export type FormState<R, V> =
  { mode: 'closed' } | { mode: 'add' | 'edit'; editing: R | null; initial: V; values: V };

/** What waits for the administrator to agree to drop unsaved changes, by name. */
export type PendingDiscard<R> =
  | { action: 'open-add' }
  | { action: 'open-edit'; row: R }
  | { action: 'close-form' }
  /** An in-app link followed while the form had changes (held by useUnsavedChanges). */
  | { action: 'leave'; to: string };

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
  const view = useListQuery(options);
  const { query } = view;
  const empty = useMemo<ListPage<R>>(
    () => ({ rows: [], total: 0, tableTotal: 0, page: query.page, pageCount: 1 }),
    [query.page],
  );
  const list = useLoad(`${d.title}?${JSON.stringify(query)}`, () => d.listPage(db, query), {
    empty,
    keepPrevious: true,
  });
  const facets = useLoad(`${d.title} filters`, () => d.facets(db), { empty: NO_FACETS });
  const { reload: reloadList } = list;
  const { reload: reloadFacets } = facets;
  const reload = () => {
    reloadList();
    reloadFacets();
  };

  // A page past the end was served as the last page: the URL says so too.
  const served = list.stale || list.failed ? null : list.data.page;
  const { replacePage } = view;
  useEffect(() => {
    if (served !== null && served !== query.page) replacePage(served);
  }, [served, query.page, replacePage]);

  // The form.
  const [form, setForm] = useState<FormState<R, V>>({ mode: 'closed' });
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Counts refused submissions, so the form can move focus to the first invalid field. */
  const [attempt, setAttempt] = useState(0);
  const [listError, setListError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [discard, setDiscard] = useState<PendingDiscard<R> | null>(null);
  const [busyRow, setBusyRow] = useState<string | null>(null);

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
      await d.setPublished(db, row, !row.published);
      setListError(null);
    } catch (error) {
      console.warn(`Publishing the ${d.noun} failed`, error);
      setListError(`Error updating ${d.noun}. Please try again.`);
    } finally {
      setBusyRow(null);
      reload();
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await d.remove(db, toDelete);
      setListError(null);
      if (form.mode === 'edit' && form.editing?.id === toDelete.id) closeForm();
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
      view,
      page: list.data,
      loading: list.loading,
      /** The rows shown answer an earlier view, or a reload, which is still loading. */
      busy: list.busy,
      /** The last load failed; `page` is what was shown before (empty when nothing was). */
      failed: list.failed,
      /** Nothing is shown for this view because it could not be loaded. */
      unavailable: list.failed && list.data === empty,
      narrowed: isNarrowed(query),
      facets: facets.data,
      reload,
      error: listError,
      busyRow,
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
      askDelete: setToDelete,
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
