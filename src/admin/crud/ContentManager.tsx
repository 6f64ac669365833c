// The shared manager screen: back link, count line, add button, the inline add/edit form, the
// list (loading, error and empty states) with publish, edit and delete. Each entity only
// supplies a ManagerDescription.
import { useCallback, useRef, useState } from 'react';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import type { DbClient } from '../../data/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { EntityForm } from './EntityForm';
import { validate } from './form-rules';
import { PublishedBadge } from '../ui/PublishedBadge';
import { buttonClass } from '../ui/PendingButton';
import type { ContentRow, FieldErrors, FieldValue, FormValues, ManagerDescription } from './types';
import { useReloadable } from './useReloadable';
import { useUnsavedChanges } from './useUnsavedChanges';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';

type FormState<R, V> =
  { mode: 'closed' } | { mode: 'add' | 'edit'; editing: R | null; initial: V; values: V };

/** Something to do once the administrator agrees to drop unsaved changes. */
type PendingDiscard = { run: () => void; cancel?: () => void };

function sameValues(a: FormValues, b: FormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function ContentManager<R extends ContentRow, V extends FormValues>({
  description: d,
  db,
}: {
  description: ManagerDescription<R, V>;
  db: DbClient;
}) {
  // Lists load when the screen opens and again after every change.
  const list = useCallback(() => d.list(db), [d, db]);
  const {
    data: rows,
    loading,
    failed: loadFailed,
    reload,
  } = useReloadable(list, [], `the ${d.title} list`);
  const [form, setForm] = useState<FormState<R, V>>({ mode: 'closed' });
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Counts refused submissions, so the form can move focus to the first invalid field. */
  const [attempt, setAttempt] = useState(0);
  const [listError, setListError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [discard, setDiscard] = useState<PendingDiscard | null>(null);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const dirty = form.mode !== 'closed' && !sameValues(form.values, form.initial);
  const navigation = useUnsavedChanges(dirty);

  function closeForm() {
    setForm({ mode: 'closed' });
    setErrors({});
    setSaveError(null);
  }

  /** Runs `action` now, or after the administrator agrees to lose unsaved changes. */
  function unlessUnsaved(action: () => void) {
    if (dirty) setDiscard({ run: action });
    else action();
  }

  function openAdd() {
    unlessUnsaved(() => {
      const initial = d.defaults();
      setErrors({});
      setSaveError(null);
      setForm({ mode: 'add', editing: null, initial, values: initial });
    });
  }

  function openEdit(row: R) {
    unlessUnsaved(() => {
      void (async () => {
        try {
          const initial = await d.fromRow(row, db);
          setErrors({});
          setSaveError(null);
          setForm({ mode: 'edit', editing: row, initial, values: initial });
        } catch (error) {
          console.warn('Could not open the record for editing', error);
          setListError(`Error loading ${d.noun}. Please try again.`);
        }
      })();
    });
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
      addButton.current?.focus();
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

  const formOpen = form.mode !== 'closed';
  const pendingDiscard: PendingDiscard | null =
    discard ?? (navigation.held ? { run: navigation.proceed, cancel: navigation.reset } : null);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>{d.title}</AdminTitle>
      <BackToDashboard />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{d.title}</h1>
          {!loading ? <p className="mt-1 text-slate-600">{d.countLine(rows.length)}</p> : null}
        </div>
        {!formOpen ? (
          <button
            ref={addButton}
            type="button"
            className={buttonClass('primary')}
            onClick={openAdd}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {d.addLabel}
          </button>
        ) : null}
      </div>

      <div className="mt-6">
        {form.mode !== 'closed' ? (
          <EntityForm
            key={form.editing?.id ?? 'new'}
            heading={form.mode === 'edit' ? `Edit ${d.noun}` : d.addLabel}
            fields={d.fields}
            values={form.values}
            errors={errors}
            attempt={attempt}
            saveError={saveError}
            saving={saving}
            onChange={change}
            onSubmit={() => void save()}
            onCancel={() => unlessUnsaved(closeForm)}
          />
        ) : null}

        {listError ? (
          <div className="mb-4">
            <FormMessage tone="error">{listError}</FormMessage>
          </div>
        ) : null}

        {loading ? (
          <Spinner label={d.loadingText} />
        ) : loadFailed ? (
          <LoadFailed message="Could not load the list. Please try again." onRetry={reload} />
        ) : rows.length === 0 ? (
          <EmptyState title={d.emptyText}>
            {!formOpen ? (
              <button type="button" className={`${buttonClass('primary')} mt-2`} onClick={openAdd}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                {d.firstAddLabel}
              </button>
            ) : null}
          </EmptyState>
        ) : (
          <ul
            aria-label={d.title}
            className={
              d.layout === 'grid'
                ? 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3'
                : 'space-y-4'
            }
          >
            {rows.map((row) => (
              <li
                key={row.id}
                className={`flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${
                  d.layout === 'grid' ? 'flex-col' : 'flex-col gap-4 p-4 sm:flex-row sm:items-start'
                }`}
              >
                <div className="min-w-0 flex-1">
                  {d.renderRow(row, <PublishedBadge published={row.published} />)}
                </div>
                <div
                  className={`flex shrink-0 flex-wrap gap-2 ${d.layout === 'grid' ? 'px-4 pb-4' : ''}`}
                >
                  <button
                    type="button"
                    className={buttonClass('neutral')}
                    disabled={busyRow === row.id}
                    aria-label={`${row.published ? 'Unpublish' : 'Publish'} ${d.rowName(row)}`}
                    onClick={() => void togglePublished(row)}
                  >
                    {row.published ? (
                      <EyeOff aria-hidden="true" className="h-4 w-4" />
                    ) : (
                      <Eye aria-hidden="true" className="h-4 w-4" />
                    )}
                    {row.published ? 'Unpublish' : 'Publish'}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('neutral')}
                    aria-label={`Edit ${d.rowName(row)}`}
                    onClick={() => openEdit(row)}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    Edit
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass('neutral')} text-red-700`}
                    aria-label={`Delete ${d.rowName(row)}`}
                    onClick={() => setToDelete(row)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${d.noun}`}
        message={`Are you sure you want to delete this ${d.noun}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={pendingDiscard !== null}
        title="Discard unsaved changes?"
        message={`Your changes to this ${d.noun} have not been saved. If you leave now they will be lost.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          const action = pendingDiscard;
          setDiscard(null);
          if (!action) return;
          if (!action.cancel) closeForm();
          action.run();
        }}
        onCancel={() => {
          pendingDiscard?.cancel?.();
          setDiscard(null);
        }}
      />
    </div>
  );
}
