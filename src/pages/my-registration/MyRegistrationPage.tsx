// /my-registration and /my-registration/<secret>: each team's own page, reached by the secret
// link in its emails. Without a secret, or with one that opens nothing (wrong, altered, expired),
// the page offers "Email me my link" and shows nothing personal. With a valid one: the team, both
// drivers, the vehicle, the rooms and the emergency contact, the statement of money with "Pay
// balance", "Edit details" until the edition's cut-off, the documents the terms require
// (DocumentsSection, loaded after the rest of the page), the team's fundraising page, the team
// pack once paid in full, and "Cancel registration".
//
// Private: never indexed, never prerendered (the route is not in publicStaticPaths, so the build
// serves the empty shell) and the secret in the address is never sent as a Referer.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { FormMessage } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHero, Section } from '../../components/PageHero';
import { PrivateHead } from '../../components/PrivateHead';
import { Spinner } from '../../components/Spinner';
import { useDb } from '../../data/dbContext';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import {
  detailsOf,
  getTeamPage,
  LINK_NOT_VALID,
  type Cancellation,
  type TeamPage,
} from '../../data/teamPage';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { CancelRegistration } from './CancelRegistration';
import { EditDetailsForm } from './EditDetailsForm';
import { FundraisingSection } from './FundraisingForm';
import { RequestLinkForm } from './RequestLinkForm';
import { TeamPack } from './TeamPack';
import { owesBalance, TeamStatement } from './TeamStatement';

// Its own chunk: the documents carry the functions' client and the upload, which the rest of the
// page (and the public entry) do without.
const DocumentsSection = lazy(() => import('./DocumentsSection'));

