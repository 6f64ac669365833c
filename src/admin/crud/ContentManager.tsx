// The shared manager screen: back link, count line, add button, the inline add/edit form, the
// list and its dialogs. The state is useContentManager's; the list is ContentList, the form
// EntityForm. Each entity only supplies a ManagerDescription.
import { useRef } from 'react';
import { Plus } from 'lucide-react';
import type { DbClient } from '../../data/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { buttonClass } from '../ui/PendingButton';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { ContentList } from './ContentList';
import { EntityForm } from './EntityForm';
import type { ContentRow, FormValues, ManagerDescription } from './types';
import { useContentManager } from './useContentManager';

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
          <h1 className="text-3xl font-bold text-slate-900">{d.title}</h1>
          {!list.loading && !list.unavailable ? (
            <p className="mt-1 text-slate-600">{d.countLine(list.page.tableTotal)}</p>
          ) : null}
        </div>
        {!form.open ? (
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
        title={`Delete ${d.noun}`}
        message={`Are you sure you want to delete this ${d.noun}?`}
        confirmLabel="Delete"
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
