// Moves between the pages of an admin list: Previous, "Page N of M", Next. Each move is a new
// view in the URL, so Back returns to the page before.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from '../ui/PendingButton';

export function ListPagination({
  page,
  pageCount,
  label,
  onPage,
}: {
  page: number;
  pageCount: number;
  /** The navigation landmark's name: 'Pages of images'. */
  label: string;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-4">
      <button
        type="button"
        className={buttonClass('neutral')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous page
      </button>
      <p className="text-sm font-medium text-slate-800">
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        className={buttonClass('neutral')}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next page
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