/** How often, and how many times, the page asks again while a balance payment is confirmed. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLLS = 10;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="text-ink-muted sm:col-span-2">{children || '—'}</dd>
    </div>
  );
}

function joined(...parts: string[]): string {
  return parts.filter((part) => part.trim() !== '').join(', ');
}

function TeamFacts({ team }: { team: TeamPage }) {
  const vehicle = joined(
    [team.vehicle_make, team.vehicle_model].filter(Boolean).join(' '),
    team.vehicle_colour,
    team.registration_plate,
  );
  return (
    <section
      aria-labelledby="team-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="team-heading" className="text-2xl font-bold text-ink">
        Your team
      </h2>
      <dl className="mt-4 divide-y divide-slate-200">
        <Fact label="Team name">{team.team_name}</Fact>
        <Fact label="Lead driver">
          {joined(team.lead_driver_name, team.lead_driver_email, team.lead_driver_phone)}
        </Fact>
        <Fact label="Co-driver">
          {joined(team.co_driver_name, team.co_driver_email, team.co_driver_phone)}
        </Fact>
        <Fact label="Vehicle">{vehicle}</Fact>
        <Fact label="Rooms">
          {team.separate_rooms ? 'Separate rooms' : 'Sharing a twin or double room'}
        </Fact>
        <Fact label="Emergency contact">
          {joined(team.emergency_contact_name, team.emergency_contact_phone)}
        </Fact>
      </dl>
    </section>
  );
}

/** While a balance payment is confirmed (?paid=balance): asks again until the money shows it. */
function usePaymentConfirmation(team: TeamPage | null, reload: () => void) {
  const paid = new URLSearchParams(useLocation().search).get('paid') === 'balance';
  const [polls, setPolls] = useState(0);
  const waiting = paid && team !== null && owesBalance(team.money);
  useEffect(() => {
    if (!waiting || polls >= PAYMENT_POLLS) return;
    const timer = window.setTimeout(() => {
      setPolls((count) => count + 1);
      reload();
    }, PAYMENT_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, polls, reload, team]);
  if (!paid || team === null) return null;
  if (!waiting)
    return team.money.state === 'paid in full' ? (
      <FormMessage tone="success">Thank you: your payment has been received.</FormMessage>
    ) : null;
  return polls >= PAYMENT_POLLS ? (
    <FormMessage tone="success">
      Your payment is taking longer than usual to confirm. We will email your receipt when it
      arrives; please look at this page again in a few minutes.
    </FormMessage>
  ) : (
    <FormMessage tone="success">Thank you: your payment is being confirmed...</FormMessage>
  );
}

function Team({ secret, team, reload }: { secret: string; team: TeamPage; reload: () => void }) {
  const { edition, organisation } = useSiteSettings();
  // What a save answered, shown until the page is next loaded (which then answers the same).
  const [savedPage, setSavedPage] = useState<{ over: TeamPage; page: TeamPage } | null>(null);
  const shown = savedPage?.over === team ? savedPage.page : team;
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const confirmation = usePaymentConfirmation(shown, reload);
  // The supplement: the team's own when it has separate rooms, else its edition's when that is
  // the current one (the site's settings hold it); otherwise unknown until saved.
  const supplement =
    shown.money.supplement_pence > 0
      ? shown.money.supplement_pence
      : edition.year === shown.edition.year
        ? edition.separateRoomsSupplement
        : null;

  const saved = (next: TeamPage | null) => {
    setEditing(false);
    setNotice('Your details have been saved.');
    if (next) setSavedPage({ over: team, page: next });
    else reload();
  };
  const cancelled = (cancellation: Cancellation | null) => {
    setNotice(
      cancellation?.refund_due_pence
        ? `Your registration is cancelled. A refund of ${formatMoney(cancellation.refund_due_pence)} is due to you; the organisers will pay it back and email you.`
        : 'Your registration is cancelled. Under the terms nothing is due back.',
    );
    reload();
  };

  return (
    <div className="space-y-8">
      {confirmation}
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {shown.cancelled ? (
        <p role="status" className="rounded-2xl bg-slate-100 p-5 text-lg font-semibold text-ink">
          This registration was cancelled
          {shown.cancelled_at ? ` on ${formatLongDate(shown.cancelled_at)}` : ''}.
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <TeamFacts team={shown} />
        <TeamStatement money={shown.money} secret={secret} />
      </div>
      {shown.cancelled ? null : (
        <section aria-labelledby="details-heading" className="space-y-4">
          <h2 id="details-heading" className="text-2xl font-bold text-ink">
            Edit details
          </h2>
          {!shown.details_editable ? (
            <p className="text-ink-muted">
              Details could be changed until {formatLongDate(shown.details_editable_until)}. To
              change anything now, please contact the organisers at{' '}
              <a
                href={`mailto:${organisation.email}`}
                className="font-semibold text-blue-800 underline"
              >
                {organisation.email}
              </a>
              .
            </p>
          ) : editing ? (
            <EditDetailsForm
              secret={secret}
              initial={detailsOf(shown)}
              supplement={supplement}
              price={shown.money.price_pence}
              onSaved={saved}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <p className="text-ink-muted">
                You can change your drivers, team, vehicle, rooms and emergency contact until{' '}
                {formatLongDate(shown.details_editable_until)}.
              </p>
              <button
                type="button"
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
                className="inline-flex items-center justify-center rounded-full bg-night px-6 py-3 font-bold text-white hover:bg-night-700"
              >
                Edit details
              </button>
            </>
          )}
        </section>
      )}
      {shown.cancelled ? null : (
        <Suspense fallback={<Spinner label="Loading your documents..." />}>
          {/* A co-driver added or removed under Edit details changes what the team owes. */}
          <DocumentsSection
            key={shown.co_driver_name.trim() === '' ? 'one driver' : 'two drivers'}
            secret={secret}
            team={shown}
            teamPack={(readiness) =>
              shown.money.state !== 'paid in full' ? null : readiness.ready ? (
                <TeamPack secret={secret} />
              ) : (
                <p className="text-ink-muted">
                  Your team pack (door number, route outline and emergency numbers) is ready to
                  download here once every document has been accepted.
                </p>
              )
            }
          />
        </Suspense>
      )}
      {shown.cancelled ? null : <FundraisingSection secret={secret} />}
      {shown.may_cancel ? <CancelRegistration secret={secret} onCancelled={cancelled} /> : null}
    </div>
  );
}

function TeamBySecret({ secret }: { secret: string }) {
  const db = useDb();
  const { data, loading, reload } = useLoad<TeamPage | null | undefined>(
    `team-page:${secret}`,
    () => getTeamPage(secret, db),
    { empty: undefined },
  );
  if (loading) return <Spinner label="Loading your registration..." />;
  if (data === undefined)
    return (
      <LoadFailed
        message="Your registration could not be loaded. Please check your connection and try again."
        onRetry={reload}
      />
    );
  if (data === null)
    return (
      <div className="space-y-6">
        <h2 className="text-2xl font-bold text-ink">{LINK_NOT_VALID}</h2>
        <RequestLinkForm />
      </div>
    );
  // A later reload that failed keeps what is shown (useLoad's rule).
  return <Team secret={secret} team={data} reload={reload} />;
}

export default function MyRegistrationPage() {
  const { secret } = useParams();
  return (
    <>
      <PrivateHead title="Your registration" />
      <PageHero title="Your registration">
        <p>Your team&apos;s details, payments and changes, in one place.</p>
      </PageHero>
      <Section>
        {secret ? <TeamBySecret key={secret} secret={secret} /> : <RequestLinkForm />}
      </Section>
    </>
  );
}
