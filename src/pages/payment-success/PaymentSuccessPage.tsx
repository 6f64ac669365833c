// After the deposit: 'Payment Successful!' only once the payment provider's webhook has marked
// this registration paid, with the booking reference and the receipt sent at that moment. The
// reference comes from the after-payment redirect (?ref=…) or, for a Payment Link redirecting
// without it, from the sign-up page's session storage. While the webhook is on its way the page
// says the payment is being confirmed and asks again briefly; a payment the database could not
// apply as the deposit (the rally filled meanwhile, a wrong amount: issue 20) is said plainly.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CircleAlert, CircleCheckBig, Clock, LoaderCircle } from 'lucide-react';
import { ContactLinks } from '../../components/ContactLinks';
import { Seo } from '../../components/Seo';
import { buttonStyles } from '../../components/PageHero';
import { paths } from '../../config/paths';
import { useDb } from '../../data/dbContext';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import {
  getDepositStatus,
  PENDING_REFERENCE_KEY,
  type DepositStatus,
} from '../../data/registrations';
import { isUuid } from '../../../supabase/functions/_shared/formats/uuid';

/** How often, and how many times, the page asks whether the payment has been confirmed. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_POLLS = 20;

type View = 'checking' | 'no-reference' | 'error' | DepositStatus;

function storedReference(): string | null {
  try {
    return sessionStorage.getItem(PENDING_REFERENCE_KEY);
  } catch {
    return null;
  }
}

function useDepositView(): { view: View; reference: string } {
  const db = useDb();
  const { search } = useLocation();
  const fromUrl = new URLSearchParams(search).get('ref');
  const [view, setView] = useState<View>('checking');
  const [reference, setReference] = useState('');
  useEffect(() => {
    // Read after hydration: the prerendered page (and the first render) cannot know the
    // reference, which session storage may hold.
    const reference = fromUrl ?? storedReference();
    let polls = 0;
    let timer = 0;
    let live = true;
    const ask = async () => {
      polls += 1;
      if (!reference || !isUuid(reference)) return setView('no-reference');
      try {
        const status = await getDepositStatus(reference, db);
        if (!live) return;
        setReference(reference);
        setView(status);
        if (status === 'pending' && polls < CONFIRM_POLLS)
          timer = window.setTimeout(() => void ask(), CONFIRM_POLL_MS);
      } catch (error) {
        console.warn('Could not check the deposit', error);
        if (live) setView('error');
      }
    };
    void ask();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [db, fromUrl]);
  return { view, reference };
}

/**
 * One of several texts, in a box as tall as the tallest of them at the current width: the page
 * is prerendered as 'checking' and changes its words once it has asked, and a box that grew
 * would push everything below it down (Lighthouse measured a layout shift of 0.08 here).
 */
function SteadyText({
  texts,
  shown,
  as: Tag,
  className,
  live = false,
}: {
  texts: string[];
  shown: string;
  as: 'h1' | 'p';
  className: string;
  live?: boolean;
}) {
  return (
    // The live region is the box, so the words that replace the old ones are announced.
    <div role={live ? 'status' : undefined} className={`grid ${className}`}>
      {texts
        .filter((text) => text !== shown)
        .map((text) => (
          <div key={text} aria-hidden="true" className="invisible [grid-area:1/1]">
            {text}
          </div>
        ))}
      {/* The same element keeps its place while its words change: a new element would be
          painted late and become the page's largest paint. Left-aligned, so the words start
          where they started (a centred line whose words change starts at another x, which
          the browser counts as a shift). */}
      <Tag className="[grid-area:1/1]">{shown}</Tag>
    </div>
  );
}

const boxClass = 'rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-12';

/** The booking reference, for the visitor to quote; it shows once the page has found it. */
function BookingReference({ reference }: { reference: string }) {
  if (!reference) return null;
  return (
    <p className="mt-6 text-lg text-slate-700">
      Your booking reference:{' '}
      <span className="break-all font-mono font-semibold text-ink">{reference}</span>
    </p>
  );
}

