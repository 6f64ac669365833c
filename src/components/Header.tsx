// The site's header: the logo, the main navigation (a bar on wide screens, a menu on small
// ones) and the sign-up button.
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { paths } from '../config/paths';
import { RallyCallLink } from './RallyCall';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { LogoMark } from './LogoMark';

export const navLinks = [
  { to: paths.home, label: 'Home' },
  // The current edition's page (NavItems gives it its year).
  { to: paths.rallyAlias, label: 'Rally' },
  { to: paths.gallery, label: 'Gallery' },
  { to: paths.videos, label: 'Videos' },
  { to: paths.news, label: 'News' },
  { to: paths.sponsors, label: 'Sponsors' },
  { to: paths.about, label: 'Charity' },
] as const;

// The menu also offers Contact, after the main links in the wide bar's order: on a phone the
// footer's Contact link is otherwise the only one, at the foot of a long page.
const mobileLinks = [...navLinks, { to: paths.contact, label: 'Contact' }] as const;

/** The main links as list items (the wide bar and the mobile menu style them differently). */
function NavItems({
  links,
  linkClass,
}: {
  links: readonly { to: string; label: string }[];
  linkClass: (active: boolean) => string;
}) {
  const { year } = useSiteSettings().edition;
  return links.map((link) => (
    <li key={link.to}>
      <NavLink
        to={link.to === paths.rallyAlias ? paths.rallyPage(year) : link.to}
        end={link.to === paths.home}
        className={({ isActive }) => linkClass(isActive)}
      >
        {link.to === paths.rallyAlias ? `${year} ${link.label}` : link.label}
      </NavLink>
    </li>
  ));
}

const SCROLL_THRESHOLD = 50;

function subscribeToScroll(onScroll: () => void) {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}
const scrolledPastThreshold = () => window.scrollY > SCROLL_THRESHOLD;

/**
 * The site navigation. On the home page it sits transparent over the hero until the page has
 * scrolled more than 50 px; everywhere else it is always opaque.
 */
export function Header() {
  const { year } = useSiteSettings().edition;
  const { pathname } = useLocation();
  const isHome = pathname === paths.home;
  const scrolled = useSyncExternalStore(subscribeToScroll, scrolledPastThreshold, () => false);
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const opaque = !isHome || scrolled || menuOpen;

  return (
    <header
      data-opaque={opaque}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        opaque ? 'bg-night shadow-lg' : 'bg-transparent'
      }`}
    >
      <nav
        aria-label="Main"
        // As tall as the space pages leave for it (Layout: pt-16), at every width.
        className="mx-auto flex h-16 max-w-page items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to={paths.home}
          className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white"
        >
          <LogoMark className="h-9 w-9" />
          <span className="font-display">
            Europe Rally <span className="text-accent-light">{year}</span>
          </span>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          <NavItems
            links={navLinks}
            linkClass={(active) =>
              `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                active ? 'text-accent-light' : 'text-slate-100 hover:text-accent-light'
              }`
            }
          />
        </ul>
        <div className="flex items-center gap-2">
          <RallyCallLink
            place="nav"
            className="hidden rounded-full bg-accent px-4 py-2 text-sm font-bold text-night shadow hover:bg-accent-light sm:inline-block"
          />
          <button
            type="button"
            className="rounded-md p-2 text-white hover:bg-white/10 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </nav>
      <div id={menuId} hidden={!menuOpen} className="border-t border-white/10 bg-night lg:hidden">
        <ul className="space-y-1 px-4 py-4">
          <NavItems
            links={mobileLinks}
            linkClass={(active) =>
              `block rounded-md px-3 py-3 text-base font-medium ${
                active ? 'bg-white/10 text-accent-light' : 'text-slate-100 hover:bg-white/5'
              }`
            }
          />
          <li className="pt-2">
            <RallyCallLink
              place="nav"
              className="block rounded-full bg-accent px-4 py-3 text-center font-bold text-night hover:bg-accent-light"
            />
          </li>
        </ul>
      </div>
    </header>
  );
}
