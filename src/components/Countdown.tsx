import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import type { SiteSettings } from '../config/site-defaults';
import { endOfDay, startOfDay } from '../lib/calendar';
import { countdownState } from '../lib/countdown';
import { usePrerendered } from '../prerender/protocol';
import { useClock } from '../lib/useClock';
import { buildTime } from '../lib/useNow';
import { formatLongDate } from '../../supabase/functions/_shared/formats/dates';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * Counts down to the edition's first day (its settings), refreshed every second; then says the
 * rally is under way, then that it has finished, with the next edition when one is set.
 *
 * Until the browser's clock is known (server, hydration) no numbers are drawn. A prerendered page
 * still shows the state the rally was in when it was built (under way, finished), so that the
 * visitor's first view is almost always right and nothing below moves when the clock arrives.
 */
export function Countdown({ edition }: { edition: SiteSettings['edition'] }) {
  const start = startOfDay(edition.startDate);
  const end = endOfDay(edition.endDate);
  // Once the rally has finished nothing here changes, so the clock stops.
  const now = useClock(end.getTime());
  const built = usePrerendered('built-at', buildTime);

  const atBuild = built ? countdownState(new Date(built.value), start, end) : null;
  const state = now
    ? countdownState(now, start, end)
    : atBuild?.phase === 'before'
      ? null
      : atBuild;

  if (state?.phase === 'during') {
    return (
      <div
        className="rounded-2xl bg-white/10 px-6 py-5 text-center backdrop-blur"
        data-testid="countdown"
      >
        <p className="text-2xl font-bold text-accent-light sm:text-3xl">
          {`The ${edition.name} is under way!`}
        </p>
        <p className="mt-2 text-slate-100">
          Our teams are on the road now, from {edition.startPlace} to {edition.finishPlace}. Follow
          their progress in the news.
        </p>
      </div>
    );
  }
  if (state?.phase === 'after') {
    return (
      <div
        className="rounded-2xl bg-white/10 px-6 py-5 text-center backdrop-blur"
        data-testid="countdown"
      >
        <p className="text-2xl font-bold text-accent-light sm:text-3xl">
          {`The ${edition.name} has finished`}
        </p>
        <p className="mt-2 text-slate-100">
          Thank you to every driver, sponsor and supporter.{' '}
          <Link to={paths.news} className="font-semibold text-white underline underline-offset-2">
            Read the rally news
          </Link>{' '}
          or{' '}
          <Link
            to={paths.gallery}
            className="font-semibold text-white underline underline-offset-2"
          >
            see the photos
          </Link>
          .
        </p>
        {edition.next ? (
          <p className="mt-2 text-slate-100" data-testid="next-edition">
            Next:{' '}
            {edition.next.url ? (
              <a
                href={edition.next.url}
                className="font-semibold text-white underline underline-offset-2"
              >
                {edition.next.name}
              </a>
            ) : (
              edition.next.name
            )}
            {edition.next.date ? `, from ${formatLongDate(edition.next.date)}` : ''}.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div data-testid="countdown">
      <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-accent-light">
        Countdown to the start
      </p>
      <dl className="grid grid-cols-4 gap-2 sm:gap-4">
        {UNITS.map((unit) => (
          <div
            key={unit}
            className="flex flex-col rounded-xl bg-white/10 px-2 py-3 text-center backdrop-blur sm:px-4 sm:py-4"
          >
            <dt className="text-xs uppercase tracking-wide text-slate-200 sm:text-sm">{unit}</dt>
            <dd
              className="order-first text-3xl font-extrabold tabular-nums text-white sm:text-5xl"
              data-unit={unit}
            >
              {state ? String(state[unit]).padStart(2, '0') : '--'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
