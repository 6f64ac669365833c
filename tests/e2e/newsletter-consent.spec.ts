// Issue 26's double opt-in in a real browser against the production build: a visitor subscribes in
// the footer (the consent's words shown under the box), the confirmation email reaches the local
// mail catcher, its link confirms on /newsletter/confirm/<secret>, and the administrator's
// Subscribers inbox shows the address "Confirmed" with the consent's wording version.
import { emailedLink, mailTo } from './admin-helpers';
import { expect, test } from './fixtures';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';

test('a visitor subscribes, confirms by the emailed link, and the admin shows them confirmed', async ({
  page,
  adminPage,
}) => {
  test.setTimeout(90_000);
  const email = `reader.${Date.now().toString(36)}@example.org`;

  await page.goto('/');
  const box = page.getByRole('form', { name: 'Newsletter' });
  await expect(box.getByText(NEWSLETTER_CONSENT.wording)).toBeVisible();
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText(
    `Thank you! Please confirm with the link we have emailed to ${email}.`,
  );

  await expect
    .poll(async () => (await mailTo(email))[0]?.subject, { timeout: 20_000 })
    .toBe('Please confirm your subscription to the Europe Rally newsletter');
  const link = new URL(await emailedLink(email));
  expect(link.pathname).toMatch(/^\/newsletter\/confirm\/[A-Za-z0-9_-]{43}$/);
  await page.goto(link.pathname);
  await expect(page.getByText('Thank you: your subscription is confirmed.')).toBeVisible();

  await adminPage.goto('/admin/subscribers');
  await adminPage.getByRole('searchbox', { name: 'Search subscribers' }).fill(email);
  const row = adminPage.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText(/Newsletter box · Confirmed/)).toBeVisible();
  await row.getByRole('button', { name: 'View details' }).click();
  await expect(
    adminPage.getByText(`Newsletter, wording ${NEWSLETTER_CONSENT.version}`, { exact: false }),
  ).toBeVisible();
});
