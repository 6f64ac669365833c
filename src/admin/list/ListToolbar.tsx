// The controls above an admin list: a labelled search box (applied after a pause in typing, or
// at once with Enter), a select per filter, the order and the rows per page. Each change is a
// new view in the URL (useListQuery); the list itself answers it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import type { FacetValue, ListQuery } from '../../data/content-table';
import { PAGE_SIZES, type ListChange } from './list-query';

/** How long typing must pause before a search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListFilterLabel = {
  column: string;
  label: string;
  all: string;
  /** The values offered when they are a fixed list (an inbox's statuses), not facets. */
  options?: readonly { value: string; label: string }[];
};
export type ListSortLabel = { value: string; label: string };

const select =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/40';

function SelectControl({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    // On a phone the choices share rows (each as wide as the row allows), so the toolbar does not
    // push the list off the first screen; from 640 px each is as wide as its longest choice.
    <div className="min-w-32 flex-1 sm:min-w-36 sm:flex-none">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className={select} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box's text, following the URL's search unless it is the text being typed. */
function useSearchDraft(search: string, onSearch: (text: string) => void) {
  const [draft, setDraft] = useState({ base: search, text: search, sent: null as string | null });
  // The URL changed under the box (Back, Clear filters): show its search, unless it is ours.
  if (draft.base !== search) {
    setDraft(
      search === draft.sent
        ? { ...draft, base: search }
        : { base: search, text: search, sent: null },
    );
  }
  const send = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === search) return;
    setDraft((current) => ({ ...current, sent: trimmed }));
    onSearch(trimmed);
  };
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  const pending = draft.text.trim() !== search && draft.text.trim() !== draft.sent;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => latestSend.current(draft.text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pending, draft.text]);
  return {
    text: draft.text,
    setText: (text: string) => setDraft((current) => ({ ...current, text })),
    submit: () => send(draft.text),
  };
}

export function ListToolbar({
  query,
  searchLabel,
  filters,
  facets,
  sorts,
  statuses,
  onChange,
  statusFilter = true,
}: {
  query: ListQuery;
  /** The Show select's choices when they are not published and drafts (an inbox). */
  statuses?: readonly { value: string; label: string }[];
  /** 'Search images' */
  searchLabel: string;
  filters: readonly ListFilterLabel[];
  /** The values each filter column holds (an empty list until they have loaded). */
  facets: Readonly<Record<string, readonly FacetValue[]>>;
  sorts: readonly ListSortLabel[];
  onChange: (change: ListChange) => void;
  /** Offer Published/Drafts (not for rows without that state, such as media files). */
  statusFilter?: boolean;
}) {
  const searchId = useId();
  const draft = useSearchDraft(query.search, (search) => onChange({ search }));

  function submit(event: FormEvent) {
    event.preventDefault();
    draft.submit();
  }

  const statusOptions = statuses ?? [
    { value: '', label: 'Published and drafts' },
    { value: 'published', label: 'Published only' },
    { value: 'draft', label: 'Drafts only' },
  ];

  return (
    <form
      role="search"
      aria-label={searchLabel}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-56 flex-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={draft.text}
            onChange={(event) => draft.setText(event.target.value)}
            className={`${select} pl-9`}
          />
        </div>
      </div>
      {statusFilter ? (
        <SelectControl
          label="Show"
          value={query.status ?? ''}
          options={statusOptions}
          onChange={(value) => onChange({ status: value || null })}
        />
      ) : null}
      {filters.map((filter) => {
        const current = query.filters[filter.column] ?? '';
        const values = filter.options
          ? filter.options.map((option) => ({ value: option.value, rows: 0 }))
          : (facets[filter.column] ?? []);
        const options = [
          { value: '', label: filter.all },
          ...(filter.options ??
            values.map((facet) => ({
              value: facet.value,
              label: `${facet.value} (${facet.rows})`,
            }))),
        ];
        // A value from the URL that no row holds (yet) still shows as chosen.
        if (current && !values.some((facet) => facet.value === current))
          options.push({ value: current, label: current });
        return (
          <SelectControl
            key={filter.column}
            label={filter.label}
            value={current}
            options={options}
            onChange={(value) => onChange({ filters: { [filter.column]: value } })}
          />
        );
      })}
      <SelectControl
        label="Sort by"
        value={query.sort}
        options={sorts}
        onChange={(sort) => onChange({ sort })}
      />
      <SelectControl
        label="Per page"
        value={String(query.pageSize)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(size) => onChange({ pageSize: Number(size) })}
      />
    </form>
  );
}
