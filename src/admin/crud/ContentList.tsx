// A content manager's list, as the state hook (useContentManager) describes it: the search and
// filter toolbar, the result count (announced politely), the selection and its bulk actions,
// the rows with publish, edit and delete (restore and delete for good in the Trash view), moving
// rows by drag and drop or with Move up / Move down in a view ordered by hand; the list's states
// and pages are ListBody's, with this screen's empty states: a truly empty table (the spec's text
// and its first-add button) and an empty trash.
import { useState, type DragEvent } from 'react';
import {
  ArrowDown,
  ArrowUp,
  ExternalLink,
  Eye,
  EyeOff,
  GripVertical,
  Pencil,
  Plus,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage } from '../../components/FormField';
import { ListBody } from '../list/ListBody';
import { ListToolbar } from '../list/ListToolbar';
import { buttonClass } from '../ui/PendingButton';
import { PublishedBadge } from '../ui/PublishedBadge';
import type { ContentRow, FormValues, ManagerDescription } from './types';
import type { ContentManagerState } from './useContentManager';

/** A selection checkbox: 24 px, WCAG 2.2's minimum target (the browser's own is 13 to 16 px). */
const CHECKBOX = 'h-6 w-6 shrink-0 rounded border-slate-400';

export function ContentList<R extends ContentRow, V extends FormValues>({
  description: d,
  state,
}: {
  description: ManagerDescription<R, V>;
  state: ContentManagerState<R, V>;
}) {
  const { list, form, actions, order } = state;
  const { query, change } = list.view;
  const [dragging, setDragging] = useState<string | null>(null);

  /** Drag and drop: a row dropped on another takes that row's place. */
  const dropTarget = (index: number) => ({
    onDragOver(event: DragEvent) {
      if (dragging) event.preventDefault();
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      if (dragging) order.move(dragging, index);
      setDragging(null);
    },
  });

  const empty = list.trash ? (
    <EmptyState
      title="The trash is empty"
      icon={<Trash2 aria-hidden="true" className="h-10 w-10" />}
    />
  ) : (
    <EmptyState title={d.emptyText}>
      {!form.open ? (
        <button
          type="button"
          className={`${buttonClass('primary')} mt-2`}
          onClick={actions.openAdd}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {d.firstAddLabel}
        </button>
      ) : null}
    </EmptyState>
  );

  return (
    <>
      <ListToolbar
        query={query}
        searchLabel={d.listView.searchLabel}
        filters={d.listView.filters}
        facets={list.facets}
        sorts={d.listView.sorts}
        onChange={change}
      />
      {list.error ? (
        <div className="mt-4">
          <FormMessage tone="error">{list.error}</FormMessage>
        </div>
      ) : null}
      <div className="mt-4">
        <ListBody list={list} plural={d.plural} loadingText={d.loadingText} empty={empty}>
          {() => (
            <>
              <BulkBar description={d} state={state} />
              <p aria-live="polite" className="sr-only">
                {order.announcement}
              </p>
              <ul
                aria-label={list.trash ? `${d.title} trash` : d.title}
                aria-busy={list.busy}
                className={`${
                  d.layout === 'grid'
                    ? 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3'
                    : 'space-y-4'
                } ${list.busy ? 'opacity-60' : ''}`}
              >
                {order.rows.map((row, index) => (
                  <li
                    key={row.id}
                    data-row={row.id}
                    draggable={order.enabled}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', row.id);
                      setDragging(row.id);
                    }}
                    onDragEnd={() => setDragging(null)}
                    {...(order.enabled ? dropTarget(index) : {})}
                    className={`flex overflow-hidden rounded-xl border bg-white shadow-sm ${
                      dragging === row.id ? 'border-blue-600 opacity-60' : 'border-slate-200'
                    } ${
                      d.layout === 'grid'
                        ? 'flex-col'
                        : 'flex-col gap-4 p-4 sm:flex-row sm:items-start'
                    }`}
                  >
                    <RowControls description={d} state={state} row={row} index={index} />
                    <div className="min-w-0 flex-1">
                      {d.renderRow(row, <PublishedBadge published={row.published} />)}
                    </div>
                    <RowActions description={d} state={state} row={row} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </ListBody>
      </div>
    </>
  );
}

/** The selection and its actions, over the page shown: one request (or confirmation) each. */
function BulkBar<R extends ContentRow, V extends FormValues>({
  description: d,
  state,
}: {
  description: ManagerDescription<R, V>;
  state: ContentManagerState<R, V>;
}) {
  const { selection, bulk, list } = state;
  const count = selection.ids.length;
  return (
    <div className="mb-4 flex min-h-10 flex-wrap items-center gap-3">
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className={CHECKBOX}
          checked={selection.all}
          ref={(box) => {
            if (box) box.indeterminate = selection.some;
          }}
          onChange={selection.toggleAll}
        />
        Select all on this page
      </label>
      {count > 0 ? (
        <>
          <span className="text-sm text-slate-700">
            {count} {count === 1 ? d.noun : d.plural} selected
          </span>
          {(list.trash
            ? [
                { label: 'Restore selected', Icon: RotateCcw, onClick: bulk.restore },
                {
                  label: 'Delete selected for good',
                  Icon: Trash2,
                  onClick: bulk.askDelete,
                  danger: true,
                },
              ]
            : [
                { label: 'Publish selected', Icon: Eye, onClick: bulk.publish },
                { label: 'Unpublish selected', Icon: EyeOff, onClick: bulk.unpublish },
                { label: 'Delete selected', Icon: Trash2, onClick: bulk.askDelete, danger: true },
              ]
          ).map(({ label, Icon, onClick, danger }) => (
            <button
              key={label}
              type="button"
              className={`${buttonClass('neutral')} ${danger ? 'text-red-700' : ''}`}
              disabled={bulk.busy}
              onClick={onClick}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </button>
          ))}
        </>
      ) : null}
    </div>
  );
}

/** A row's checkbox, and its Move up / Move down buttons and drag grip when rows can move. */
function RowControls<R extends ContentRow, V extends FormValues>({
  description: d,
  state,
  row,
  index,
}: {
  description: ManagerDescription<R, V>;
  state: ContentManagerState<R, V>;
  row: R;
  index: number;
}) {
  const { selection, order } = state;
  const name = d.rowName(row);
  // 44 px square on a phone (a thumb's target), 24 px from 768 px: WCAG 2.2's target sizes.
  const move =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded text-slate-700 hover:bg-slate-100 disabled:text-slate-300 md:min-h-6 md:min-w-6 md:p-1';
  return (
    <div className={`flex items-center gap-2 ${d.layout === 'grid' ? 'px-4 pt-3' : ''}`}>
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        className={CHECKBOX}
        checked={selection.has(row.id)}
        onChange={() => selection.toggle(row.id)}
      />
      {order.enabled ? (
        <>
          <GripVertical aria-hidden="true" className="h-4 w-4 cursor-move text-slate-500" />
          <button
            type="button"
            data-move="up"
            data-row={row.id}
            className={move}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => order.move(row.id, index - 1, 'up')}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            data-move="down"
            data-row={row.id}
            className={move}
            aria-label={`Move ${name} down`}
            disabled={index === order.rows.length - 1}
            onClick={() => order.move(row.id, index + 1, 'down')}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Publish or unpublish, edit and delete one row; each names the row for screen readers. */
function RowActions<R extends ContentRow, V extends FormValues>({
  description: d,
  state,
  row,
}: {
  description: ManagerDescription<R, V>;
  state: ContentManagerState<R, V>;
  row: R;
}) {
  const { actions, list } = state;
  if (list.trash)
    return (
      <div className={`flex shrink-0 flex-wrap gap-2 ${d.layout === 'grid' ? 'px-4 pb-4' : ''}`}>
        <button
          type="button"
          className={buttonClass('neutral')}
          aria-label={`Restore ${d.rowName(row)}`}
          onClick={() => actions.restore(row)}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Restore
        </button>
        <button
          type="button"
          className={`${buttonClass('neutral')} text-red-700`}
          aria-label={`Delete ${d.rowName(row)} for good`}
          onClick={() => actions.askDelete(row)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete for good
        </button>
      </div>
    );
  return (
    <div className={`flex shrink-0 flex-wrap gap-2 ${d.layout === 'grid' ? 'px-4 pb-4' : ''}`}>
      <button
        type="button"
        className={buttonClass('neutral')}
        disabled={list.busyRow === row.id}
        aria-label={`${row.published ? 'Unpublish' : 'Publish'} ${d.rowName(row)}`}
        onClick={() => actions.togglePublished(row)}
      >
        {row.published ? (
          <EyeOff aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Eye aria-hidden="true" className="h-4 w-4" />
        )}
        {row.published ? 'Unpublish' : 'Publish'}
      </button>
      {d.previewPath ? (
        <a
          href={d.previewPath(row)}
          target="_blank"
          rel="noopener"
          className={buttonClass('neutral')}
          aria-label={`Preview ${d.rowName(row)} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          Preview
        </a>
      ) : null}
      <button
        type="button"
        className={buttonClass('neutral')}
        aria-label={`Edit ${d.rowName(row)}`}
        onClick={() => actions.openEdit(row)}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </button>
      <button
        type="button"
        className={`${buttonClass('neutral')} text-red-700`}
        aria-label={`Delete ${d.rowName(row)}`}
        onClick={() => actions.askDelete(row)}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
    </div>
  );
}
