// The shared manager screen: back link, count line, add button, the way to the Trash view (and
// back), the inline add/edit form, the list and its dialogs. The state is useContentManager's;
// the list is ContentList, the form EntityForm. Each entity only supplies a ManagerDescription.
import { useRef } from 'react';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import type { DbClient } from '../../data/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { buttonClass } from '../ui/PendingButton';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { ContentList } from './ContentList';
import { EntityForm } from './EntityForm';
import type { ContentRow, FormValues, ManagerDescription } from './types';
import { useContentManager, type PendingDelete } from './useContentManager';

/** The delete dialog's words: it names the row (or counts the rows) and says where they go. */
export function deleteQuestion<R extends ContentRow, V extends FormValues>(
  d: ManagerDescription<R, V>,
  pending: PendingDelete<R>,
): { title: string; message: string; confirmLabel: string } {
  const many = (count: number) => `${count} ${count === 1 ? d.noun : d.plural}`;
  if (pending.action === 'empty-trash')
    return {
      title: 'Empty the trash?',
      message: `The ${many(pending.count)} in the trash will be deleted for good. This cannot be undone.`,
      confirmLabel: 'Empty trash',
    };
  const [only] = pending.rows;
  const what =
    pending.rows.length === 1 && only ? `“${d.rowName(only)}”` : many(pending.rows.length);
  if (pending.action === 'delete-forever')
    return {
      title: `Delete ${what} for good?`,
      message: `${pending.rows.length === 1 ? `This ${d.noun} is` : `These ${d.plural} are`} deleted permanently. This cannot be undone.`,
      confirmLabel: 'Delete for good',
    };
  return {
    title: `Delete ${what}?`,
    message:
      pending.rows.length === 1
        ? `Are you sure you want to delete this ${d.noun}? It moves to the trash, where you can restore it for 30 days.`
        : `Are you sure you want to delete these ${many(pending.rows.length)}? They move to the trash, where you can restore them for 30 days.`,
    confirmLabel: pending.rows.length === 1 ? 'Delete' : `Delete ${many(pending.rows.length)}`,
  };
}

export function ContentManager<R extends ContentRow, V extends FormValues>({
  description: d,
  db,
}: {
  description: ManagerDescription<R, V>;
  db: DbClient;
}) {
  const addButton = useRef<HTMLButtonElement>(null);
  const state = useContentManager(d, db, () => addButton.current?.focus());
  const { list, form, actions, discard } = state;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>{d.title}</AdminTitle>
      <BackToDashboard />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">
            {list.trash ? `${d.title}: Trash` : d.title}
          </h1>
          {!list.loading && !list.unavailable ? (
            <p className="mt-1 text-slate-600">
              {list.trash
                ? `${list.page.tableTotal} in the trash · emptied after 30 days`
                : d.countLine(list.page.tableTotal)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {list.trash ? (
            <>
              <button
                type="button"
                className={buttonClass('neutral')}
                onClick={() => list.showTrash(false)}
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Back to {d.plural}
              </button>
              {list.page.tableTotal > 0 ? (
                <button
                  type="button"
                  className={`${buttonClass('neutral')} text-red-700`}
                  onClick={actions.askEmptyTrash}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Empty trash
                </button>
              ) : null}
            </>
          ) : (
            <button
              type="button"
              className={buttonClass('neutral')}
              onClick={() => list.showTrash(true)}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Trash
            </button>
          )}
          {!form.open && !list.trash ? (
            <button
              ref={addButton}
              type="button"
              className={buttonClass('primary')}
              onClick={actions.openAdd}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              {d.addLabel}
            </button>
          ) : null}
        </div>
      </div>

      <div className="mt-6">
        {form.state.mode !== 'closed' ? (
          <EntityForm
            key={form.state.editing?.id ?? 'new'}
            heading={form.state.mode === 'edit' ? `Edit ${d.noun}` : d.addLabel}
            fields={d.fields}
            values={form.state.values}
            errors={form.errors}
            attempt={form.attempt}
            saveError={form.saveError}
            saving={form.saving}
            onChange={form.change}
            onSubmit={form.save}
            onCancel={actions.closeForm}
          />
        ) : null}
        <ContentList description={d} state={state} />
      </div>

      <ConfirmDialog
        open={actions.toDelete !== null}
        {...(actions.toDelete
          ? deleteQuestion(d, actions.toDelete)
          : { title: '', message: '', confirmLabel: 'Delete' })}
        pendingLabel="Deleting..."
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
      <ConfirmDialog
        open={discard.pending !== null}
        title="Discard unsaved changes?"
        message={`Your changes to this ${d.noun} have not been saved. If you leave now they will be lost.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={discard.confirm}
        onCancel={discard.cancel}
      />
    </div>
  );
}
