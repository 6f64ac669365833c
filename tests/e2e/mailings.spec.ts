// Issue 26's mailings in a real browser against the production build: two visitors subscribe in
// the footer, receive the confirmation email, follow its link, and the admin's Subscribers screen
// shows them confirmed; a third subscribes and never confirms. A mailing to the confirmed
// subscribers, written and sent on the admin's Mailings screen, reaches the two confirmed ones
// once each and not the third; the one-click POST to the List-Unsubscribe address of the first
// one's email unsubscribes them, and a second mailing reaches the second one only.
//
// A mailing to every confirmed subscriber reaches the addresses other specs subscribe: it runs in
// playwright.config.ts's "shared state" project, after the main one and alone.
import type { Page } from '@playwright/test';
import { mailTo, type CaughtMail } from './admin-helpers';
import { axeViolations } from './axe';
import { test, expect } from './fixtures';

type Mail = CaughtMail & { headers: Record<string, string> };

const tag = Date.now().toString(36);
const address = (who: string) => `${who}.${tag}@example.org`;

/** The footer's box, then the confirmation email's link followed (when `confirm`). */
async function subscribe(page: Page, email: string, confirm: boolean) {
  await page.goto('/');
  const box = page.getByRole('form', { name: 'Newsletter' });
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toBeVisible();
  await expect
    .poll(async () => (await mailTo(email)).map((mail) => mail.subject))
    .toContain('Please confirm your subscription to the Europe Rally newsletter');
  if (!confirm) return;
  const [mail] = await mailTo(email);
  const link = /https?:\/\/\S+\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page.getByText('Thank you: your subscription is confirmed.')).toBeVisible();
}

/** Writes a mailing to the confirmed subscribers and sends it on the Mailings screen. */
async function sendMailing(adminPage: Page, subject: string) {
  await adminPage.goto('/admin/mailings');
  await adminPage.getByRole('link', { name: 'New mailing' }).click();
  await adminPage.getByLabel(/Audience/).selectOption('subscribers');
  const count = adminPage.getByText(/^This mailing would reach \d+ (person|people)\./);
  await expect(count).toBeVisible();
  await adminPage.getByLabel(/Subject/).fill(subject);
  await adminPage.locator('.ql-editor').fill('The route for next year is ready.');
  await adminPage.getByRole('button', { name: 'Send', exact: true }).click();
  const panel = adminPage.getByRole('alertdialog');
  await expect(panel).toContainText(`Send “${subject}” to Newsletter subscribers (confirmed):`);
  expect(await axeViolations(adminPage)).toEqual([]);
  await panel.getByRole('button', { name: /^Yes, send to \d+ (person|people)$/ }).click();
  await expect(adminPage.getByText(/· Sent ·/)).toBeVisible({ timeout: 30_000 });
}

/** How many emails with `subject` each address received. */
async function received(subject: string, ...emails: string[]) {
  const counts: number[] = [];
  for (const email of emails)
    counts.push((await mailTo(email)).filter((mail) => mail.subject === subject).length);
  return counts;
}

test('confirmed subscribers receive a mailing once each; one-click unsubscribe takes them out of the next', async ({
  page,
  adminPage,
}) => {
  test.setTimeout(120_000);
  const [first, second, pending] = [address('first'), address('second'), address('pending')];
  await subscribe(page, first, true);
  await subscribe(page, second, true);
  await subscribe(page, pending, false);

  // The admin's Subscribers screen shows them confirmed, the third still pending.
  await adminPage.goto(`/admin/subscribers?q=${encodeURIComponent(first)}`);
  await expect(adminPage.getByText(/Confirmed/).first()).toBeVisible();
  await adminPage.goto(`/admin/subscribers?q=${encodeURIComponent(pending)}`);
  await expect(adminPage.getByText(/Pending confirmation/).first()).toBeVisible();

  const news = `News ${tag}`;
  await sendMailing(adminPage, news);
  expect(await received(news, first, second, pending)).toEqual([1, 1, 0]);
  // Its log names each recipient: the two confirmed, not the third.
  const log = adminPage.getByTestId('recipient-row');
  await expect(log.filter({ hasText: first })).toContainText('Sent');
  await expect(log.filter({ hasText: second })).toContainText('Sent');
  await expect(log.filter({ hasText: pending })).toHaveCount(0);

  // The mail client's one-click unsubscribe (RFC 8058): a POST to the List-Unsubscribe address.
  const [mail] = (await mailTo(first)) as Mail[];
  expect(mail?.subject).toBe(news);
  expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
  const answer = await fetch(oneClick, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(answer.status).toBe(200);

  const next = `Next ${tag}`;
  await sendMailing(adminPage, next);
  expect(await received(next, first, second, pending)).toEqual([0, 1, 0]);
  await expect(adminPage.getByTestId('recipient-row').filter({ hasText: first })).toHaveCount(0);
});
