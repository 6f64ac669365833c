import { Check } from 'lucide-react';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { SubscribeForm } from '../../components/SubscribeForm';
import { rally } from '../../config/rally';
import { usePlaces } from '../../data/places';
import { formatPounds } from '../../lib/format';
import { RegistrationForm } from './RegistrationForm';

export const RALLY_FULL_HEADING = 'The 2026 rally is full';
export const RALLY_FULL_TEXT =
  'Every place on the 2026 Europe Rally has been taken, so registration is closed. Leave your email address and we will tell you if a place becomes free.';

/** At 0 places: the form and its deposit step are gone; the waiting list is offered instead. */
function RallyFull() {
  return (
    <div role="status" className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900">{RALLY_FULL_HEADING}</h2>
      <p className="text-slate-700">{RALLY_FULL_TEXT}</p>
      <SubscribeForm
        source="waitlist"
        label="Waiting list"
        button="Join the waiting list"
        tone="light"
        thanks={(email) => `Thank you! We will write to ${email} if a place becomes free.`}
        heading={<h3 className="text-lg font-semibold text-slate-900">Waiting list</h3>}
      />
    </div>
  );
}

export default function SignUpPage() {
  const places = usePlaces();
  const full = places.data !== null && places.data.remaining <= 0;
  return (
    <>
      <Seo
        title="Sign Up"
        description="Register your team for the 2026 Europe Rally, 22-28 June 2026. £3,950 per car for two guests; a £250 non-refundable deposit secures your place."
      />
      <PageHero eyebrow={rally.dateRangeLabel} title="Sign up to the 2026 tour">
        <p>
          Register your team below. After registering you will be taken to a secure page to pay your
          deposit.
        </p>
      </PageHero>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:col-span-2">
            {full ? <RallyFull /> : <RegistrationForm onFull={places.reload} />}
          </div>
          <aside
            aria-labelledby="pricing-heading"
            className="h-fit rounded-3xl bg-slate-900 p-8 text-white shadow-xl lg:sticky lg:top-24"
          >
            <h2
              id="pricing-heading"
              className="text-sm font-semibold uppercase tracking-widest text-amber-300"
            >
              Pricing
            </h2>
            <p className="mt-2 text-4xl font-extrabold">{formatPounds(rally.pricePerCar)}</p>
            <p className="text-slate-300">per car, two guests</p>
            <ul className="mt-6 space-y-3 text-slate-200">
              {[
                'One car, two guests sharing a twin or double room',
                `${rally.days} days, ${rally.nights} nights' accommodation`,
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
              <p className="mt-1 text-3xl font-extrabold">{formatPounds(rally.deposit)}</p>
              <p className="mt-1 text-sm text-slate-300">
                Non-refundable; it secures your place and counts towards the entry fee.
              </p>
            </div>
          </aside>
        </div>
      </Section>
    </>
  );
}
