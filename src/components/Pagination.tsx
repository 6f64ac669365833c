// The numbered pages of a public list as real links: a crawler follows them without running the
// page's code, each is a history entry (Back returns to the page before), and a visitor can open
// one in a new tab. Previous and Next, the first and last pages and the current one's neighbours.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * The page numbers to offer, `null` for a gap: always the first and the last, and the current
 * page's neighbours, so 84 pages stay a short row (1 … 4 5 6 … 84).
 */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const number of shown) {
    const previous = numbers.at(-1);
    // A gap of one page shows that page instead of an ellipsis standing for it.
    if (typeof previous === 'number' && number - previous === 2) numbers.push(previous + 1);
    else if (typeof previous === 'number' && number - previous > 2) numbers.push(null);
    numbers.push(number);
  }
  return numbers;
}

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold';
const idleClass = `${linkClass} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100`;

export function Pagination({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  /** The address of a page (page 1's without a page number, so it is the list's own address). */
  href: (page: number) => string;
  /** The navigation landmark's name: 'News pages'. */
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={idleClass}>
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              Previous
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-700">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number}`}
                className={number === page ? `${linkClass} bg-slate-900 text-white` : idleClass}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={idleClass}>
              Next
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
