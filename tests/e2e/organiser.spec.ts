// The organiser's loop in a real browser: a team registers, pays on the test-mode checkout page
// (which signs its event as Stripe does) and sees its place secured; the admin sees it paid, the
// spots go down by one, both emails are caught, and replayed or forged payment events change
// nothing. And the failure cases: a registration whose webhook fails is still in the inbox,
// flagged; a payment for a cancelled registration is refused, said so to the visitor, and shown
// to the organiser as a refund due.
import type { Page } from '@playwright/test';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../supabase/emulator';
import { checkoutCompletedEvent, stripeSignature } from '../support/stripe-events';
import { test, expect, PAY_TEST_MODE, registerToCheckout } from './fixtures';
import { e2e } from './servers';

// fail-next is one switch per webhook on the shared emulator: these run one after another.
test.describe.configure({ mode: 'default' });

const form = (page: Page) => page.locator('main').getByRole('form');

// Registration is open on this day by the seed's calendar (issue 12: /sign-up follows it).
const REGISTRATION_OPEN = new Date('2026-03-01T12:00:00Z');

async function register(page: Page, team: string, email: string) {
  await page.clock.setFixedTime(REGISTRATION_OPEN);
  await page.goto('/sign-up');
  await form(page).getByRole('textbox', { name: 'Full name', exact: true }).fill('Zoë O’Brien');
  await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form(page).getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900123');
  await form(page).getByRole('textbox', { name: 'Team name', exact: true }).fill(team);
  await page.getByLabel('We would like separate rooms').check();
  await page.getByLabel(/I accept the/).check();
  return registerToCheckout(page);
}

async function spotsRemaining(page: Page): Promise<number> {
  await page.clock.setFixedTime(REGISTRATION_OPEN);
  await page.goto('/2026-rally');
  const spots = page.getByTestId('spots-remaining');
  await expect(spots).not.toHaveText('…');
  // The prerendered figure is the build's; wait for the browser's own count.
  await page.waitForLoadState('networkidle');
  return Number(await spots.textContent());
}

async function mailTo(address: string): Promise<{ subject: string }[]> {
  const response = await fetch(
    `${e2e.emulatorUrl}/local/mail/messages?to=${encodeURIComponent(address)}`,
    { headers: { apikey: e2e.serviceRoleKey } },
  );
  return (await response.json()) as { subject: string }[];
}

async function postPaymentEvent(payload: string, secret: string) {
  const response = await fetch(`${e2e.emulatorUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, secret, Math.floor(Date.now() / 1000)),
    },
    body: payload,
  });
  return response.status;
}

test('register, pay on the test-mode page, place secured; admin sees it paid; spots, emails; replayed and forged events change nothing', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.slow();
  const team = `Hairpins ${Date.now()}`;
  const email = `team.${Date.now()}@example.org`;
  const before = await spotsRemaining(page);

  const reference = await register(page, team, email);
  await page.getByRole('button', { name: PAY_TEST_MODE }).click();
  await expect(page).toHaveURL(
    new RegExp(`/payment-success\\?ref=${reference}&session_id=cs_test_\\w+$`),
  );
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your place is secured.')).toBeVisible();
  await expect(page.getByText(`Your booking reference: ${reference}`)).toBeVisible();
  await expect(page.getByText(/Your receipt is on its way .* now/)).toBeVisible();

  expect(await spotsRemaining(page)).toBe(before - 1);

  await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(team)}`);
  const row = adminPage.getByTestId('inbox-row').filter({ hasText: team });
  // The row's money state: the deposit is paid and the seed's 2026 edition has a balance due date.
  await expect(row.getByText('Balance due', { exact: true })).toBeVisible();
  await expect(row.getByText('Webhook delivered')).toBeVisible();
  await row.getByRole('button', { name: 'View details' }).click();
  await expect(row.getByText(/Paid £250\.00 on/)).toBeVisible();

  await expect
    .poll(async () => (await mailTo(email)).map((mail) => mail.subject).sort())
    .toEqual([
      'Deposit received: your place on the 2026 Europe Rally is secured',
      'Your 2026 Europe Rally registration',
    ]);

  const paid = await serviceDb.from('registrations').select('*').eq('id', reference).single();
  // A new event for the same payment (a second payment would be recorded as a refund due).
  const again = checkoutCompletedEvent(reference, email, {
    amount: Number(paid.data?.deposit_amount),
  });
  again.data.object.payment_intent = String(paid.data?.payment_id);
  const event = JSON.stringify(again);
  expect(await postPaymentEvent(event, 'whsec_forged')).toBe(400);
  expect(await postPaymentEvent(event, LOCAL_STRIPE_WEBHOOK_SECRET)).toBe(200);
  expect(await postPaymentEvent(event, LOCAL_STRIPE_WEBHOOK_SECRET)).toBe(200);
  const after = await serviceDb.from('registrations').select('*').eq('id', reference).single();
  expect(after.data).toEqual(paid.data);
  expect(await mailTo(email)).toHaveLength(2);
});

