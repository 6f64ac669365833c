import { Link } from 'react-router-dom';
import { CalendarDays, Check, Clock, MapPin, Users } from 'lucide-react';
import { buttonStyles, HeroCallsToAction, PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { rally } from '../../config/rally';
import { included, routeStops } from '../../content/rallyDetails';
import type { RallyEvent } from '../../data/types';
import { listPublishedEvents } from '../../data/events';
import { formatPounds } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';
import { rallyEventJsonLd } from '../../components/structuredData';
import { useDb } from '../../data/dbContext';
import { usePlaces } from '../../data/places';

export function EventList({ events }: { events: RallyEvent[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {events.map((event) => (
        <li key={event.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
            <span className="rounded-full bg-blue-100 px-3 py-1 text-blue-900">{event.type}</span>
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-900">
              {event.status}
            </span>
          </div>
          <h3 className="mt-3 text-xl font-bold text-slate-900">{event.name}</h3>
          <dl className="mt-3 space-y-1 text-slate-700">
            <div className="flex items-center gap-2">
              <dt>
                <CalendarDays aria-hidden="true" className="h-4 w-4 text-amber-600" />
                <span className="sr-only">Date</span>
              </dt>
              <dd>{event.date}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <Clock aria-hidden="true" className="h-4 w-4 text-amber-600" />
                <span className="sr-only">Time</span>
              </dt>
              <dd>{event.time}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <MapPin aria-hidden="true" className="h-4 w-4 text-amber-600" />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{event.location}</dd>
            </div>
          </dl>
          {event.description ? <p className="mt-3 text-slate-600">{event.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export default function RallyPage() {
  const db = useDb();
  const places = usePlaces();
  const events = useLoad('events', () => listPublishedEvents(db), { empty: [], prerender: true });
  const spotsText = String(places.data?.remaining ?? rally.defaultSpotsRemaining);

  return (
    <>
      <Seo
        title="2026 Rally"
        description="The 2026 Europe Rally, 22-28 June 2026: a mystery route from the UK through Germany, Austria, Italy, Switzerland and France. £3,950 per car for two guests, £250 deposit."
        jsonLd={[rallyEventJsonLd()]}
      />
      <PageHero eyebrow={rally.dateRangeLabel} title="The 2026 Europe Rally">
        <p>
          {rally.days} days, {rally.nights} nights and a mystery route from the UK to Austria,
          raising money for children who need it most.
        </p>
        <HeroCallsToAction className="mt-8" />
      </PageHero>

      <Section
        title="The route"
        intro="The exact cities stay secret until the morning of each leg: it is a mystery route. What we can tell you is the shape of it."
      >
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {routeStops.map((stop, index) => (
            <li
              key={stop.place}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-900 font-bold text-amber-300">
                {index + 1}
              </span>
              <div>
                <p className="font-bold text-slate-900">{stop.place}</p>
                <p className="mt-1 text-slate-600">{stop.note}</p>
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
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="text-slate-600">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Package pricing">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="rounded-3xl bg-slate-900 p-8 text-white shadow-xl">
            <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">
              Per car
            </p>
            <p className="mt-2 text-5xl font-extrabold">{formatPounds(rally.pricePerCar)}</p>
            <ul className="mt-6 space-y-3 text-slate-200">
              <li>One car, two guests, sharing a twin or double room</li>
              <li>Separate rooms are available at an extra cost</li>
              <li>
                {rally.days} days, {rally.nights} nights&apos; accommodation
              </li>
              <li>{formatPounds(rally.deposit)} non-refundable deposit secures your place</li>
            </ul>
          </div>
          <div className="flex flex-col justify-center rounded-3xl border-2 border-amber-400 bg-amber-50 p-8">
            <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Users aria-hidden="true" className="h-5 w-5 text-amber-700" /> Spots remaining
            </p>
            <p
              className="mt-2 text-5xl font-extrabold text-slate-900"
              data-testid="spots-remaining"
            >
              {places.loading ? '…' : spotsText}
            </p>
            <h3 className="mt-6 text-2xl font-bold text-slate-900">Reserve your spot</h3>
            <p className="mt-2 text-slate-700">
              Register your team today and pay the {formatPounds(rally.deposit)} deposit to secure
              your place.
            </p>
            <Link to={paths.signUp} className={`${buttonStyles.dark} mt-6 self-start`}>
              Reserve Your Spot
            </Link>
          </div>
        </div>
      </Section>

      {events.loading ? (
        <Spinner label="Loading events..." />
      ) : events.data.length > 0 ? (
        <Section className="bg-white" title="Events">
          <EventList events={events.data} />
        </Section>
      ) : null}
    </>
  );
}
