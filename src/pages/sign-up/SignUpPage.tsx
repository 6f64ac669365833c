import { Check } from 'lucide-react';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Link } from 'react-router-dom';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { useRallyPhase } from '../../data/useRallyPhase';
import { usePlaces } from '../../data/places';
import { dateRangeLabel, rallyLength, type RallyPhase } from '../../lib/calendar';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { NEWSLETTER_ANCHOR, rallyCall } from '../../components/RallyCall';
import { SubscribeForm } from '../../components/SubscribeForm';
import type { SiteSettings } from '../../config/site-defaults';
import { NextRallyForm } from '../../components/NextRallyForm';
import { RegistrationForm } from './RegistrationForm';
import { WaitingListForm } from './WaitingListForm';

/**
 * Why there is no form: the calendar's state, in place of the registration and deposit steps.
 * Before registration opens the visitor leaves an address (newsletter_subscribers, source
 * 'waitlist') to hear when it opens. When the rally is full they join the edition's waiting list
 * (WaitingListForm): a freed place is offered to the first person waiting.
 */
function NotOpen({
  phase,
  edition,
  onPlacesLeft,
}: {
  phase: Exclude<RallyPhase, 'open'>;
  edition: SiteSettings['edition'];
  onPlacesLeft: () => void;
}) {
  const message: Record<Exclude<RallyPhase, 'open'>, string> = {
    'before-opening': `Registration for the ${edition.name} opens on ${formatLongDate(edition.registrationOpens)}. Register your interest and we will tell you when it opens.`,
    full: `Every place on the ${edition.name} has been taken, so registration is closed. Join the waiting list and we will offer you a place if one becomes free.`,
    closed: `Registration for the ${edition.name} closed on ${formatLongDate(edition.registrationCloses)}. Join the newsletter to hear about the next rally first.`,
    during: `The ${edition.name} is on the road now. Registration has closed.`,
    after: `The ${edition.name} has finished. Thank you to everyone who took part.`,
  };
  const heading: Record<Exclude<RallyPhase, 'open'>, string> = {
    'before-opening': 'Registration is not open yet',
    full: `The ${edition.year} rally is full`,
    closed: 'Registration is closed',
    during: 'Registration is closed',
    after: 'Registration is closed',
  };
  const call = rallyCall(phase, edition.year, 'hero');
  const linkClass = 'mt-6 inline-block font-semibold text-blue-800 underline';
  return (
    <div role="status" data-testid="registration-state" data-phase={phase} className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900">{heading[phase]}</h2>
      <p className="text-slate-700">{message[phase]}</p>
      {phase === 'full' ? (
        <WaitingListForm editionName={edition.name} onPlacesLeft={onPlacesLeft} />
      ) : phase === 'before-opening' ? (
        <SubscribeForm
          source="waitlist"
          label="Register your interest"
          button="Register Your Interest"
          tone="light"
          thanks={(email) =>
            `Thank you! Please confirm with the link we have emailed to ${email}; then we will write when registration opens.`
          }
          heading={<h3 className="text-lg font-semibold text-slate-900">Register your interest</h3>}
        />
      ) : phase === 'after' ? (
        <NextRallyForm tone="light" />
      ) : phase === 'during' ? (
        <Link to={call.to} className={linkClass}>
          {call.label}
        </Link>
      ) : (
        <a href={NEWSLETTER_ANCHOR} className={linkClass}>
          Join the Newsletter
        </a>
      )}
    </div>
  );
}

export default function SignUpPage() {
  const { edition } = useSiteSettings();
  // The page counts the places itself so a registration that finds the rally full reloads them.
  const places = usePlaces();
  const phase = useRallyPhase(places.data);
  const dates = dateRangeLabel(edition.startDate, edition.endDate);
  const { days, nights } = rallyLength(edition);
  return (
    <>
      <Seo
        title="Sign Up"
        description={`Register your team for the ${edition.name}, ${dates}. ${formatMoney(edition.price)} per car for two guests; a ${formatMoney(edition.deposit)} non-refundable deposit secures your place.`}
      />
      <PageHero eyebrow={dates} title={`Sign up to the ${edition.year} tour`}>
        <p>
          {phase === 'open'
            ? 'Register your team below. After registering you will be taken to a secure page to pay your deposit.'
            : `Registration for the ${edition.name} is not open.`}
        </p>
      </PageHero>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          {/* Prices and the deposit only while registration is open: nothing is for sale else. */}
          {phase === 'open' ? (
            <aside
              aria-labelledby="pricing-heading"
              // First in the page, so on a phone (and to a screen reader) the price and deposit
              // come before the submit button; beside the form on a laptop.
              className="h-fit rounded-3xl bg-slate-900 p-8 text-white shadow-xl lg:sticky lg:top-24 lg:order-last"
            >
              <h2
                id="pricing-heading"
                className="text-sm font-semibold uppercase tracking-widest text-amber-300"
              >
                Pricing
              </h2>
              <p className="mt-2 text-4xl font-extrabold">{formatMoney(edition.price)}</p>
              <p className="text-slate-300">per car, two guests</p>
              <ul className="mt-6 space-y-3 text-slate-200">
                {[
                  'One car, two guests sharing a twin or double room',
                  `${days} days, ${nights} nights' accommodation`,
                  'Separate rooms available at an extra cost',
                ].map((line) => (
                  <li key={line} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" />
                    {line}
                  </li>
                ))}
              </ul>
              <div className="mt-8 rounded-2xl bg-white/10 p-5">
                <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">
                  Deposit today
                </p>
                <p className="mt-1 text-3xl font-extrabold">{formatMoney(edition.deposit)}</p>
                <p className="mt-1 text-sm text-slate-300">
                  Non-refundable; it secures your place and counts towards the entry fee.
                </p>
              </div>
            </aside>
          ) : null}
          <div
            className={`rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 ${phase === 'open' ? 'lg:col-span-2' : 'lg:col-span-3'}`}
          >
            {phase === 'open' ? (
              <RegistrationForm onFull={places.reload} />
            ) : (
              <NotOpen phase={phase} edition={edition} onPlacesLeft={places.reload} />
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
