import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { e2e } from './servers';

// fail-next is one switch per webhook on the shared emulator: run this file's tests one after
// another in one worker, so a success test never consumes another test's deliberate failure.
test.describe.configure({ mode: 'default' });

/** A day while the seed's registration window is open (the form is shown only then). */
const REGISTRATION_OPEN = new Date('2026-03-01T12:00:00Z');

/** The one form on each of these pages (the footer's newsletter box is not it). */
const form = (page: Page) => page.locator('main').getByRole('form');

async function failNext(emulatorUrl: string, name: string, status: number) {
  const response = await fetch(`${emulatorUrl}/local/webhooks/${name}/fail-next`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: e2e.serviceRoleKey },
    body: JSON.stringify({ status }),
  });
  expect(response.ok).toBe(true);
}

test('a sponsorship enquiry reaches the webhook and is thanked in a modal', async ({
  page,
  webhooks,
}) => {
  const company = `Acme ${Date.now()}`;
  await page.goto('/sponsors');
  await form(page).getByRole('textbox', { name: 'Company name', exact: true }).fill(company);
  await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill('cars@acme.example');
  await form(page).getByRole('textbox', { name: 'Phone', exact: true }).fill('01234 567890');
  await form(page)
    .getByRole('combobox', { name: 'Sponsorship tier' })
    .selectOption('Tier 1 - £8,000');
  await form(page)
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We would like the bonnet.');
  await page.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' })).toBeVisible();
  // Stored first; the delivery function sends the copy (with the reference added) just after.
  await expect
    .poll(async () => (await webhooks('sponsorship')).find((p) => p.companyName === company))
    .toMatchObject({
      companyName: company,
      email: 'cars@acme.example',
      phone: '01234 567890',
      tier: 'Tier 1 - £8,000',
      message: 'We would like the bonnet.',
    });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(form(page).getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(
    '',
  );
});

test('a sponsorship enquiry shows what went wrong beside each empty field', async ({ page }) => {
  await page.goto('/sponsors');
  await page.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(
    form(page).getByRole('textbox', { name: 'Company name', exact: true }),
  ).toBeFocused();
  await expect(page.getByText('Please enter your company name.')).toBeVisible();
  await expect(page.getByText('Please select a sponsorship tier.')).toBeVisible();
});

test('a sponsorship enquiry is kept when its webhook fails: thanked, stored, flagged', async ({
  page,
  emulatorUrl,
  serviceDb,
}) => {
  const company = `Kept ${Date.now()} Ltd`;
  await failNext(emulatorUrl, 'sponsorship', 500);
  await page.goto('/sponsors');
  await form(page).getByRole('textbox', { name: 'Company name', exact: true }).fill(company);
  await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill('kept@example.org');
  await form(page).getByRole('textbox', { name: 'Phone', exact: true }).fill('0800 000 000');
  await form(page)
    .getByRole('combobox', { name: 'Sponsorship tier' })
    .selectOption('Tier 3 - £800');
  await form(page).getByRole('textbox', { name: 'Message', exact: true }).fill('Please keep me.');
  await page.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' })).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await serviceDb
        .from('sponsorship_enquiries')
        .select('webhook_status, webhook_error')
        .eq('company_name', company);
      return data?.[0];
    })
    .toEqual({ webhook_status: 'failed', webhook_error: 'The webhook answered HTTP 500' });
});

test.describe('when the database refuses a field', () => {
  // The browser itself reports the refused request (400) on the console; that is the point.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('the registration form shows the database’s refusal beside the field and keeps what was typed', async ({
    page,
  }) => {
    await page.clock.setFixedTime(REGISTRATION_OPEN);
    await page.goto('/sign-up');
    const fullName = form(page).getByRole('textbox', { name: 'Full name', exact: true });
    await fullName.fill('Kept Driver');
    await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill('kept@example.org');
    await form(page).getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900000');
    // Longer than the database allows: the form states the limit and refuses it before sending
    // (RegistrationForm.test.tsx shows the database's own refusal of a field the same way).
    await form(page)
      .getByRole('textbox', { name: 'Registration plate', exact: true })
      .fill('X'.repeat(25));
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Register and Pay Deposit' }).click();
    const plate = form(page).getByRole('textbox', { name: 'Registration plate', exact: true });
    await expect(plate).toBeFocused();
    await expect(
      page.getByText('Please shorten the registration plate to 20 characters or fewer.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(fullName).toHaveValue('Kept Driver');
  });
});

test('a contact message is stored', async ({ page, serviceDb }) => {
  const message = `Hello from the end-to-end test ${Date.now()}`;
  await page.goto('/contact');
  await form(page).getByRole('textbox', { name: 'Name', exact: true }).fill('Jo Tester');
  await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill('jo@example.org');
  await form(page).getByRole('combobox', { name: 'Subject' }).selectOption('rally');
  await form(page).getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your message!' }),
  ).toHaveText("Thank you for your message! We'll get back to you soon.");
  const { data } = await serviceDb
    .from('contact_messages')
    .select('*')
    .eq('message', message)
    .throwOnError();
  expect(data).toHaveLength(1);
  expect(data[0]).toMatchObject({
    name: 'Jo Tester',
    email: 'jo@example.org',
    subject: 'rally',
    phone: null,
  });
  await serviceDb.from('contact_messages').delete().eq('message', message).throwOnError();
});

test.describe('the contact form against the database’s guard', () => {
  // The browser reports the refused request (429) on the console; that is the point of the test.
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test('states its limit, drops a filled honeypot and says when too many messages were sent', async ({
    page,
    serviceDb,
  }) => {
    const marker = `Guarded ${Date.now()}`;
    const email = `guard-${Date.now()}@example.org`;
    const message = form(page).getByRole('textbox', { name: 'Message', exact: true });
    const send = async (text: string) => {
      await form(page).getByRole('textbox', { name: 'Name', exact: true }).fill('Jo Tester');
      await form(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form(page).getByRole('combobox', { name: 'Subject' }).selectOption('general');
      await message.fill(text);
      await page.getByRole('button', { name: 'Send Message' }).click();
    };
    const thanked = page.getByRole('status').filter({ hasText: 'Thank you for your message!' });

    await page.goto('/contact');
    await expect(message).toHaveAccessibleDescription('Up to 2,000 characters: 2,000 left.');

    // A robot fills the field nobody sees: thanked like anyone, and nothing is kept.
    await form(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
    await send(`${marker} robot`);
    await expect(thanked).toBeVisible();
    await page.reload();

    for (let i = 1; i <= 3; i++) {
      await send(`${marker} ${i}`);
      await expect(thanked).toBeVisible();
      await expect(message).toHaveValue('');
    }
    await send(`${marker} 4`);
    await expect(page.getByRole('alert')).toHaveText(
      'You have sent several messages in a short time, so this one was not sent. Please try again in an hour.',
    );
    await expect(message).toHaveValue(`${marker} 4`);

    const { data } = await serviceDb
      .from('contact_messages')
      .select('message')
      .like('message', `${marker}%`)
      .order('message')
      .throwOnError();
    expect(data.map((row) => row.message)).toEqual([1, 2, 3].map((i) => `${marker} ${i}`));
    await serviceDb.from('contact_messages').delete().like('message', `${marker}%`).throwOnError();
  });
});
