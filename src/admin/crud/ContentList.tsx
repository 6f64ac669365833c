// A content manager's list, as the state hook (useContentManager) describes it: the search and
// filter toolbar, the result count (announced politely), the selection and its bulk actions,
// the rows with publish, edit and delete (restore and delete for good in the Trash view), moving
// rows by drag and drop or with Move up / Move down in a view ordered by hand, the pages, and the
// states between: loading, could not load, a truly empty table (the spec's text and its
// first-add button), an empty trash and a view that matches nothing (with Clear filters).
import { useState, type DragEvent, type ReactNode } from 'react';
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
  SearchX,
  Trash2,
} from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { clearedListQuery } from '../list/list-query';
import { ListPagination } from '../list/ListPagination';
import { ListToolbar } from '../list/ListToolbar';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass } from '../ui/PendingButton';
import { PublishedBadge } from '../ui/PublishedBadge';
import type { ContentRow, FormValues, ManagerDescription } from './types';
import type { ContentManagerState } from './useContentManager';

/** 'Showing 21–40 of 52 images', or of the matching ones when the view is narrowed. */
export function resultLine(
  page: { page: number; total: number; rows: unknown[] },
  pageSize: number,
  plural: string,
  narrowed: boolean,
): string {
  if (page.total === 0) return `No ${plural} match`;
  const first = (page.page - 1) * pageSize + 1;
  const last = first + page.rows.length - 1;
  return `Showing ${first}–${last} of ${page.total} ${narrowed ? 'matching ' : ''}${plural}`;
}

export function ContentList<R extends ContentRow, V extends FormValues>({
  description: d,
  state,
}: {
  description: ManagerDescription<R, V>;
  state: ContentManagerState<R, V>;
}) {
  const { list, form, actions, order } = state;
  const { query, change } = list.view;
  const page = list.page;
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

  let body: ReactNode;
  if (list.loading) {
    body = <Spinner label={d.loadingText} />;
  } else if (list.unavailable) {
    body = (
      <LoadFailed message="Could not load the list. Please try again." onRetry={list.reload} />
    );
  } else if (page.tableTotal === 0 && !list.narrowed && list.trash) {
    body = (
      <EmptyState
        title="The trash is empty"
        icon={<Trash2 aria-hidden="true" className="h-10 w-10" />}
      />
    );
  } else if (page.tableTotal === 0 && !list.narrowed) {
    body = (
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
  } else {
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-slate-700">
          {resultLine(page, query.pageSize, d.plural, list.narrowed)}
        </p>
        {list.failed ? (
          <LoadFailed
            className="mb-4"
            message="Could not load the latest list. What is shown may be out of date."
            onRetry={list.reload}
          />
        ) : null}
        {page.rows.length === 0 ? (
          <EmptyState
            title="No results match your search"
            icon={<SearchX aria-hidden="true" className="h-10 w-10" />}
          >
            <button
              type="button"
              className={`${buttonClass('neutral')} mt-2`}
              onClick={() => change(clearedListQuery(query))}
            >
              Clear filters
            </button>
          </EmptyState>
        ) : (
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
        <ListPagination
          page={page.page}
          pageCount={page.pageCount}
          label={`Pages of ${d.plural}`}
          onPage={(next) => change({ page: next })}
        />
      </>
    );
  }

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
      <div className="mt-4">{body}</div>
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
          className="h-4 w-4 rounded border-slate-400"
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
  const move = 'rounded p-1 text-slate-700 hover:bg-slate-100 disabled:text-slate-300';
  return (
    <div className={`flex items-center gap-2 ${d.layout === 'grid' ? 'px-4 pt-3' : ''}`}>
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        className="h-4 w-4 rounded border-slate-400"
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
