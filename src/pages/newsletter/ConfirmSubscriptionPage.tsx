// /newsletter/confirm/<secret>: the link in the newsletter's confirmation email (double opt-in).
// Opening it confirms the consent the person gave in the footer's box (confirm_newsletter), and
// only then is the address a subscriber. A wrong, altered or expired link says so and nothing
// personal. Private like every secret link's page: never indexed, never prerendered, no Referer.
import { Link, useParams } from 'react-router-dom';
import { FormMessage } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHero, Section } from '../../components/PageHero';
import { PrivateHead } from '../../components/PrivateHead';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useDb } from '../../data/dbContext';
import { confirmSubscription } from '../../data/newsletter';
import { useLoad } from '../../lib/useLoad';

export const SUBSCRIPTION_CONFIRMED =
  'Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe.';
export const CONFIRM_NOT_VALID = 'This confirmation link is not valid or has expired';
export const CONFIRM_FAILED =
  'Your subscription could not be confirmed. Please check your connection and try again.';

function Confirmation({ secret }: { secret: string }) {
  const db = useDb();
  const { data, loading, reload } = useLoad<boolean | undefined>(
    `newsletter-confirm:${secret}`,
    () => confirmSubscription(secret, db),
    { empty: undefined },
  );
  if (loading) return <Spinner label="Confirming your subscription..." />;
  if (data === undefined) return <LoadFailed message={CONFIRM_FAILED} onRetry={reload} />;
  if (!data)
    return (
      <div className="space-y-4">
        <h2 className="text-2xl font-bold text-ink">{CONFIRM_NOT_VALID}</h2>
        <p className="text-ink-muted">
          A confirmation link works for 7 days. Subscribe again from the box at the foot of any page
          for a new one.
        </p>
      </div>
    );
  return (
    <div className="space-y-4">
      <FormMessage tone="success">{SUBSCRIPTION_CONFIRMED}</FormMessage>
      <Link to={paths.news} className="inline-block font-semibold text-blue-800 underline">
        Read the rally news
      </Link>
    </div>
  );
}

export default function ConfirmSubscriptionPage() {
  const { secret } = useParams();
  return (
    <>
      <PrivateHead title="Confirm your subscription" />
      <PageHero title="The newsletter">
        <p>Confirming your address is how we know you asked for it.</p>
      </PageHero>
      <Section>
        <Confirmation key={secret ?? ''} secret={secret ?? ''} />
      </Section>
    </>
  );
}
