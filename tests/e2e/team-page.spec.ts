// Issue 23's team page in a real browser against the production build, with both clocks pinned to
// 20 March 2026 (94 days before the 2026 rally starts on 22 June): a team registers on /sign-up and
// pays its deposit on the Stripe stand-in's test-mode checkout page; the link in its deposit receipt
// opens its page, which shows "Balance" £3,700 due by 1 May 2026; "Pay balance" goes through the
// checkout function and the test-mode page, the page turns to "Paid in full" and a balance receipt
// arrives; the co-driver added on the page is in the admin's registration; cancelling shows £1,850
// (50% of £3,950 − £250) before confirming, and the rally has one more place; an altered link shows
// nothing personal.
//
// It pins the database's day and frees a place, which other specs read: it runs in
// playwright.config.ts's "shared state" project, after the main one and alone, and puts the day
// back however it ends.
import { pinClocks, restoreDatabaseClock } from './admin-helpers';
import { axeViolations } from './axe';
import { e2e } from './servers';
import { test, expect, PAY_TEST_MODE, registerToCheckout, type ServiceDb } from './fixtures';

const MARCH = '2026-03-20';

type CaughtMail = { subject: string; html: string | null; text: string | null };

/** The emails the local mail catcher holds for an address, newest first. */
async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `${e2e.emulatorUrl}/local/mail/messages?to=${encodeURIComponent(address)}`,
    { headers: { apikey: e2e.serviceRoleKey } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as CaughtMail[];
}

async function remainingPlaces(serviceDb: ServiceDb): Promise<number> {
  const { data } = await serviceDb.rpc('rally_places').single().throwOnError();
  return data.remaining;
}

test("a team's own page: the balance, paid; the co-driver added; cancelled with the terms' refund; an altered link", async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.setTimeout(120_000);
  const team = `Team page ${Date.now().toString(36)}`;
  const email = `${team.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  try {
    await pinClocks(MARCH, page);

    // Registered and the deposit paid, as a visitor does it.
    await page.goto('/sign-up');
    const form = page.locator('main').getByRole('form', { name: 'Rally registration' });
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Morgan Lead');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900123');
    await form.getByRole('textbox', { name: 'Team name', exact: true }).fill(team);
    await page.getByLabel(/I accept the/).check();
    await registerToCheckout(page);
    await page.getByRole('button', { name: PAY_TEST_MODE }).click();
    await expect(page.getByText('Your place is secured.')).toBeVisible();

    // The link in the deposit receipt opens the team's page.
    let receipt: CaughtMail | undefined;
    await expect
      .poll(async () => {
        receipt = (await mailTo(email)).find((mail) => /deposit/i.test(mail.subject));
        return Boolean(receipt);
      })
      .toBe(true);
    const link = /href="([^"]*\/my-registration\/[A-Za-z0-9_-]{43})"/.exec(
      receipt?.html ?? '',
    )?.[1];
    expect(link).toBeDefined();
    const secret = (link ?? '').split('/').pop() ?? '';
    await page.goto(`/my-registration/${secret}`);
    await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible();
    await expect(page.getByText(team)).toBeVisible();
    const money = page.getByRole('region', { name: 'Your payments' });
    await expect(money.getByText('Balance due by 1 May 2026')).toBeVisible();
    await expect(money.getByText('£3,700', { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(await axeViolations(page)).toEqual([]);

    // The balance, through the checkout function and the test-mode page; then its receipt.
    await money.getByRole('button', { name: 'Pay balance' }).click();
    await page.getByRole('button', { name: /^Pay .*3,700.* \(test mode\)$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/my-registration/${secret}\\?paid=balance$`));
    await expect(money.getByText('Paid in full', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(money.getByRole('button', { name: 'Pay balance' })).toHaveCount(0);
    await expect
      .poll(async () => (await mailTo(email)).filter((mail) => /balance/i.test(mail.subject)))
      .toHaveLength(1);
    const [balanceReceipt] = (await mailTo(email)).filter((mail) => /balance/i.test(mail.subject));
    expect(balanceReceipt?.text).toContain('£3,700');

    // The co-driver, added on the page, is in the admin's registration.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('form', { name: 'Edit details' });
    expect(await axeViolations(page)).toEqual([]);
    await details.getByRole('textbox', { name: 'Co-driver full name' }).fill('Robin Navigator');
    await details.getByRole('textbox', { name: 'Co-driver email' }).fill('robin@example.org');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details have been saved.')).toBeVisible();
    await expect(page.getByText('Robin Navigator, robin@example.org')).toBeVisible();
    await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(team)}`);
    await adminPage.getByRole('button', { name: 'View details' }).click();
    await expect(adminPage.getByText('Robin Navigator, robin@example.org')).toBeVisible();

    // Cancelling: the terms' refund first, then the confirmation; the place is free at once.
    const before = await remainingPlaces(serviceDb);
    await page.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(
      page.getByText(
        'If you cancel today you will get back £1,850 (50% of what you paid beyond the deposit).',
      ),
    ).toBeVisible();
    expect(await remainingPlaces(serviceDb)).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, cancel our registration' }).click();
    await expect(
      page.getByText(/Your registration is cancelled\. A refund of £1,850 is due to you/),
    ).toBeVisible();
    // cancelled_at is the moment (now()), which the pinned day does not move: no date asserted.
    await expect(page.getByText(/^This registration was cancelled on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel registration' })).toHaveCount(0);
    expect(await remainingPlaces(serviceDb)).toBe(before + 1);
    await page.goto('/2026-rally');
    await expect(page.getByTestId('spots-remaining')).toHaveText(String(before + 1));

    // An altered link: nothing personal, and the way to ask for the link again.
    const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    await page.goto(`/my-registration/${altered}`);
    await expect(
      page.getByRole('heading', { name: 'This link is not valid or has expired' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Email me my link' })).toBeVisible();
    await expect(page.getByText(team)).toHaveCount(0);
    await expect(page.getByText('Morgan Lead')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your payments' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await restoreDatabaseClock();
  }
});
