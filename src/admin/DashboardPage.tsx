// The dashboard: who is signed in, the way back to the site, sign-out, a tile for every admin
// screen (from the registry) and the spec's tips. The inboxes' counts of new items are one
// edition's (the Edition choice, kept in the URL as the inboxes keep it; the current one first),
// and the tiles of the inboxes that show one edition open on the same one. Below the choice, that
// edition's money (edition_money(): received, outstanding, overdue, refunded, net) and its ledger
// for the treasurer.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ExternalLink, LogOut } from 'lucide-react';
import { paths } from '../config/paths';
import { listEditions } from '../data/editions';
import {
  EDITION_VIEW,
  EVERY_EDITION,
  getEditionInboxCounts,
  getInboxCounts,
  viewedEditionId,
} from '../data/inbox';
import type { Edition } from '../data/types';
import { useLoad } from '../lib/useLoad';
import { supabase } from './supabase';
import { buttonClass } from './ui/PendingButton';
import { useAuth } from './auth/AuthProvider';
import { AdminTitle } from './AdminTitle';
import { EditionMoneyPanel } from './editions/EditionMoney';
import { adminScreens } from './registry';

const NO_EDITIONS: Edition[] = [];

export function DashboardPage() {
  const { state, signOut } = useAuth();
  const email = state.status === 'signed-in' ? state.user.email : undefined;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const chosen = new URLSearchParams(search).get(EDITION_VIEW) ?? '';
  const editions = useLoad('editions', () => listEditions(supabase), { empty: NO_EDITIONS });
  const counts = useLoad(
    `inbox counts ${chosen}`,
    async () => {
      const id = await viewedEditionId(supabase, chosen);
      return id ? getEditionInboxCounts(supabase, id) : getInboxCounts(supabase);
    },
    { empty: {} },
  );
  const current = editions.data.find((edition) => edition.is_current);
  const shown = chosen || (current ? String(current.year) : '');
  const shownEdition = editions.data.find((edition) => String(edition.year) === shown);
  const byEdition = new Set(['registrations', 'enquiries', 'subscribers']);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Dashboard</AdminTitle>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          {email ? (
            <p className="mt-1 text-slate-600">
              Signed in as <span className="font-medium text-slate-900">{email}</span>
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          <Link to={paths.home} className={buttonClass('neutral')}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            View Website
          </Link>
          <button type="button" className={buttonClass('primary')} onClick={() => void signOut()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign Out
          </button>
        </div>
      </div>

      {editions.data.length > 0 ? (
        <div className="mt-6 max-w-xs">
          <label htmlFor="dashboard-edition" className="text-sm font-medium text-slate-800">
            Edition
          </label>
          <select
            id="dashboard-edition"
            value={shown}
            onChange={(event) => {
              const year = event.currentTarget.value;
              navigate({ pathname, search: `?${EDITION_VIEW}=${year}` });
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
          >
            {editions.data.map((edition) => (
              <option key={edition.id} value={String(edition.year)}>
                {edition.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {shownEdition ? (
        <EditionMoneyPanel key={shownEdition.id} db={supabase} edition={shownEdition} />
      ) : null}

      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {adminScreens.map(({ path, title, summary, Icon, newItems }) => (
          <li key={path}>
            <Link
              to={
                chosen && chosen !== EVERY_EDITION && newItems && byEdition.has(newItems)
                  ? `${paths.adminScreen(path)}?${EDITION_VIEW}=${chosen}`
                  : paths.adminScreen(path)
              }
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 motion-reduce:transition-none hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-blue-700" />
              <span className="mt-3 flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                {title}
                {newItems && counts.data[newItems] ? (
                  <span
                    className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white"
                    data-testid={`new-${newItems}`}
                  >
                    {counts.data[newItems]} new
                  </span>
                ) : null}
              </span>
              <span className="mt-1 text-sm text-slate-600">{summary}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="tips-heading"
        className="mt-10 rounded-xl border border-blue-100 bg-blue-50 p-6"
      >
        <h2 id="tips-heading" className="text-lg font-semibold text-slate-900">
          Tips
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          <li>Mark content as Published to show it on the website; drafts stay hidden.</li>
          <li>Sort order controls the sequence: lower numbers appear first.</li>
          <li>Changes save immediately: there is no separate publish step.</li>
        </ul>
      </section>
    </div>
  );
}