test('a registration whose webhook fails still goes on to pay, and is in the admin inbox, flagged', async ({
  page,
  adminPage,
}) => {
  const team = `Flagged ${Date.now()}`;
  const failed = await fetch(`${e2e.emulatorUrl}/local/webhooks/registration/fail-next`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: e2e.serviceRoleKey },
    body: JSON.stringify({ status: 500 }),
  });
  expect(failed.ok).toBe(true);
  await register(page, team, `flagged.${Date.now()}@example.org`);
  await expect(page.getByRole('button', { name: PAY_TEST_MODE })).toBeVisible();

  await adminPage.goto('/admin/registrations?webhook_status=failed');
  const row = adminPage.getByTestId('inbox-row').filter({ hasText: team });
  await expect(row.getByText('Webhook failed')).toBeVisible();
  await row.getByRole('button', { name: 'View details' }).click();
  await expect(row.getByText(/The webhook answered HTTP 500/)).toBeVisible();
  await row.getByRole('button', { name: 'Retry webhook' }).click();
  // Delivered now, so it leaves the view of failed deliveries.
  await expect(row).toHaveCount(0);
  await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(team)}`);
  await expect(adminPage.getByTestId('inbox-row').getByText('Webhook delivered')).toBeVisible();
});

test('a payment for a cancelled registration is refused: the visitor is told, the organiser sees a refund due', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.slow();
  const team = `Too late ${Date.now()}`;
  const reference = await register(page, team, `late.${Date.now()}@example.org`);
  const cancelled = await serviceDb
    .from('registrations')
    .update({ status: 'cancelled' })
    .eq('id', reference);
  expect(cancelled.error).toBeNull();
  await page.getByRole('button', { name: PAY_TEST_MODE }).click();
  await expect(page).toHaveURL(
    new RegExp(`/payment-success\\?ref=${reference}&session_id=cs_test_\\w+$`),
  );
  await expect(
    page.getByRole('heading', { name: 'We could not accept your payment as the deposit' }),
  ).toBeVisible();
  await expect(page.getByText(`Your booking reference: ${reference}`)).toBeVisible();

  await adminPage.goto('/admin/registrations?payment_exception=cancelled&status=cancelled');
  const row = adminPage.getByTestId('inbox-row').filter({ hasText: team });
  await expect(row.getByText('Payment exception')).toBeVisible();
  await row.getByRole('button', { name: 'View details' }).click();
  const exceptions = row.getByRole('region', { name: 'Payment exceptions' });
  await expect(exceptions.getByText('Paid after cancelling')).toBeVisible();
  await expect(exceptions.locator('p').getByText('Refund due')).toBeVisible();
  await expect(exceptions.getByText(/Paid £250\.00, expected £250\.00/)).toBeVisible();
  await exceptions.getByRole('combobox').selectOption('Refunded');
  await exceptions.getByLabel('Resolution note').fill('Refunded in Stripe');
  await exceptions.getByRole('button', { name: 'Save resolution' }).click();
  await expect(
    adminPage.getByRole('status').filter({ hasText: 'Resolution saved.' }),
  ).toBeVisible();
  const { data } = await serviceDb
    .from('payment_exceptions')
    .select('resolution, note')
    .eq('registration_id', reference);
  expect(data).toEqual([{ resolution: 'refunded', note: 'Refunded in Stripe' }]);
});
