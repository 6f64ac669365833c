// The dashboard: who is signed in, the way back to the site, sign-out, a tile for every admin
// screen (from the registry) and the spec's tips.
import { Link } from 'react-router-dom';
import { ExternalLink, LogOut } from 'lucide-react';
import { paths } from '../config/paths';
import { getInboxCounts } from '../data/inbox';
import { useLoad } from '../lib/useLoad';
import { supabase } from './supabase';
import { buttonClass } from './ui/PendingButton';
import { useAuth } from './auth/AuthProvider';
import { AdminTitle } from './AdminTitle';
import { adminScreens } from './registry';

export function DashboardPage() {
  const { state, signOut } = useAuth();
  const email = state.status === 'signed-in' ? state.user.email : undefined;
  const counts = useLoad('inbox counts', () => getInboxCounts(supabase), { empty: {} });

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

      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {adminScreens.map(({ path, title, summary, Icon, newItems }) => (
          <li key={path}>
            <Link
              to={paths.adminScreen(path)}
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
