// An edition's page, /{year}-rally: the current edition's rally (its dates, route, prices and
// the call to sign up) or, for any other published edition, the finished rally (its dates, route,
// cars and funds raised, its photos and news, no sign-up). Any other path it is given, or a year
// without a published edition, is the 404 page.
import { Link, useParams } from 'react-router-dom';
import { CalendarDays, Check, Clock, MapPin, Users } from 'lucide-react';
import { buttonStyles, HeroCallsToAction, PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { included, routeStops } from '../../content/rallyDetails';
import type { RallyEvent } from '../../data/types';
import { eventDateLabel, listPublishedEvents, splitByDate } from '../../data/events';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { rallyEventJsonLd } from '../../components/structuredData';
import { useDb } from '../../data/dbContext';
import { useSiteSettings, useSiteSettingsLoading } from '../../data/SiteSettingsProvider';
import { paths, rallyPageYear } from '../../config/paths';
import { countEditionCars, listPublishedEditions } from '../../data/editions';
import type { Edition } from '../../data/types';
import NotFoundPage from '../not-found/NotFoundPage';
import { useRallyPhase } from '../../data/useRallyPhase';
import { dateRangeLabel, rallyLength, type RallyPhase } from '../../lib/calendar';
import { localDay, useNow } from '../../lib/useNow';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { NEWSLETTER_ANCHOR } from '../../components/RallyCall';
import type { SiteSettings } from '../../config/site-defaults';
import { usePlaces } from '../../data/places';
import { PublicTeams } from './PublicTeams';

/**
 * The rally's events; `finished` for those whose date has passed, whose stored status (written
 * before the day, "Registration Open") no longer holds.
 */
export function EventList({
  events,
  finished = false,
}: {
  events: RallyEvent[];
  finished?: boolean;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {events.map((event) => (
        <li key={event.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
            <span className="rounded-full bg-blue-100 px-3 py-1 text-blue-900">{event.type}</span>
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-900">
              {finished ? 'Finished' : event.status}
            </span>
          </div>
          <h3 className="mt-3 text-xl font-bold text-ink">{event.name}</h3>
          <dl className="mt-3 space-y-1 text-slate-700">
            <div className="flex items-center gap-2">
              <dt>
                <CalendarDays aria-hidden="true" className="h-4 w-4 text-amber-600" />
                <span className="sr-only">Date</span>
              </dt>
              <dd>{eventDateLabel(event)}</dd>
            </div>
            {event.time ? (
              <div className="flex items-center gap-2">
                <dt>
                  <Clock aria-hidden="true" className="h-4 w-4 text-amber-600" />
                  <span className="sr-only">Time</span>
                </dt>
                <dd>{event.time}</dd>
              </div>
            ) : null}
            <div className="flex items-center gap-2">
              <dt>
                <MapPin aria-hidden="true" className="h-4 w-4 text-amber-600" />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{event.location}</dd>
            </div>
          </dl>
          {event.description ? <p className="mt-3 text-ink-muted">{event.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The pricing panel's second half: reserving a place, or why there is none to reserve now. */
function ReservePanel({
  phase,
  edition,
  spots,
}: {
  phase: RallyPhase;
  edition: SiteSettings['edition'];
  spots: string;
}) {
  const heading = 'mt-6 text-2xl font-bold text-ink';
  const action = `${buttonStyles.dark} mt-6 self-start`;
  switch (phase) {
    case 'before-opening':
      return (
        <>
          <h3 className={heading}>
            Registration opens {formatLongDate(edition.registrationOpens)}
          </h3>
          <p className="mt-2 text-slate-700">
            Register your interest and we will tell you the moment places open.
          </p>
          <a href={NEWSLETTER_ANCHOR} className={action}>
            Register Your Interest
          </a>
        </>
      );
    case 'open':
      return (
        <>
          <p className="mt-6 flex items-center gap-2 text-lg font-semibold text-ink">
            <Users aria-hidden="true" className="h-5 w-5 text-amber-700" /> Spots remaining
          </p>
          <p className="mt-2 text-5xl font-extrabold text-ink" data-testid="spots-remaining">
            {spots}
          </p>
          <h3 className={heading}>Reserve your spot</h3>
          <p className="mt-2 text-slate-700">
            Register your team today and pay the {formatMoney(edition.deposit)} deposit to secure
            your place. Registration closes {formatLongDate(edition.registrationCloses)}.
          </p>
          <Link to={paths.signUp} className={action}>
            Reserve Your Spot
          </Link>
        </>
      );
    case 'full':
    case 'closed':
      return (
        <>
          <h3 className={heading} data-testid="registration-closed">
            {phase === 'full' ? 'Fully booked' : 'Registration is closed'}
          </h3>
          <p className="mt-2 text-slate-700">
            {phase === 'full'
              ? `Every place on the ${edition.name} is taken.`
              : `Registration for the ${edition.name} closed on ${formatLongDate(edition.registrationCloses)}.`}{' '}
            Join the newsletter to hear about the next rally first.
          </p>
          <a href={NEWSLETTER_ANCHOR} className={action}>
            Join the Newsletter
          </a>
        </>
      );
    case 'during':
      return (
        <>
          <h3 className={heading}>On the road now</h3>
          <p className="mt-2 text-slate-700">
            The {edition.name} is under way. Follow the teams in the news.
          </p>
          <Link to={paths.news} className={action}>
            Rally News
          </Link>
        </>
      );
    case 'after':
      return (
        <>
          <h3 className={heading}>Thank you</h3>
          <p className="mt-2 text-slate-700">
            The {edition.name} has finished. Thank you to every driver, sponsor and supporter: read
            the results in the news and see the photos in the gallery.
          </p>
          {edition.next ? (
            <p className="mt-2 font-semibold text-ink" data-testid="next-edition">
              Next: {edition.next.name}
              {edition.next.date ? `, from ${formatLongDate(edition.next.date)}` : ''}
            </p>
          ) : null}
          {edition.next?.url ? (
            <a href={edition.next.url} className={action}>
              About the {edition.next.name}
            </a>
          ) : (
            <Link to={paths.gallery} className={action}>
              See the Photos
            </Link>
          )}
        </>
      );
  }
}

/** The current edition's page: the rally to come, its prices and the call to sign up. */
function CurrentRallyPage() {
  const db = useDb();
  const places = usePlaces();
  const events = useLoad('events', () => listPublishedEvents(db), { empty: [], prerender: true });
  const settings = useSiteSettings();
  const { edition } = settings;
  const phase = useRallyPhase(places.data);
  const today = localDay(useNow());
  const { upcoming, past } = splitByDate(events.data, today);
  const dates = dateRangeLabel(edition.startDate, edition.endDate);
  const { days, nights } = rallyLength(edition);
  const spotsText = places.loading ? '…' : String(places.data?.remaining ?? edition.capacity);

  return (
    <>
      <Seo
        title={`${edition.year} Rally`}
        description={`The ${edition.name}, ${dates}: a mystery route from the ${edition.startPlace} to ${edition.finishPlace}. ${formatMoney(edition.price)} per car for two guests, ${formatMoney(edition.deposit)} deposit.`}
        jsonLd={[rallyEventJsonLd(settings, phase)]}
      />
      <PageHero eyebrow={dates} title={`The ${edition.name}`}>
        <p>
          {days} days, {nights} nights and a mystery route from the {edition.startPlace} to{' '}
          {edition.finishPlace}, raising money for children who need it most.
        </p>
        <HeroCallsToAction className="mt-8" />
      </PageHero>

      <Section
        title="The route"
        intro="The exact cities stay secret until the morning of each leg: it is a mystery route. What we can tell you is the shape of it."
      >
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[
            {
              place: `Start: ${edition.startPlace}`,
              note: 'We gather at the start and cross the Channel together.',
            },
            ...routeStops,
          ].map((stop, index) => (
            <li
              key={stop.place}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-night-800 font-bold text-accent-light">
                {index + 1}
              </span>
              <div>
                <p className="font-bold text-ink">{stop.place}</p>
                <p className="mt-1 text-ink-muted">{stop.note}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section className="bg-white" title="What is included">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {included.map((item) => (
            <li key={item.title} className="flex gap-3">
              <Check aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-emerald-700" />
              <div>
                <p className="font-semibold text-ink">{item.title}</p>
                <p className="text-ink-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Package pricing">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="rounded-3xl bg-night-800 p-8 text-white shadow-xl">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-light">
              Per car
            </p>
            <p className="mt-2 text-5xl font-extrabold" data-testid="rally-price">
              {formatMoney(edition.price)}
            </p>
            <ul className="mt-6 space-y-3 text-slate-200">
              <li>One car, two guests, sharing a twin or double room</li>
              <li>Separate rooms are available at an extra cost</li>
              <li>
                {days} days, {nights} nights&apos; accommodation
              </li>
              <li>{formatMoney(edition.deposit)} non-refundable deposit secures your place</li>
            </ul>
          </div>
          <div className="flex flex-col justify-center rounded-3xl border-2 border-accent bg-amber-50 p-8">
            <ReservePanel phase={phase} edition={edition} spots={spotsText} />
          </div>
        </div>
      </Section>

      {events.loading ? (
        <Spinner label="Loading events..." />
      ) : (
        <>
          {upcoming.length > 0 ? (
            <Section className="bg-white" title="Upcoming events" id="upcoming-events">
              <EventList events={upcoming} />
            </Section>
          ) : null}
          {past.length > 0 ? (
            <Section title="Past events" id="past-events">
              <EventList events={past} finished />
            </Section>
          ) : null}
        </>
      )}
      <PublicTeams year={edition.year} />
    </>
  );
}

/** A published edition other than the current one: the finished rally (or one announced). */
function OtherEditionPage({ edition, current }: { edition: Edition; current: number }) {
  const db = useDb();
  const finished = edition.year < current;
  const cars = useLoad(`edition-cars-${edition.year}`, () => countEditionCars(db, edition.year), {
    empty: null,
    prerender: true,
  });
  const dates = dateRangeLabel(edition.start_date, edition.end_date);
  const route = `from the ${edition.start_place} to ${edition.finish_place}`;
  return (
    <>
      <Seo
        title={`${edition.year} Rally`}
        description={`The ${edition.name}, ${dates}: a charity car rally ${route}${finished ? ', now finished' : ''}.`}
      />
      <PageHero eyebrow={dates} title={`The ${edition.name}`}>
        <p data-testid="edition-state">
          {finished
            ? `The ${edition.name} has finished: a mystery route ${route}. Thank you to every driver, sponsor and supporter.`
            : `The ${edition.name} will run ${route}. Registration opens once it is the current rally.`}
        </p>
      </PageHero>
      <Section title={finished ? 'The rally in numbers' : 'The rally'}>
        <dl className="grid gap-6 sm:grid-cols-3">
          {[
            { term: 'Dates', value: dates },
            { term: 'Route', value: `${edition.start_place} to ${edition.finish_place}` },
            ...(finished && cars.data !== null ? [{ term: 'Cars', value: String(cars.data) }] : []),
            ...(finished && edition.funds_raised !== null
              ? [{ term: 'Funds raised', value: formatMoney(edition.funds_raised) }]
              : []),
          ].map((fact) => (
            <div key={fact.term} className="rounded-2xl border border-slate-200 bg-white p-6">
              <dt className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
                {fact.term}
              </dt>
              <dd
                className="mt-2 text-2xl font-bold text-ink"
                data-testid={`edition-${fact.term.toLowerCase().replace(' ', '-')}`}
              >
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-wrap gap-4">
          {finished ? (
            <>
              <Link to={paths.gallery} className={buttonStyles.dark}>
                See the Photos
              </Link>
              <Link to={paths.news} className={buttonStyles.dark}>
                Rally News
              </Link>
            </>
          ) : null}
          <Link to={paths.rallyPage(current)} className={buttonStyles.dark}>
            See the {current} Rally
          </Link>
        </div>
      </Section>
      <PublicTeams year={edition.year} finished={finished} />
    </>
  );
}

/** The edition of `year`: the current one's page, another published one's, or the 404 page. */
function EditionPage({ year }: { year: number }) {
  const db = useDb();
  const settingsLoading = useSiteSettingsLoading();
  const current = useSiteSettings().edition.year;
  const editions = useLoad('editions', (signal) => listPublishedEditions(db, signal), {
    empty: [],
    prerender: true,
  });
  // The seed's facts stand in until the database answers (and in a build without one), so the
  // seed year's page is drawn at once; another year waits to learn which edition it is.
  if (year === current) return <CurrentRallyPage />;
  if (settingsLoading || editions.loading) return <Spinner label="Loading the rally..." />;
  const edition = editions.data.find((row) => row.year === year);
  return edition ? <OtherEditionPage edition={edition} current={current} /> : <NotFoundPage />;
}

/** The route /:rallyPage: an edition's page when the path is /{year}-rally, else the 404 page. */
export default function RallyPage() {
  const year = rallyPageYear(useParams().rallyPage);
  return year === null ? <NotFoundPage /> : <EditionPage year={year} />;
}
