// An edition's money on the dashboard and the treasurer's ledger CSV: loading, the error with
// Retry, the six figures in pounds, and "Download ledger (CSV)" writing ledger-<year>.csv with
// ISO dates, the team, kind, status, pounds with two decimals (a refund negative) and the Stripe
// id, a team's name made inert for a spreadsheet. The database is stood in for at the network (not
// by mocking the data module: see RegistrationMoney.test.tsx); its side is tested against the
// emulator in tests/contract/edition-money.test.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import type { EditionLedgerRow, EditionMoney } from '../../data/editions';
import { EditionMoneyPanel } from './EditionMoney';
import { restoreNetwork } from '../../test/network';

const calls = vi.hoisted(() => ({
  money: null as EditionMoney | null,
  ledger: [] as EditionLedgerRow[],
  failMoney: false,
  failLedger: false,
  pending: null as Promise<void> | null,
  asked: [] as string[],
}));

const EDITION = {
  id: '00000000-0000-4000-8000-000000002026',
  year: 2026,
  name: '2026 Europe Rally',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The database at the network: edition_money() and edition_ledger(). */
async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const raw = input instanceof Request ? await input.text() : init?.body;
  const body = (typeof raw === 'string' && raw ? JSON.parse(raw) : {}) as { edition?: string };
  const name = url.pathname.replace(/^.*\/rest\/v1\//, '');
  calls.asked.push(`${name} ${body.edition ?? ''}`);
  switch (name) {
    case 'rpc/edition_money':
      if (calls.pending) await calls.pending;
      return calls.failMoney ? json({ message: 'offline' }, 503) : json(calls.money);
    case 'rpc/edition_ledger':
      return calls.failLedger ? json({ message: 'offline' }, 503) : json(calls.ledger);
    default:
      return json({ message: 'not in this test' }, 500);
  }
}

/** The files the screen offered for download: name and text. */
let downloads: { name: string; text: Promise<string> }[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(answer));
  calls.money = {
    deposits_received: 75_000,
    balances_received: 370_000,
    outstanding: 740_050,
    overdue: 370_000,
    refunded: 10_000,
    refunds_pending: 0,
    net: 435_000,
  };
  calls.ledger = [];
  calls.failMoney = false;
  calls.failLedger = false;
  calls.pending = null;
  calls.asked = [];
  downloads = [];
  blobs.clear();
  let made = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    made += 1;
    const url = `blob:test/${made}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    // As written, byte-order mark included (Blob.text() would drop it).
    const text = blob
      ? blob
          .arrayBuffer()
          .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes))
      : Promise.resolve('');
    downloads.push({ name: this.download, text });
  });
});

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

function renderPanel() {
  render(<EditionMoneyPanel db={publicDb} edition={EDITION} />);
  return screen.getByRole('region', { name: 'Money: 2026 Europe Rally' });
}

/** The figures as shown: each term with its amount. */
const figures = (section: HTMLElement) =>
  within(section)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe("an edition's money", () => {
  test('says it is loading, then states the six figures of the edition in pounds', async () => {
    let arrive = () => {};
    calls.pending = new Promise((resolve) => (arrive = resolve));
    const section = renderPanel();
    expect(within(section).getByText('Loading the money...')).toBeInTheDocument();
    arrive();
    await within(section).findByText('Deposits received');
    expect(figures(section)).toEqual([
      ['Deposits received', '£750.00'],
      ['Balances received', '£3,700.00'],
      ['Outstanding', '£7,400.50'],
      ['Overdue', '£3,700.00'],
      ['Refunded', '£100.00'],
      ['Net', '£4,350.00'],
    ]);
    expect(calls.asked).toEqual([`rpc/edition_money ${EDITION.id}`]);
  });

  test('a refund waiting for Stripe is stated too', async () => {
    if (calls.money) calls.money = { ...calls.money, refunds_pending: 25_000 };
    const section = renderPanel();
    await within(section).findByText('Refunds pending');
    expect(figures(section)).toContainEqual(['Refunds pending', '£250.00']);
  });

  test('a failed load says so, and Retry loads again', async () => {
    calls.failMoney = true;
    const section = renderPanel();
    expect(
      await within(section).findByText("Could not load the edition's money. Please try again."),
    ).toBeInTheDocument();
    calls.failMoney = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('£7,400.50')).toBeInTheDocument();
  });
});

describe("the treasurer's ledger", () => {
  test('downloads ledger-<year>.csv: ISO dates, pounds with refunds negative, Stripe ids', async () => {
    calls.ledger = [
      {
        id: 'p1',
        recorded_at: '2026-03-20T10:00:00.123456+00:00',
        team: 'The Testers',
        kind: 'deposit',
        status: 'succeeded',
        amount_pence: 25_000,
        stripe_id: 'pi_test_1',
      },
      {
        id: 'p2',
        recorded_at: '2026-07-01T16:30:05+01:00',
        team: '=HYPERLINK("http://evil")',
        kind: 'balance',
        status: 'succeeded',
        amount_pence: 370_050,
        stripe_id: 'cs_test_2',
      },
      {
        id: 'p3',
        recorded_at: '2026-08-02T09:00:00+00:00',
        team: '(deleted registration)',
        kind: 'refund',
        status: 'pending',
        amount_pence: 5,
        stripe_id: null,
      },
      {
        id: 'p4',
        recorded_at: '2026-08-03T09:00:00+00:00',
        team: 'Zoë, Ann & Co',
        kind: 'refund',
        status: 'succeeded',
        amount_pence: 185_000,
        stripe_id: 're_test_4',
      },
    ];
    const section = renderPanel();
    await userEvent.setup().click(
      within(section).getByRole('button', {
        name: 'Download ledger (CSV) of the 2026 Europe Rally',
      }),
    );
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('ledger-2026.csv');
    expect(await downloads[0]?.text).toBe(
      '\uFEFF' +
        [
          'Date (UTC),Team,Kind,Status,Amount (£),Stripe id',
          '2026-03-20T10:00:00Z,The Testers,deposit,succeeded,250.00,pi_test_1',
          `2026-07-01T15:30:05Z,"'=HYPERLINK(""http://evil"")",balance,succeeded,3700.50,cs_test_2`,
          '2026-08-02T09:00:00Z,(deleted registration),refund,pending,-0.05,',
          '2026-08-03T09:00:00Z,"Zoë, Ann & Co",refund,succeeded,-1850.00,re_test_4',
        ].join('\r\n') +
        '\r\n',
    );
    expect(calls.asked).toContain(`rpc/edition_ledger ${EDITION.id}`);
  });

  test('a failed download says so and offers no file', async () => {
    calls.failLedger = true;
    const section = renderPanel();
    await userEvent.setup().click(
      within(section).getByRole('button', {
        name: 'Download ledger (CSV) of the 2026 Europe Rally',
      }),
    );
    expect(
      await within(section).findByText('Could not download the ledger. Please try again.'),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
