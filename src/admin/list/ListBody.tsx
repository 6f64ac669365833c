// The body of every admin list, below its toolbar, in one of four states drawn the same way on
// every screen: loading (a spinner), could not load (the message and Retry), nothing at all (the
// screen's own empty state), and the results. A paged list's results open with the result line
// ("Showing 21–40 of 52 images", announced politely), say so when the latest load failed while
// the rows stay shown, offer Clear filters when the view matches nothing, and end in the pages.
import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass } from '../ui/PendingButton';
import { clearedListQuery } from './list-query';
import { ListPagination } from './ListPagination';
import type { ShownList } from './useServerList';

export const LIST_FAILED = 'Could not load the list. Please try again.';
export const LIST_OUT_OF_DATE = 'Could not load the latest list. What is shown may be out of date.';

/** 'Showing 21–40 of 52 images', or of the matching ones when the view is narrowed. */
export function resultLine(
  page: { page: number; total: number; rows: readonly unknown[] },
  pageSize: number,
  plural: string,
  narrowed: boolean,
): string {
  if (page.total === 0) return `No ${plural} match`;
  const first = (page.page - 1) * pageSize + 1;
  const last = first + page.rows.length - 1;
  return `Showing ${first}–${last} of ${page.total} ${narrowed ? 'matching ' : ''}${plural}`;
}

export function ListBody<R>({
  list,
  plural,
  loadingText,
  failedText = LIST_FAILED,
  empty,
  pagesLabel = `Pages of ${plural}`,
  children,
}: {
  list: ShownList<R>;
  /** The records in running text: 'images' (the result line, the pages' name). */
  plural: string;
  /** 'Loading images...' */
  loadingText: string;
  /** What replaces the list when it could not be loaded at all. */
  failedText?: string;
  /** What the screen shows when the list holds nothing at all. */
  empty: ReactNode;
  /** The pages' navigation landmark's name. */
  pagesLabel?: string;
  /** The rows shown. */
  children: (rows: readonly R[]) => ReactNode;
}) {
  if (list.loading) return <Spinner label={loadingText} />;
  if (list.unavailable) return <LoadFailed message={failedText} onRetry={list.reload} />;
  if (list.none) return <>{empty}</>;
  const { paging } = list;
  return (
    <>
      {paging ? (
        <p role="status" className="mb-3 text-sm text-slate-700">
          {resultLine(paging.page, paging.query.pageSize, plural, paging.narrowed)}
        </p>
      ) : null}
      {list.failed ? (
        <LoadFailed className="mb-4" message={LIST_OUT_OF_DATE} onRetry={list.reload} />
      ) : null}
      {list.rows.length === 0 && paging ? (
        <EmptyState
          title="No results match your search"
          icon={<SearchX aria-hidden="true" className="h-10 w-10" />}
        >
          <button
            type="button"
            className={`${buttonClass('neutral')} mt-2`}
            onClick={() => paging.change(clearedListQuery(paging.query))}
          >
            Clear filters
          </button>
        </EmptyState>
      ) : (
        children(list.rows)
      )}
      {paging ? (
        <ListPagination
          page={paging.page.page}
          pageCount={paging.page.pageCount}
          label={pagesLabel}
          onPage={(next) => paging.change({ page: next })}
        />
      ) : null}
    </>
  );
}
