// The links between admin screens, from the registry, above every screen but the dashboard
// (whose tiles are the same list), in the registry's groups (Inbox, Content, Rally, Site,
// People). From 768 px the groups stand side by side; below, they fold behind a "Menu" button,
// so that on a phone a screen's own list is on its first screen (all the links wrapped into
// about six rows, 220 px, above every screen at 390 px). The current screen is marked for
// screen readers too, and named on the folded button.
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { paths } from '../config/paths';
import { ADMIN_GROUPS, adminScreens } from './registry';

// 44 px tall on a phone (WCAG 2.2's comfortable target for the main actions), compact from 768 px.
const link = 'flex min-h-11 items-center rounded-md px-3 text-sm font-medium md:min-h-0 md:py-1.5';
const linkState = ({ isActive }: { isActive: boolean }) =>
  `${link} ${isActive ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;

const groups = ADMIN_GROUPS.map((name) => ({
  name,
  screens: adminScreens.filter((screen) => screen.group === name),
})).filter((group) => group.screens.length > 0);

export function AdminNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  const current = adminScreens.find((screen) => pathname === paths.adminScreen(screen.path));
  const close = () => setOpen(false);

  return (
    <nav aria-label="Admin screens" className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4">
        <button
          type="button"
          className="flex min-h-11 w-full items-center gap-2 py-2 text-left text-sm font-semibold text-slate-800 md:hidden"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
          Menu
          {current && <span className="font-normal text-slate-600">· {current.title}</span>}
        </button>
        <div
          id={id}
          className={`${open ? 'block' : 'hidden'} pb-3 md:flex md:flex-wrap md:items-start md:gap-x-6 md:gap-y-2 md:py-2`}
        >
          <NavLink to={paths.adminDashboard} className={linkState} end onClick={close}>
            Dashboard
          </NavLink>
          {groups.map((group) => (
            <div key={group.name} role="group" aria-labelledby={`${id}-${group.name}`}>
              <p
                id={`${id}-${group.name}`}
                className="mt-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:mt-0 md:px-1"
              >
                {group.name}
              </p>
              <ul className="md:flex md:flex-wrap md:gap-1">
                {group.screens.map((screen) => (
                  <li key={screen.path}>
                    <NavLink
                      to={paths.adminScreen(screen.path)}
                      className={linkState}
                      onClick={close}
                    >
                      {screen.title}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </nav>
  );
}
