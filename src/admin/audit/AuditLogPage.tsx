// The Audit log screen: who created, changed, published, unpublished, trashed, restored or
// deleted what, and when, newest first. Built from the list pieces every admin list uses: the
// view in the URL (search by label, filter by table or actor, an item's history by its id,
// oldest or newest first, pages), a page from the server (useServerList: a page past the end
// shows the last one), and ListBody's loading, empty and failed states.
import { useMemo } from 'react';
import { History, X } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { AUDIT_FILTERS, listAuditActors, listAuditPage } from '../../data/audit';
import type { ListQuery } from '../../data/content-table';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { useLoad } from '../../lib/useLoad';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { ListBody } from '../list/ListBody';
import { ListToolbar } from '../list/ListToolbar';
import { useListQuery } from '../list/useListQuery';
import { useServerList } from '../list/useServerList';
import { buttonClass } from '../ui/PendingButton';
import { supabase } from '../supabase';

/** The tables the log covers, in the screen's words (others show by their own name). */
const TABLES: Record<string, string> = {
  events: 'Event',
  past_tours: 'Past tour',
  gallery_images: 'Gallery image',
  videos: 'Video',
  sponsors: 'Sponsor',
  news_articles: 'Article',
  testimonials: 'Testimonial',
  site_settings: 'Setting',
};

const OPTIONS = { filters: AUDIT_FILTERS, sorts: ['newest', 'oldest'], defaultSort: 'newest' };
const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];
// The content filter is the fixed list of tables, named in the screen's words and without a
// count (the log keeps no count per table; a made-up one read "(0)" for every type).
const FILTERS = [
  {
    column: 'table_name',
    label: 'Content',
    all: 'All content',
    options: Object.entries(TABLES).map(([value, label]) => ({ value, label })),
  },
  { column: 'actor_email', label: 'Who', all: 'Everyone' },
];

const loadPage = (query: ListQuery) => listAuditPage(supabase, query);

export function AuditLogPage() {
  const list = useServerList({
    name: 'audit',
    view: useListQuery(OPTIONS),
    load: loadPage,
  });
  const { query, change } = list.view;
  const actors = useLoad('audit actors', () => listAuditActors(supabase), { empty: [] });
  const facets = useMemo(() => ({ actor_email: actors.data }), [actors.data]);
  const item = query.filters.row_id;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Audit log</AdminTitle>
      <BackToDashboard />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Audit log</h1>
      <p className="mt-1 text-slate-600">
        Who created, changed, published, unpublished, trashed, restored or deleted what, and when.
      </p>
      <div className="mt-6">
        <ListToolbar
          query={query}
          searchLabel="Search entries"
          filters={FILTERS}
          facets={facets}
          sorts={SORTS}
          onChange={change}
          statusFilter={false}
        />
      </div>
      {item ? (
        <p className="mt-4 flex items-center gap-3 text-sm text-slate-800">
          Showing the history of one item.
          <button
            type="button"
            className={buttonClass('neutral')}
            onClick={() => change({ filters: { row_id: '' } })}
          >
            <X aria-hidden="true" className="h-4 w-4" />
            Show every item
          </button>
        </p>
      ) : null}
      <div className="mt-4">
        <ListBody
          list={list}
          plural="entries"
          loadingText="Loading the audit log..."
          failedText="Could not load the audit log. Please try again."
          empty={
            <EmptyState
              title="No entries match"
              icon={<History aria-hidden="true" className="h-10 w-10" />}
            />
          }
          pagesLabel="Pages of the audit log"
        >
          {(rows) => (
            <ol
              aria-label="Audit log entries"
              aria-busy={list.busy}
              className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm ${list.busy ? 'opacity-60' : ''}`}
            >
              {rows.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="text-slate-900">
                      <span className="font-semibold">{entry.actor_email ?? 'System'}</span>{' '}
                      {entry.action} {(TABLES[entry.table_name] ?? entry.table_name).toLowerCase()}{' '}
                      <span className="font-semibold">“{entry.label}”</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                      {entry.changed_columns.length > 0
                        ? ` · Changed: ${entry.changed_columns.join(', ')}`
                        : ''}
                    </p>
                  </div>
                  {entry.row_id && entry.row_id !== item ? (
                    <button
                      type="button"
                      className={buttonClass('neutral')}
                      aria-label={`History of “${entry.label}”`}
                      onClick={() => change({ filters: { row_id: entry.row_id ?? '' } })}
                    >
                      <History aria-hidden="true" className="h-4 w-4" />
                      History
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </ListBody>
      </div>
    </div>
  );
}
