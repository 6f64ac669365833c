// A content manager's list, as the state hook (useContentManager) describes it: the search and
// filter toolbar, the result count (announced politely), the rows with publish, edit and delete,
// the pages, and the states between: loading, could not load, a truly empty table (the spec's
// text and its first-add button) and a view that matches nothing (with Clear filters).
import type { ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
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
  const { list, form, actions } = state;
  const { query, change } = list.view;
  const page = list.page;

  let body: ReactNode;
  if (list.loading) {
    body = <Spinner label={d.loadingText} />;
  } else if (list.unavailable) {
    body = (
      <LoadFailed message="Could not load the list. Please try again." onRetry={list.reload} />
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
          <ul
            aria-label={d.title}
            aria-busy={list.busy}
            className={`${
              d.layout === 'grid'
                ? 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3'
                : 'space-y-4'
            } ${list.busy ? 'opacity-60' : ''}`}
          >
            {page.rows.map((row) => (
              <li
                key={row.id}
                className={`flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${
                  d.layout === 'grid' ? 'flex-col' : 'flex-col gap-4 p-4 sm:flex-row sm:items-start'
                }`}
              >
                <div className="min-w-0 flex-1">
                  {d.renderRow(row, <PublishedBadge published={row.published} />)}
                </div>
                <RowActions description={d} state={state} row={row} />
              </li>
            ))}
          </ul>
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
