// /unsubscribe/<secret>: the visible unsubscribe link of every newsletter (and where the
// List-Unsubscribe address's GET leads). Opening it unsubscribes (public.unsubscribe: the
// address's newsletter consent withdrawn, how 'link') and says so; "Resubscribe" shows the
// newsletter's wording and records a new consent to it, confirmed, since only the inbox's holder
// has the link. A wrong or altered link says it opens nothing, and nothing personal: the page
// never shows the address. Private like every secret link's page: never indexed, never
// prerendered, no Referer carrying the secret. Service emails (receipts, reminders, offers) are
// not affected, and the page says so.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormMessage } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHero, Section } from '../../components/PageHero';
import { PrivateHead } from '../../components/PrivateHead';
import { Spinner } from '../../components/Spinner';
import { NEWSLETTER_CONSENT } from '../../config/consent';
import { useDb } from '../../data/dbContext';
import { resubscribe, unsubscribe } from '../../data/newsletter';
import { useLoad } from '../../lib/useLoad';

export const UNSUBSCRIBED =
  'You are unsubscribed: we will send you no more newsletters. Emails about a registration or a waiting-list place you have still come to you.';
export const UNSUBSCRIBE_NOT_VALID = 'This unsubscribe link is not valid';
export const UNSUBSCRIBE_FAILED =
  'You could not be unsubscribed just now. Please check your connection and try again.';
export const RESUBSCRIBED = 'Welcome back: you are subscribed to the newsletter again.';
export const RESUBSCRIBE_FAILED = 'You could not be subscribed again. Please try again.';

function Resubscribe({ secret }: { secret: string }) {
  const db = useDb();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const again = async () => {
    setState('busy');
    try {
      setState((await resubscribe(secret, db)) ? 'done' : 'failed');
    } catch (error) {
      console.warn('Could not resubscribe', error);
      setState('failed');
    }
  };
  if (state === 'done') return <FormMessage tone="success">{RESUBSCRIBED}</FormMessage>;
  return (
    <section aria-labelledby="resubscribe-heading" className="space-y-3">
      <h2 id="resubscribe-heading" className="text-xl font-bold text-ink">
        Changed your mind?
      </h2>
      <p id="resubscribe-wording" className="text-ink-muted">
        {NEWSLETTER_CONSENT.wording}
      </p>
      {state === 'failed' ? <FormMessage tone="error">{RESUBSCRIBE_FAILED}</FormMessage> : null}
      <button
        type="button"
        disabled={state === 'busy'}
        aria-describedby="resubscribe-wording"
        onClick={() => void again()}
        className="rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300 disabled:opacity-60"
      >
        {state === 'busy' ? 'Subscribing...' : 'Resubscribe'}
      </button>
    </section>
  );
}

function Unsubscribing({ secret }: { secret: string }) {
  const db = useDb();
  const { data, loading, reload } = useLoad<boolean | undefined>(
    `unsubscribe:${secret}`,
    () => unsubscribe(secret, db),
    { empty: undefined },
  );
  if (loading) return <Spinner label="Unsubscribing..." />;
  if (data === undefined) return <LoadFailed message={UNSUBSCRIBE_FAILED} onRetry={reload} />;
  if (!data)
    return (
      <div className="space-y-4">
        <h2 className="text-2xl font-bold text-ink">{UNSUBSCRIBE_NOT_VALID}</h2>
        <p className="text-ink-muted">
          Please use the link in the newsletter itself, or write to us from the contact page.
        </p>
      </div>
    );
  return (
    <div className="space-y-10">
      <FormMessage tone="success">{UNSUBSCRIBED}</FormMessage>
      <Resubscribe secret={secret} />
    </div>
  );
}

export default function UnsubscribePage() {
  const { secret } = useParams();
  return (
    <>
      <PrivateHead title="Unsubscribe" />
      <PageHero title="Unsubscribe">
        <p>The newsletter, and how to stop it.</p>
      </PageHero>
      <Section>
        <Unsubscribing key={secret ?? ''} secret={secret ?? ''} />
      </Section>
    </>
  );
}
