// Issue 12: a setting changed in the admin (after the site was built) changes the public page,
// its meta tags and its JSON-LD: one test per settings group. The form refuses a value that is
// not its type before it reaches the database (tests/contract/site-settings.test.ts has the
// database's own refusals).
import type { Page } from '@playwright/test';
import { formatMoney } from '../../supabase/functions/_shared/formats/money';
import { test, expect, type ServiceDb } from './fixtures';

test.describe.configure({ mode: 'default' });

async function restoring(serviceDb: ServiceDb, keys: string[]) {
  const { data } = await serviceDb
    .from('site_settings')
    .select('key, value')
    .in('key', keys)
    .throwOnError();
  return async () => {
    for (const { key, value } of data) {
      await serviceDb.from('site_settings').update({ value }).eq('key', key).throwOnError();
    }
  };
}

/** Saves one setting on the admin's settings screen. */
async function saveSetting(adminPage: Page, title: string, value: string) {
  const form = adminPage.getByRole('form', { name: title });
  await form.getByLabel(`Value of ${title}`).fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
}

/** The admin's toast (its live region sits beside the screen's own status lines). */
const saved = (adminPage: Page) =>
  expect(adminPage.getByRole('status').filter({ hasText: 'Setting updated' }).first()).toHaveText(
    'Setting updated successfully!',
  );

const jsonLd = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((texts) => texts.map((text) => JSON.parse(text) as Record<string, unknown>));

test('the settings screen has no edition group, and refuses a goal typed as text', async ({
  adminPage,
}) => {
  await adminPage.goto('/admin/settings');
  await expect(adminPage.getByRole('heading', { name: 'Organisation' })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Rally edition' })).toHaveCount(0);
  const goal = 'Fundraising goal (£)';
  await saveSetting(adminPage, goal, 'eleven-ish');
  const form = adminPage.getByRole('form', { name: goal });
  await expect(form.getByText('Please enter a whole number, such as 12.')).toBeVisible();
  await expect(form.getByLabel(`Value of ${goal}`)).toHaveValue('eleven-ish');
});

test('organisation: the contact email and charity number reach the footer and the Organization data', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const restore = await restoring(serviceDb, ['contact_email', 'charity_number']);
  try {
    await adminPage.goto('/admin/settings');
    await saveSetting(adminPage, 'Contact email', 'hello@rally.example');
    await saved(adminPage);
    await saveSetting(adminPage, 'Registered charity number', '1234567');
    await expect(
      adminPage
        .getByRole('form', { name: 'Registered charity number' })
        .getByRole('button', { name: 'Save' }),
    ).toBeDisabled();

    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'hello@rally.example' })).toBeVisible();
    await expect(footer.getByTestId('charity-number')).toHaveText(
      'Registered charity number 1234567.',
    );
    await expect
      .poll(async () => (await jsonLd(page)).find((data) => data['@type'] === 'Organization'))
      .toEqual(
        expect.objectContaining({
          email: 'hello@rally.example',
          identifier: expect.objectContaining({ value: '1234567' }),
        }),
      );
  } finally {
    await restore();
  }
});

test('fundraising: the home and charity pages show the same total: the tours’ funds and the offline adjustment', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const restore = await restoring(serviceDb, ['fundraising_adjustment']);
  const total = async () =>
    Number((await serviceDb.rpc('funds_raised_to_date').throwOnError()).data);
  try {
    await serviceDb
      .from('site_settings')
      .update({ value: '0' })
      .eq('key', 'fundraising_adjustment')
      .throwOnError();
    const recorded = await total();
    await adminPage.goto('/admin/settings');
    await saveSetting(adminPage, 'Raised outside the rallies (£)', '31000');
    await saved(adminPage);
    // £31,000 on top of what the rallies and past tours recorded, counted once.
    expect(await total()).toBe(recorded + 3_100_000);
    const shown = formatMoney(recorded + 3_100_000);

    await page.goto('/');
    await expect(page.getByTestId('fundraising-raised')).toHaveText(shown);
    await page.goto('/about');
    await expect(page.getByText(shown).first()).toBeVisible();
  } finally {
    await restore();
  }
});