function NotYet({ view, reference }: { view: Exclude<View, 'paid'>; reference: string }) {
  const text: Record<Exclude<View, 'paid'>, { title: string; body: string }> = {
    checking: { title: 'Checking your payment', body: 'One moment while we check your deposit.' },
    pending: {
      title: 'Your payment is being confirmed',
      body: 'We are waiting for the payment provider to confirm your deposit. This page updates by itself; if it does not within a few minutes, you will still receive an email once the payment is confirmed.',
    },
    'no-reference': {
      title: 'We could not find your registration',
      body: 'This page was opened without a registration reference, so we cannot tell whether a deposit was paid. If you have paid, you will receive a confirmation email; if not, please register first.',
    },
    unknown: {
      title: 'We could not find your registration',
      body: 'No registration matches this reference, so we cannot confirm a deposit. Please check the link, or contact us.',
    },
    failed: {
      title: 'Your payment did not go through',
      body: 'The payment provider told us the deposit failed, so your place is not secured yet. Please try again, or contact us.',
    },
    exception: {
      title: 'We could not accept your payment as the deposit',
      body: 'Your payment reached us, but we could not count it as the deposit for this registration (for example, the last place was taken while you were paying, or the amount was not the deposit). Your place is not secured. We have told the organisers, who will contact you about a refund; please quote your booking reference.',
    },
    error: {
      title: 'We could not check your payment',
      body: 'Something went wrong while checking your deposit. Please reload this page in a moment, or contact us.',
    },
  };
  const { title, body } = text[view];
  const Icon = view === 'checking' ? LoaderCircle : view === 'pending' ? Clock : CircleAlert;
  const all = Object.values(text);
  return (
    <div className={boxClass}>
      <Icon
        aria-hidden="true"
        className={`h-16 w-16 text-amber-600 ${view === 'checking' ? 'animate-spin motion-reduce:animate-none' : ''}`}
      />
      <SteadyText
        as="h1"
        texts={[...new Set(all.map((entry) => entry.title))]}
        shown={title}
        className="mt-6 text-3xl font-extrabold tracking-tight text-ink"
      />
      <SteadyText
        as="p"
        live
        texts={all.map((entry) => entry.body)}
        shown={body}
        className="mt-4 text-lg text-slate-700"
      />
      {view === 'exception' ? <BookingReference reference={reference} /> : null}
      <div className="mt-10">
        <h2 className="text-xl font-bold text-ink">Questions?</h2>
        <ul className="mt-4 space-y-2 text-slate-700">
          <ContactLinks />
        </ul>
      </div>
      {/* Stacked, Home first: the registration link arrives below it once the page knows it
          is wanted, and moves nothing that is already drawn. */}
      <div className="mt-10 flex flex-col items-start gap-4">
        <Link to={paths.home} className={buttonStyles.dark}>
          Back to Home
        </Link>
        {view === 'no-reference' || view === 'unknown' || view === 'failed' ? (
          <Link to={paths.signUp} className={buttonStyles.primary}>
            Go to registration
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export default function PaymentSuccessPage() {
  const { view, reference } = useDepositView();
  const { edition } = useSiteSettings();
  return (
    <>
      <Seo
        title="Deposit payment"
        description={`The status of your deposit for the ${edition.name}.`}
      />
      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        {view !== 'paid' ? (
          <NotYet view={view} reference={reference} />
        ) : (
          <div className={`${boxClass} text-center`}>
            <CircleCheckBig aria-hidden="true" className="mx-auto h-16 w-16 text-emerald-600" />
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink">
              Payment Successful!
            </h1>
            <p className="mt-4 text-lg text-slate-700">
              Thank you for registering for the {edition.name}. Your place is secured.
            </p>
            <BookingReference reference={reference} />
            <div className="mt-10 text-left">
              <h2 className="text-xl font-bold text-ink">What happens next</h2>
              <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
                <li>
                  Your receipt is on its way to the lead driver’s email now, with your booking
                  reference and the link to your team’s page.
                </li>
                <li>
                  Your team’s page shows the balance and when it is due: pay it there, and keep your
                  co-driver, car and contact details up to date.
                </li>
                <li>Start fundraising: every pound helps children and families.</li>
              </ol>
            </div>
            <div className="mt-10 text-left">
              <h2 className="text-xl font-bold text-ink">Questions?</h2>
              <ul className="mt-4 space-y-2 text-slate-700">
                <ContactLinks />
              </ul>
            </div>
            <Link to={paths.home} className={`${buttonStyles.dark} mt-10`}>
              Back to Home
            </Link>
          </div>
        )}
      </section>
    </>
  );
}
