// /sign-up/offer/<secret>: the page of a waiting-list offer, reached by the link in the offer's
// email. A standing offer shows until when the place is held and the registration form filled in
// with the name, email and phone the person joined with; registering through it (submit_registration
// with the offer's secret) takes the held place although the public page says the rally is full,
// and then goes on to the deposit as /sign-up does. "Decline this place" hands it on to the next
// person waiting. A wrong, altered, expired or used secret shows that the link is not valid and
// nothing personal.
//
// Private like the team's page: never indexed, never prerendered (not in publicStaticPaths) and
// the secret in the address is never sent as a Referer.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmPanel, pillButton } from '../../components/ConfirmPanel';
import { FormMessage } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHero, Section } from '../../components/PageHero';
import { PrivateHead } from '../../components/PrivateHead';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useDb } from '../../data/dbContext';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import {
  declineWaitingListOffer,
  getWaitingListOffer,
  type WaitingListOffer,
} from '../../data/waitingList';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { RegistrationForm } from './RegistrationForm';

export const OFFER_NOT_VALID = 'This offer link is not valid or has expired';
export const OFFER_LOAD_FAILED =
  'Your offer could not be loaded. Please check your connection and try again.';
export const DECLINE_FAILED = 'The place could not be declined. Please try again.';
export const DECLINED =
  'You have declined this place. It has gone to the next person on the waiting list. Thank you for letting us know.';

/** "Decline this place": asks first, then gives the place back. */
function DeclineOffer({
  secret,
  onDeclined,
}: {
  secret: string;
  onDeclined: (declined: boolean) => void;
}) {
  const db = useDb();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const decline = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onDeclined(await declineWaitingListOffer(secret, db));
    } catch (error) {
      console.warn('Could not decline the offer', error);
      setFailure(DECLINE_FAILED);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="decline-heading" className="space-y-4">
      <h2 id="decline-heading" className="text-2xl font-bold text-ink">
        Decline this place
      </h2>
      {asking ? (
        <ConfirmPanel
          id="decline-question"
          question="Decline this place? It goes to the next person on the waiting list at once, and this link stops working."
          failure={failure}
          busy={busy}
          confirmLabel="Yes, decline this place"
          busyLabel="Declining..."
          keepLabel="Keep the offer"
          onConfirm={() => void decline()}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <>
          <p className="text-ink-muted">
            If you cannot come, let the place go to the next person waiting.
          </p>
          <button
            type="button"
            onClick={() => setAsking(true)}
            className={`${pillButton} border-2 border-red-700 text-red-800 hover:bg-red-50`}
          >
            Decline this place
          </button>
        </>
      )}
    </section>
  );
}

function NotValid() {
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold text-ink">{OFFER_NOT_VALID}</h2>
      <p className="text-ink-muted">
        An offer holds its place for a limited time, and its link works until the place is taken or
        declined.
      </p>
      <Link to={paths.signUp} className="inline-block font-semibold text-blue-800 underline">
        Go to the sign-up page
      </Link>
    </div>
  );
}

type Departure = { onRegistered?: (paymentUrl: string) => void };

function Offer({
  secret,
  offer,
  reload,
  onRegistered,
}: {
  secret: string;
  offer: WaitingListOffer;
  reload: () => void;
} & Departure) {
  const { edition } = useSiteSettings();
  const [declined, setDeclined] = useState(false);
  if (declined) return <FormMessage tone="success">{DECLINED}</FormMessage>;
  return (
    <div className="space-y-10">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-ink">
          A place on the {offer.edition_name} is yours until{' '}
          {formatDateTime(offer.expires_at, 'long')}
        </h2>
        <p className="text-ink-muted">
          Register below and pay the
          {edition.year === offer.edition_year ? ` ${formatMoney(edition.deposit)}` : ''} deposit to
          take it. Until then nobody else can.
        </p>
      </div>
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <RegistrationForm
          prefilled={{
            leadDriverName: offer.name ?? '',
            leadDriverEmail: offer.email,
            leadDriverPhone: offer.phone ?? '',
          }}
          waitingListOffer={secret}
          onFull={reload}
          {...(onRegistered ? { onRegistered } : {})}
        />
      </div>
      <DeclineOffer secret={secret} onDeclined={(done) => (done ? setDeclined(true) : reload())} />
    </div>
  );
}

function OfferBySecret({ secret, onRegistered }: { secret: string } & Departure) {
  const db = useDb();
  const { data, loading, reload } = useLoad<WaitingListOffer | null | undefined>(
    `waiting-list-offer:${secret}`,
    () => getWaitingListOffer(secret, db),
    { empty: undefined },
  );
  if (loading) return <Spinner label="Loading your offer..." />;
  if (data === undefined) return <LoadFailed message={OFFER_LOAD_FAILED} onRetry={reload} />;
  if (data === null) return <NotValid />;
  return <Offer secret={secret} offer={data} reload={reload} onRegistered={onRegistered} />;
}

/** `onRegistered`: where the deposit's payment page is opened (the browser leaves; tests observe). */
export default function WaitingListOfferPage({ onRegistered }: Departure) {
  const { secret } = useParams();
  return (
    <>
      <PrivateHead title="A place from the waiting list" />
      <PageHero title="A place from the waiting list">
        <p>
          When a place becomes free, the first person waiting gets a link to this page by email.
        </p>
      </PageHero>
      <Section>
        {secret ? (
          <OfferBySecret key={secret} secret={secret} onRegistered={onRegistered} />
        ) : (
          <NotValid />
        )}
      </Section>
    </>
  );
}
