// An email box that asks for the newsletter's consent (the wording shown under it, whose version it
// sends) and stores a pending subscriber (subscribe_newsletter: one row per address), then asks for
// the confirmation email to be sent: only its link makes the address a subscriber. The footer's
// newsletter and /sign-up's "Register your interest" before registration opens (source
// 'waitlist'; a full rally has its own waiting list, WaitingListForm).
// It keeps what was typed when the database refuses it, and says why. The footer is on every page, so the data
// client is loaded only when someone subscribes: it stays out of the public entry bundle.
import { useState, type FormEvent, type ReactNode } from 'react';
import { NEWSLETTER_CONSENT } from '../config/consent';
import type { SubscriberSource } from '../data/newsletter';
import { SubmissionError } from '../data/submissions';
import { email as emailRule } from '../lib/validation';

export const SUBSCRIBE_FAILED = 'Something went wrong. Please try again later.';
export const SUBSCRIBE_RATE_LIMITED =
  'Several sign-ups were sent from this address or network in a short time. Please try again in an hour.';

export function SubscribeForm({
  source,
  label,
  heading,
  button,
  thanks,
  tone,
}: {
  source: SubscriberSource;
  label: string;
  heading: ReactNode;
  button: string;
  thanks: (email: string) => string;
  tone: 'dark' | 'light';
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const id = `${source}-email`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.querySelector('input');
    if (!emailRule.test(email)) {
      setError(emailRule.message);
      input?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      const { sendConfirmation, subscribe } = await import('../data/newsletter');
      await subscribe(email, source);
      await sendConfirmation();
      setConfirmed(email.trim());
      setEmail('');
    } catch (failure) {
      console.warn('Could not subscribe', failure);
      const limited = failure instanceof SubmissionError && failure.reason === 'rate-limited';
      setError(limited ? SUBSCRIBE_RATE_LIMITED : SUBSCRIBE_FAILED);
    } finally {
      setSending(false);
    }
  }

  const dark = tone === 'dark';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      {heading}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-consent` : `${id}-consent`}
          className={
            dark
              ? 'min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-400 focus:border-amber-400 focus:outline-none focus:ring-2 focus:ring-amber-400/40'
              : 'min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-slate-900 focus:outline-none focus:ring-2 focus:ring-amber-400/60'
          }
        />
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300 disabled:opacity-60"
        >
          {sending ? 'Sending...' : button}
        </button>
      </div>
      <p
        id={`${id}-consent`}
        className={`mt-2 text-xs ${dark ? 'text-slate-300' : 'text-slate-600'}`}
      >
        {NEWSLETTER_CONSENT.wording}
      </p>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className={`mt-2 text-sm font-medium ${dark ? 'text-red-300' : 'text-red-700'}`}
        >
          {error}
        </p>
      ) : null}
      {confirmed ? (
        <p
          role="status"
          className={`mt-2 text-sm ${dark ? 'text-emerald-300' : 'text-emerald-800'}`}
        >
          {thanks(confirmed)}
        </p>
      ) : null}
    </form>
  );
}
