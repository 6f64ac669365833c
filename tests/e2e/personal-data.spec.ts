// Issue 26, personal data in a real browser: the administrator searches a person's address on the
// Personal data screen, the export (a JSON download named with the day) holds their registration,
// and after "Erase" the registrations inbox no longer shows their name or email while the
// dashboard's money for the edition reads exactly as before; axe finds nothing on the screen. A
// paid deposit takes one of the current edition's places, so this runs in the "shared state"
// project (playwright.config.ts) and removes its registration and its ledger rows however it ends.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axeViolations } from './axe';
import { test, expect } from './fixtures';

test('a person’s export holds their registration, and after Erase the inbox shows neither their name nor their email while the money is unchanged', async ({
  adminPage,
  serviceDb,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const name = `Erin Eraseme${tag}`;
  const email = `erin.${tag}@example.org`;
  const team = `Erasers ${tag}`;
  const { data: edition } = await serviceDb
    .from('editions')
    .select('capacity')
    .eq('is_current', true)
    .single()
    .throwOnError();
  let id = '';
  try {
    await serviceDb
      .from('editions')
      .update({ capacity: 1000 })
      .eq('is_current', true)
      .throwOnError();
    const { data: made } = await serviceDb
      .from('registrations')
      .insert({
        team_name: team,
        lead_driver_name: name,
        lead_driver_email: email,
        lead_driver_phone: '07700 900321',
        holds_place: false,
      })
      .select('id')
      .single()
      .throwOnError();
    id = made.id;
    // The deposit as stripe-webhook records it.
    await serviceDb
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
          amount_total: 25_000,
          currency: 'gbp',
          payment_intent: `pi_test_${randomUUID()}`,
          metadata: { kind: 'deposit', registration_id: id },
        },
      })
      .throwOnError();

    await adminPage.goto('/admin/dashboard');
    const figures = adminPage.getByRole('region', { name: /^Money: / });
    await expect(figures.getByRole('term').filter({ hasText: 'Net' })).toBeVisible();
    const moneyBefore = await figures.getByRole('definition').allTextContents();

    await adminPage.goto('/admin/personal-data');
    await adminPage.getByLabel(/Email address/).fill(email.toUpperCase());
    await adminPage.getByRole('button', { name: 'Search' }).click();
    await expect(adminPage.getByRole('region', { name: 'Registrations (1)' })).toContainText(team);
    expect(await axeViolations(adminPage)).toEqual([]);

    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      registrations: { registration: Record<string, unknown>; payments: unknown[] }[];
    };
    expect(exported.registrations[0]?.registration).toMatchObject({
      id,
      lead_driver_name: name,
      lead_driver_email: email,
      team_name: team,
    });
    expect(exported.registrations[0]?.payments).toHaveLength(1);

    await adminPage.getByRole('button', { name: 'Erase' }).click();
    const question = adminPage.getByRole('alertdialog', {
      name: `Erase everything held about ${email}?`,
    });
    await expect(question).toContainText('Payment amounts and dates');
    expect(await axeViolations(adminPage)).toEqual([]);
    await question.getByRole('button', { name: 'Yes, erase' }).click();
    await expect(adminPage.getByText(`Erased everything held about ${email}.`)).toBeVisible();
    await expect(adminPage.getByText(`Nothing is held about ${email}.`)).toBeVisible();

    // The inbox: the team's row is still there (the edition's counts), with nobody's name on it.
    for (const search of [name, email, team]) {
      await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(search)}`);
      await expect(adminPage.getByRole('searchbox').first()).toHaveValue(search);
      await expect(adminPage.getByTestId('inbox-row')).toHaveCount(0);
    }
    await expect(adminPage.getByText(name)).toHaveCount(0);
    const { count } = await serviceDb
      .from('registrations')
      .select('id', { count: 'exact', head: true })
      .eq('id', id);
    expect(count).toBe(1);

    await adminPage.goto('/admin/dashboard');
    await expect(figures.getByRole('term').filter({ hasText: 'Net' })).toBeVisible();
    expect(await figures.getByRole('definition').allTextContents()).toEqual(moneyBefore);
  } finally {
    if (id) {
      await serviceDb.from('registration_payments').delete().eq('registration_id', id);
      await serviceDb.from('email_log').delete().eq('registration_id', id);
      await serviceDb.from('registrations').delete().eq('id', id);
    }
    await serviceDb.from('editions').update({ capacity: edition.capacity }).eq('is_current', true);
  }
});
