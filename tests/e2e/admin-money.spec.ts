// Issue 23, the organiser's side: a registration whose deposit was paid (made with the service
// role, the deposit recorded as the webhook records it) shows its money and its ledger row in the
// inbox, and the Money filter finds it; a team that paid in full and cancelled shows "Refund due"
// and is marked refunded by hand, with a note, then shows refunded; the dashboard's money and the
// ledger CSV show them (issue 24). A paid deposit takes one of
// the current edition's places, so this runs in the "shared state" project (playwright.config.ts)
// and removes its registrations and their ledger rows however it ends.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test, expect, type ServiceDb } from './fixtures';
import localSupabase from '../../src/config/local-supabase.json' with { type: 'json' };
import { pinClocks, restoreDatabaseClock } from './admin-helpers';
import { e2e } from './servers';

/** The database's day and the pages': 94 days before the 2026 edition starts (22 June). */
const DAY = '2026-03-20';

/** A registration in the current edition, made with the service role; answers its id. */
async function registration(serviceDb: ServiceDb, team: string) {
  const { data } = await serviceDb
    .from('registrations')
    .insert({
      team_name: team,
      lead_driver_name: 'Money Driver',
      lead_driver_email: `money.${randomUUID()}@example.org`,
      lead_driver_phone: '07700 900123',
      holds_place: false,
    })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

/** The seed's 2026 edition: £3,950 a car, £250 deposit. */
const DUE = { deposit: 25_000, balance: 370_000 } as const;

/** A payment recorded as stripe-webhook records it (record_checkout_payment, the amount due). */
async function pay(serviceDb: ServiceDb, id: string, kind: 'deposit' | 'balance') {
  const amount = DUE[kind];
  const { data } = await serviceDb
    .rpc('record_checkout_payment', {
      event_id: `evt_${randomUUID()}`,
      event_type: 'checkout.session.completed',
      session: {
        id: `cs_test_${randomUUID()}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: id,
        amount_total: amount,
        currency: 'gbp',
        payment_intent: `pi_test_${randomUUID()}`,
        metadata: { kind, registration_id: id },
      },
    })
    .throwOnError();
  expect(data).toMatchObject({ outcome: 'paid' });
}

test('the admin sees a paid deposit’s money and ledger, finds it by its money, and marks a cancelled team’s refund by hand', async ({
  adminPage,
  serviceDb,
}) => {
  test.slow();
  const made: string[] = [];
  // Room for this spec's paid car whatever the earlier specs took; put back at the end.
  const { data: edition } = await serviceDb
    .from('editions')
    .select('capacity')
    .eq('is_current', true)
    .single()
    .throwOnError();
  try {
    await serviceDb
      .from('editions')
      .update({ capacity: 1000 })
      .eq('is_current', true)
      .throwOnError();
    await pinClocks(DAY, adminPage);
    const paidTeam = `Money Paid ${Date.now()}`;
    const paid = await registration(serviceDb, paidTeam);
    made.push(paid);
    await pay(serviceDb, paid, 'deposit');
    const { data: money } = await serviceDb
      .rpc('registration_money', { registration: paid })
      .throwOnError();
    const state = (money as { state: string }).state;
    expect(['deposit paid', 'balance due']).toContain(state);
    const label = state === 'balance due' ? 'Balance due' : 'Deposit paid';

    // The Money filter, in the URL like the Edition filter.
    await adminPage.goto(`/admin/registrations?money_state=${encodeURIComponent(state)}`);
    await expect(adminPage.getByLabel('Money')).toHaveValue(state);
    const row = adminPage.getByTestId('inbox-row').filter({ hasText: paidTeam });
    await expect(row.getByText(label, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'View details' }).click();
    const section = row.getByRole('region', { name: 'Money' });
    await expect(section.getByText('£3,950.00')).toBeVisible();
    await expect(section.getByText(/^£3,700\.00/)).toBeVisible();
    const ledger = section.getByRole('table').first();
    await expect(ledger).toContainText('Deposit');
    await expect(ledger).toContainText('£250.00');
    await expect(ledger).toContainText(/cs_test_/);
    // Another state's view leaves it out.
    await adminPage.goto('/admin/registrations?money_state=paid%20in%20full');
    await expect(adminPage.getByTestId('inbox-row').filter({ hasText: paidTeam })).toHaveCount(0);

    // A team that paid in full, then cancelled by its page: the terms give back £1,850.
    const cancelledTeam = `Money Cancelled ${Date.now()}`;
    const cancelled = await registration(serviceDb, cancelledTeam);
    made.push(cancelled);
    await pay(serviceDb, cancelled, 'deposit');
    await pay(serviceDb, cancelled, 'balance');
    const { data: secret } = await serviceDb
      .rpc('issue_team_link', { registration: cancelled })
      .throwOnError();
    // As the team's page cancels: the anonymous key and the secret.
    const cancelling = await fetch(`${e2e.emulatorUrl}/rest/v1/rpc/cancel_registration`, {
      method: 'POST',
      headers: { apikey: localSupabase.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ secret }),
    });
    expect(await cancelling.json()).toMatchObject({
      outcome: 'cancelled',
      refund_due_pence: 185_000,
    });

    await adminPage.goto(
      `/admin/registrations?money_state=cancelled&q=${encodeURIComponent(cancelledTeam)}`,
    );
    const gone = adminPage.getByTestId('inbox-row').filter({ hasText: cancelledTeam });
    await expect(gone.getByText('Cancelled, refund due £1,850.00')).toBeVisible();
    await gone.getByRole('button', { name: 'View details' }).click();
    const owed = gone.getByRole('region', { name: 'Money' });
    await owed.getByRole('button', { name: 'Mark refunded' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Mark £1,850.00 refunded?' });
    await dialog.getByLabel(/How was it paid back/).fill('Bank transfer, 20 March');
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'Refund of £1,850.00 recorded.' }),
    ).toBeVisible();
    // It leaves the view of cancelled teams still owed (the list reloads), and is refunded.
    await expect(gone).toHaveCount(0);
    await adminPage.goto(
      `/admin/registrations?money_state=refunded&q=${encodeURIComponent(cancelledTeam)}`,
    );
    const refunded = adminPage.getByTestId('inbox-row').filter({ hasText: cancelledTeam });
    await expect(refunded.getByText('Refunded', { exact: true })).toBeVisible();
    await refunded.getByRole('button', { name: 'View details' }).click();
    await expect(
      refunded.getByRole('region', { name: 'Money' }).getByRole('table').first(),
    ).toContainText('Marked refunded by hand. Bank transfer, 20 March');

    // Issue 24: the dashboard states the current edition's money and downloads its ledger, where
    // the refund is a negative amount beside the team's payments.
    await adminPage.goto('/admin/dashboard');
    const figures = adminPage.getByRole('region', { name: 'Money: 2026 Europe Rally' });
    for (const label of ['Deposits received', 'Outstanding', 'Overdue', 'Refunded', 'Net'])
      await expect(figures.getByRole('term').filter({ hasText: label })).toBeVisible();
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      figures
        .getByRole('button', { name: 'Download ledger (CSV) of the 2026 Europe Rally' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('ledger-2026.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDate (UTC),Team,Kind,Status,Amount (£),Stripe id');
    expect(csv).toMatch(
      new RegExp(`\\r\\n[0-9T:-]{19}Z,${cancelledTeam},refund,succeeded,-1850\\.00,\\r\\n`),
    );
    expect(csv).toMatch(new RegExp(`,${paidTeam},deposit,succeeded,250\\.00,pi_test_`));
  } finally {
    if (made.length) {
      await serviceDb.from('registration_payments').delete().in('registration_id', made);
      await serviceDb.from('email_log').delete().in('registration_id', made);
      await serviceDb.from('registrations').delete().in('id', made);
    }
    await serviceDb.from('editions').update({ capacity: edition.capacity }).eq('is_current', true);
    await restoreDatabaseClock();
  }
});
