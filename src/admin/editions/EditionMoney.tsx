// An edition's money for the organiser and the treasurer (issue 24): the figures the database
// computes from the ledger (deposits and balances received, outstanding, overdue, refunded, net;
// edition_money()), and "Download ledger (CSV)": every ledger row of the edition, one line each,
// for the treasurer's spreadsheet. The Editions screen states each edition's figures (read with
// the list, from edition_figures(), which carries the same computation); the dashboard loads the
// chosen edition's here.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { FormMessage } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import {
  editionMoneyFigures,
  getEditionMoney,
  listEditionLedger,
  type EditionLedgerRow,
  type EditionMoney,
} from '../../data/editions';
import type { Edition } from '../../data/types';
import { toCsv, type CsvColumn } from '../../lib/csv';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { RunButton } from '../inbox/InboxScreen';
import { downloadCsv } from '../../lib/download';
import { LoadFailed } from '../ui/LoadFailed';

/**
 * The ledger as the treasurer's CSV. The date is ISO 8601 in UTC ('2026-03-20T10:00:00Z'): one
 * moment whatever the spreadsheet's locale, where '03/04/2026' is read two ways. Amounts are
 * pounds with two decimals and a refund is negative, so the succeeded lines add up to the net.
 */
export const LEDGER_CSV: readonly CsvColumn<EditionLedgerRow>[] = [
  {
    header: 'Date (UTC)',
    value: (row) => new Date(row.recorded_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  },
  { header: 'Team', value: (row) => row.team },
  { header: 'Kind', value: (row) => row.kind },
  { header: 'Status', value: (row) => row.status },
  {
    header: 'Amount (£)',
    value: (row) => (row.kind === 'refund' ? -row.amount_pence : row.amount_pence) / 100,
    decimals: 2,
  },
  { header: 'Stripe id', value: (row) => row.stripe_id },
];

/** The ledger's file name: ledger-2026.csv. */
export const ledgerFileName = (year: number) => `ledger-${year}.csv`;

type LedgerEdition = Pick<Edition, 'id' | 'year' | 'name'>;

/** "Download ledger (CSV)" for one edition; a failure is said beside it. */
export function LedgerDownload({ db, edition }: { db: DbClient; edition: LedgerEdition }) {
  const [failed, setFailed] = useState(false);
  async function run() {
    setFailed(false);
    try {
      const rows = await listEditionLedger(db, edition.id);
      downloadCsv(ledgerFileName(edition.year), toCsv(LEDGER_CSV, rows));
    } catch (error) {
      console.warn('Could not download the ledger', error);
      setFailed(true);
    }
  }
  return (
    <div>
      <RunButton tone="neutral" pendingLabel="Downloading..." run={run}>
        <Download aria-hidden="true" className="h-4 w-4" />
        <span>
          Download ledger (CSV) <span className="sr-only">of the {edition.name}</span>
        </span>
      </RunButton>
      {failed ? (
        <FormMessage tone="error">Could not download the ledger. Please try again.</FormMessage>
      ) : null}
    </div>
  );
}

/** The money figures, label and amount in pounds, as one description list. */
export function MoneyFigures({ money }: { money: EditionMoney }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
      {editionMoneyFigures(money).map(([label, pence]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(pence, { payment: true })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One edition's money, loaded from edition_money(), with its ledger's download. */
export function EditionMoneyPanel({ db, edition }: { db: DbClient; edition: LedgerEdition }) {
  const money = useLoad<EditionMoney | null>(
    `edition-money:${edition.id}`,
    () => getEditionMoney(db, edition.id),
    { empty: null },
  );
  let body;
  if (money.failed && !money.data)
    body = (
      <LoadFailed
        className="mt-2"
        message="Could not load the edition's money. Please try again."
        onRetry={money.reload}
      />
    );
  else if (money.loading || !money.data)
    body = <p className="mt-2 text-sm text-slate-700">Loading the money...</p>;
  else body = <MoneyFigures money={money.data} />;
  return (
    <section
      aria-labelledby="edition-money-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="edition-money-heading" className="text-lg font-semibold text-slate-900">
          Money: {edition.name}
        </h2>
        <LedgerDownload db={db} edition={edition} />
      </div>
      {body}
    </section>
  );
}
