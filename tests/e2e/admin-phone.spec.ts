// The admin on a phone (issue 21): at 390 px the navigation folds behind one "Menu" button, so
// every list screen shows its list (its first entry, or its empty state) on its first screen,
// where the 16 links once wrapped into six rows above it. The menu opens, lists the screens in
// their groups with targets at least 44 px tall, and closes when a screen is chosen. Settings
// folds its groups (it was about 9,100 px long at 390 px), and the list's small controls are
// WCAG 2.2 targets: checkboxes and the move arrows at least 24 px, the main actions 44 px.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

const LIST_SCREENS = [
  'registrations',
  'enquiries',
  'messages',
  'subscribers',
  'events',
  'past-tours',
  'gallery',
  'videos',
  'sponsors',
  'news',
  'testimonials',
  'media',
  'audit-log',
  'administrators',
];

/** The first entry of the screen's own list, or its empty state (never the navigation's). */
function firstOfList(page: Page) {
  return page
    .locator(':is(ul, ol):not(nav ul):not(nav ol) > li, .border-dashed > p:first-child')
    .first();
}

test('every admin list shows its list on the first screen of a phone', async ({ adminPage }) => {
  test.slow();
  await adminPage.setViewportSize(PHONE);
  for (const screen of LIST_SCREENS) {
    await adminPage.goto(`/admin/${screen}`);
    const first = firstOfList(adminPage);
    await expect(first, `${screen}: its list or empty state`).toBeVisible();
    const nav = await adminPage.getByRole('navigation', { name: 'Admin screens' }).boundingBox();
    expect(nav?.height ?? 0, `${screen}: the folded navigation`).toBeLessThanOrEqual(64);
    const box = await first.boundingBox();
    expect(box, `${screen}: where the list starts`).not.toBeNull();
    expect((box?.y ?? PHONE.height) + 24, `${screen}: the list starts on screen`).toBeLessThan(
      PHONE.height,
    );
  }
});

test('the folded menu lists the screens by group, with phone-sized targets, and closes on choice', async ({
  adminPage,
}) => {
  await adminPage.setViewportSize(PHONE);
  await adminPage.goto('/admin/gallery');
  const menu = adminPage.getByRole('button', { name: /^Menu/ });
  await expect(menu).toHaveAccessibleName('Menu · Gallery');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const nav = adminPage.getByRole('navigation', { name: 'Admin screens' });
  await expect(nav.getByRole('link', { name: 'Registrations' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const group of ['Inbox', 'Content', 'Rally', 'Site', 'People']) {
    await expect(nav.getByRole('group', { name: group })).toBeVisible();
  }
  await expect(
    nav.getByRole('group', { name: 'Inbox' }).getByRole('link', { name: 'Registrations' }),
  ).toBeVisible();
  for (const link of await nav.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/audit-log$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toHaveAccessibleName('Menu · Audit log');
});

test('from 768 px the groups stand open side by side, without a menu button', async ({
  adminPage,
}) => {
  await adminPage.setViewportSize({ width: 1024, height: 768 });
  await adminPage.goto('/admin/gallery');
  await expect(adminPage.getByRole('button', { name: /^Menu/ })).toBeHidden();
  const nav = adminPage.getByRole('navigation', { name: 'Admin screens' });
  await expect(nav.getByRole('link', { name: 'Administrators' })).toBeVisible();
  await expect(nav.getByRole('group', { name: 'People' })).toBeVisible();
});

/** How tall the page is, in CSS pixels. */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('Settings folds its groups on a phone, opening the one the address names', async ({
  adminPage,
}) => {
  await adminPage.setViewportSize(PHONE);
  await adminPage.goto('/admin/settings');
  const groups = adminPage.locator('details[data-settings-group]');
  await expect(groups.first()).toBeVisible();
  // Organisation, Fundraising and Pages (an edition's facts are on the Editions screen).
  await expect(groups).toHaveCount(3);
  const folded = await pageHeight(adminPage);
  test
    .info()
    .annotations.push({ type: 'Settings height at 390 px, folded', description: `${folded}` });
  // Three group titles and the heading: about two screens at most (it was about 9,100 px).
  expect(folded).toBeLessThan(2 * PHONE.height);
  await expect(adminPage.getByRole('form', { name: 'Contact email' })).toBeHidden();

  // A group opens on a tap; one named in the address is open on arrival.
  await adminPage.getByText('Organisation', { exact: true }).click();
  await expect(adminPage.getByRole('form', { name: 'Contact email' })).toBeVisible();
  // (A fresh load: a change of hash alone keeps the screen and what was opened on it.)
  await adminPage.goto('about:blank');
  await adminPage.goto('/admin/settings#settings-fundraising');
  await expect(adminPage.getByRole('form', { name: 'Fundraising goal (£)' })).toBeVisible();
  await expect(adminPage.getByRole('form', { name: 'Contact email' })).toBeHidden();
});

test('a list’s checkboxes and move arrows are at least 24 px, its main actions 44 px, on a phone', async ({
  adminPage,
}) => {
  await adminPage.setViewportSize(PHONE);
  await adminPage.goto('/admin/sponsors');
  const list = adminPage.getByRole('list', { name: 'Sponsors Manager' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const targets = [
    adminPage.getByRole('checkbox', { name: 'Select all on this page' }),
    list.getByRole('checkbox').first(),
    list.getByRole('button', { name: /^Move .* up$/ }).first(),
    list.getByRole('button', { name: /^Move .* down$/ }).first(),
  ];
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box?.width ?? 0, `${target}: width`).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0, `${target}: height`).toBeGreaterThanOrEqual(24);
  }
  const actions = [
    adminPage.getByRole('button', { name: /^Add / }).first(),
    list.getByRole('button', { name: /^Edit / }).first(),
    list.getByRole('button', { name: /^Delete / }).first(),
  ];
  for (const action of actions) {
    const box = await action.boundingBox();
    expect(box?.height ?? 0, `${action}: height`).toBeGreaterThanOrEqual(44);
  }
});
