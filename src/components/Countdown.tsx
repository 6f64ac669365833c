import { Link } from 'react-router-dom';
import { rally } from '../config/rally';
import { paths } from '../config/paths';
import { finishAfter, parseLocalDateTime, rallyPhase } from '../lib/countdown';
import { usePrerendered } from '../prerender/protocol';
import { useClock } from '../lib/useClock';

/** When the page was built: the time prerendering asked for (see below). */
const buildTime = () => Promise.resolve(Date.now());

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * Counts down to the rally start (the `rally_start_date` setting when it is readable, else the
 * constant), refreshed every second.
 *
 * Until the browser's clock is known (server, hydration) no numbers are drawn. A prerendered page
 * still shows the state the rally was in when it was built (under way, finished), so that the
 * visitor's first view is almost always right and nothing below moves when the clock arrives.
 */
export function Countdown({ startOverride }: { startOverride?: string | null }) {
  const start = parseLocalDateTime(startOverride) ?? parseLocalDateTime(rally.startDate);
  const fixedEnd = finishAfter(parseLocalDateTime(rally.endDate) ?? new Date(0));
  // When the start is moved later than the planned finish, the rally still lasts its 7 days.
  const end =
    !start || start.getTime() < fixedEnd.getTime()
      ? fixedEnd
      : finishAfter(new Date(start.getTime() + (rally.days - 1) * 86_400_000));
  // Once the rally has finished nothing here changes, so the clock stops.
  const now = useClock(start ? end.getTime() : 0);
  const built = usePrerendered('built-at', buildTime);

  if (!start) return null;
  const atBuild = built ? rallyPhase(new Date(built.value), start, end) : null;
  const state = now ? rallyPhase(now, start, end) : atBuild?.phase === 'before' ? null : atBuild;

  if (state?.phase === 'during') {
    return (
      <div
        className="rounded-2xl bg-white/10 px-6 py-5 text-center backdrop-blur"
        data-testid="countdown"
      >
        <p className="text-2xl font-bold text-amber-300 sm:text-3xl">
          The 2026 Europe Rally is under way!
        </p>
        <p className="mt-2 text-slate-100">
          Our teams are on the road from the UK to Austria. Follow their progress in the news.
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
        <p className="text-2xl font-bold text-amber-300 sm:text-3xl">
          The 2026 Europe Rally has finished
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
      </div>
    );
  }
  return (
    <div data-testid="countdown">
      <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-amber-300">
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
