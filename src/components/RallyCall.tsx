// The rally's call to action as the calendar has it (src/lib/calendar): the hero's first button
// and the navigation's button say the same thing in every phase, and only 'open' leads to
// /sign-up.
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import type { RallyPhase } from '../lib/calendar';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { useRallyPhase } from '../data/useRallyPhase';

/** The footer's newsletter box: where interest is registered before registration opens. */
export const NEWSLETTER_ANCHOR = '#footer-email';

type Call = { label: string; to: string };

export function rallyCall(phase: RallyPhase, year: number, place: 'hero' | 'nav'): Call {
  switch (phase) {
    case 'before-opening':
      return { label: 'Register Your Interest', to: NEWSLETTER_ANCHOR };
    case 'open':
      return place === 'hero'
        ? { label: 'Sign Up Today', to: paths.signUp }
        : { label: `Sign Up to ${year} Tour`, to: paths.signUp };
    case 'full':
      return { label: 'Fully Booked', to: paths.rallyPage(year) };
    case 'closed':
      return { label: 'Registration Closed', to: paths.rallyPage(year) };
    case 'during':
      return { label: 'On the Road Now', to: paths.news };
    case 'after':
      return { label: 'See the Photos', to: paths.gallery };
  }
}

/** The rally's call for this phase, as a link styled by `className`. */
export function RallyCallLink({ place, className }: { place: 'hero' | 'nav'; className: string }) {
  const phase = useRallyPhase();
  const { edition } = useSiteSettings();
  const call = rallyCall(phase, edition.year, place);
  return call.to.startsWith('#') ? (
    <a href={call.to} className={className} data-phase={phase}>
      {call.label}
    </a>
  ) : (
    <Link to={call.to} className={className} data-phase={phase}>
      {call.label}
    </Link>
  );
}
