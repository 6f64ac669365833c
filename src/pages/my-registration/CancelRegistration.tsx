// "Cancel registration": first what the terms give back if the team cancels today (the
// database's cancellation_quote, from the edition's tiers and the ledger), then a confirmation;
// confirming calls cancel_registration, which frees the place at once and records the refund due.
import { useState } from 'react';
import { ConfirmPanel, pillButton } from '../../components/ConfirmPanel';
import { FormMessage } from '../../components/FormField';
import { useDb } from '../../data/dbContext';
import {
  cancelRegistration,
  getCancellationQuote,
  type Cancellation,
  type CancellationQuote,
} from '../../data/teamPage';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';

export const CANCEL_FAILED = 'The registration could not be cancelled. Please try again.';
export const QUOTE_FAILED = 'What you would get back could not be worked out. Please try again.';

/** What the terms give back today, in words. */
export function quoteInWords(quote: CancellationQuote): string {
  if (quote.refund_pence > 0)
    return `If you cancel today you will get back ${formatMoney(quote.refund_pence)} (${quote.percent}% of what you paid beyond the deposit).`;
  return quote.paid_pence > quote.deposit_pence && quote.percent === 0
    ? 'If you cancel today you will get nothing back: under the terms no refund is due this close to the start.'
    : 'If you cancel today you will get nothing back: the deposit is non-refundable.';
}

export function CancelRegistration({
  secret,
  onCancelled,
}: {
  secret: string;
  onCancelled: (cancellation: Cancellation | null) => void;
}) {
  const db = useDb();
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await getCancellationQuote(secret, db);
      if (!answer) setFailure(QUOTE_FAILED);
      setQuote(answer);
    } catch (error) {
      console.warn('Could not read the cancellation quote', error);
      setFailure(QUOTE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onCancelled(await cancelRegistration(secret, db));
    } catch (error) {
      console.warn('Could not cancel the registration', error);
      setFailure(CANCEL_FAILED);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="cancel-heading" className="space-y-4">
      <h2 id="cancel-heading" className="text-2xl font-bold text-ink">
        Cancel registration
      </h2>
      {quote ? (
        <ConfirmPanel
          id="cancel-quote"
          question={quoteInWords(quote)}
          failure={failure}
          busy={busy}
          confirmLabel="Yes, cancel our registration"
          busyLabel="Cancelling..."
          keepLabel="Keep our registration"
          onConfirm={() => void confirm()}
          onKeep={() => setQuote(null)}
        >
          <p className="text-ink-muted">
            Cancelling frees your place for another team at once and cannot be undone.
          </p>
        </ConfirmPanel>
      ) : (
        <>
          <p className="text-ink-muted">
            Before anything changes we show what the terms give back if you cancel today.
          </p>
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <button
            type="button"
            disabled={busy}
            onClick={() => void ask()}
            className={`${pillButton} border-2 border-red-700 text-red-800 hover:bg-red-50`}
          >
            {busy ? 'Working it out...' : 'Cancel registration'}
          </button>
        </>
      )}
    </section>
  );
}
