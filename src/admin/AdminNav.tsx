// The links between admin screens, from the registry, above every screen but the dashboard
// (whose tiles are the same list). The current screen is marked for screen readers too.
import { NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { adminScreens } from './registry';

const link = 'block rounded-md px-3 py-1.5 text-sm font-medium';

export function AdminNav() {
  return (
    <nav aria-label="Admin screens" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2">
        <li>
          <NavLink
            to={paths.adminDashboard}
            className={`${link} text-slate-700 hover:bg-slate-100`}
          >
            Dashboard
          </NavLink>
        </li>
        {adminScreens.map((screen) => (
          <li key={screen.path}>
            <NavLink
              to={paths.adminScreen(screen.path)}
              className={({ isActive }) =>
                `${link} ${isActive ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              {screen.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
