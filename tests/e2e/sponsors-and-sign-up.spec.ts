// Issue 15's public fixes, one flow each: a sponsor tier card opens the enquiry with its tier
// chosen, logos are named, interviews show only when there is one; the sign-up form puts the
// price before its button on a phone, states its limits and refuses a phone number that is not one.
import { randomUUID } from 'node:crypto';
import { axeViolations } from './axe';
import { test, expect } from './fixtures';

/** A day while the seed's registration window is open (the form is shown only then). */
const REGISTRATION_OPEN = new Date('2026-03-01T12:00:00Z');

test('a tier card opens the enquiry with its tier chosen; logos are named; interviews appear only once one exists', async ({
  page,
  serviceDb,
}) => {
  await page.goto('/sponsors');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Sponsor interviews' })).toHaveCount(0);
  await expect(page.getByText('Sponsor Interview Coming Soon')).toHaveCount(0);
  // A logo says whose it is twice: the printed name under it, and its alt text.
  const sponsors = page.getByRole('list', { name: 'Sponsors' });
  await expect(sponsors.getByRole('img', { name: 'Alpine Motor Group logo' })).toBeVisible();
  await expect(sponsors.getByText('Alpine Motor Group', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Enquire about Tier 2' }).click();
  const tier = page.getByRole('combobox', { name: 'Sponsorship tier' });
  await expect(tier).toHaveValue('Tier 2 - £2,100');
  await expect(tier).toBeFocused();
  await expect(tier).toBeInViewport();
  await expect(page).toHaveURL(/\/sponsors\?tier=tier-2#sponsorship-enquiry$/);
  // The phone's shape is checked before anything is sent.
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await phone.fill('abc');
  await page.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number/);

  const title = `Interview ${randomUUID().slice(0, 8)}`;
  await serviceDb
    .from('videos')
    .insert({
      title,
      url: 'https://www.youtube.com/watch?v=abcdef12345',
      category: 'Sponsor interview',
      published: true,
      sort_order: 9000,
    })
    .throwOnError();
  try {
    await page.goto('/sponsors');
    const interviews = page.getByRole('list', { name: 'Sponsor interviews' });
    await expect(interviews.getByRole('button', { name: `Play video: ${title}` })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  } finally {
    await serviceDb.from('videos').delete().eq('title', title).throwOnError();
  }
});

test('on a phone the sign-up price and deposit come before the button; fields state their limits; a bad phone is refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.setFixedTime(REGISTRATION_OPEN);
  await page.goto('/sign-up');
  const submit = page.getByRole('button', { name: 'Register and Pay Deposit' });
  const deposit = page.getByText('Deposit today');
  await expect(submit).toBeVisible();
  const [depositBox, submitBox] = [await deposit.boundingBox(), await submit.boundingBox()];
  expect(depositBox && submitBox && depositBox.y < submitBox.y).toBe(true);

  const form = page.getByRole('form', { name: 'Rally registration' });
  await expect(
    form.getByRole('textbox', { name: 'Full name', exact: true }),
  ).toHaveAccessibleDescription('Up to 200 characters.');
  await expect(
    form.getByRole('textbox', { name: 'Registration plate', exact: true }),
  ).toHaveAccessibleDescription('Up to 20 characters.');
  const phone = form.getByRole('textbox', { name: 'Phone', exact: true });
  await expect(phone).toHaveAccessibleDescription(/7 to 15 digits/);
  expect(await axeViolations(page)).toEqual([]);

  await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Jo Driver');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('jo@example.org');
  await phone.fill('abc');
  await page.getByLabel(/I accept the/).check();
  await submit.click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(
    /Please enter a valid phone number \(7 to 15 digits\)\./,
  );
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(form.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue(
    'Jo Driver',
  );
});
