// WCAG 2.2 AA, as axe checks it, on every admin screen: the list of each manager and its open add
// form, the article editor, settings, the media library, the administrators and their dialog, the
// login, forgot-password and set-password pages and the refusal screens. Also
// the dialogs' keyboard behaviour and reduced motion, which axe cannot see.
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createAdministrator, createVisitor, signInOnForm } from './admin-helpers';
import { test, expect } from './fixtures';

// axe over a whole admin screen takes seconds on a busy 2-core machine.
test.beforeEach(() => {
  test.slow();
});

const managers = [
  { path: 'events', heading: 'Events Manager', addLabel: 'Add Event' },
  { path: 'past-tours', heading: 'Past Tours Manager', addLabel: 'Add Tour' },
  { path: 'gallery', heading: 'Gallery Manager', addLabel: 'Add Image' },
  { path: 'videos', heading: 'Videos Manager', addLabel: 'Add Video' },
  { path: 'sponsors', heading: 'Sponsors Manager', addLabel: 'Add Sponsor' },
  { path: 'news', heading: 'News Manager', addLabel: 'Add Article' },
  { path: 'testimonials', heading: 'Testimonials Manager', addLabel: 'Add Testimonial' },
] as const;

/** Opens a manager and waits for its list (the count line shows once it has loaded). */
async function openManager(page: Page, manager: (typeof managers)[number]) {
  await page.goto(`/admin/${manager.path}`);
  await expect(page.getByRole('heading', { name: manager.heading, level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ \w+ total$/)).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
}

/** The add form, once every field (the article's editor too) has loaded. */
async function openAddForm(page: Page, manager: (typeof managers)[number]) {
  await page.getByRole('button', { name: manager.addLabel, exact: true }).click();
  await expect(page.getByRole('form', { name: manager.addLabel })).toBeVisible();
  if (manager.path === 'news') await expect(page.locator('.ql-toolbar')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
}

test('the login screen has no accessibility violations', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the login screen with its field errors has no accessibility violations', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'Email is required.',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('the dashboard has no accessibility violations', async ({ adminPage }) => {
  await adminPage.goto('/admin/dashboard');
  await expect(adminPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
});

for (const manager of managers) {
  test(`the ${manager.heading} list has no accessibility violations`, async ({ adminPage }) => {
    await openManager(adminPage, manager);
    expect(await axeViolations(adminPage)).toEqual([]);
  });

  test(`the ${manager.heading} add form has no accessibility violations`, async ({ adminPage }) => {
    await openManager(adminPage, manager);
    await openAddForm(adminPage, manager);
    expect(await axeViolations(adminPage)).toEqual([]);
  });
}

test("a list's search, filters, pages and no-results state have no accessibility violations", async ({
  adminPage,
}) => {
  // The list tests above check the toolbar and the pages; this is the state a search leaves.
  await adminPage.goto('/admin/gallery?q=no-such-photo&status=draft&year=2019&sort=title');
  await expect(adminPage.getByText('No results match your search')).toBeVisible();
  await expect(adminPage.getByRole('combobox', { name: 'Season' })).toHaveValue('2019');
  await expect(adminPage.getByRole('status').filter({ hasText: 'match' })).toHaveText(
    'No images match',
  );
  expect(await axeViolations(adminPage)).toEqual([]);
});

test('a refused add form ties every message to its field and has no violations', async ({
  adminPage,
}) => {
  const gallery = managers[2];
  await openManager(adminPage, gallery);
  await openAddForm(adminPage, gallery);
  await adminPage.getByRole('button', { name: 'Save' }).click();
  const title = adminPage.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Title is required.');
  expect(await axeViolations(adminPage)).toEqual([]);
});

test("the article editor's toolbar names every control", async ({ adminPage }) => {
  const news = managers[5];
  await openManager(adminPage, news);
  await openAddForm(adminPage, news);
  const toolbar = adminPage.locator('.ql-toolbar');
  await expect(toolbar.getByRole('button', { name: 'Text style' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Text alignment' })).toBeVisible();
  await expect(adminPage.getByRole('textbox', { name: 'Content' })).toBeVisible();
});

test('the settings screen has no accessibility violations', async ({ adminPage }) => {
  await adminPage.goto('/admin/settings');
  await expect(adminPage.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('form').first()).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
});

test('the open media library has no accessibility violations', async ({ adminPage }) => {
  const gallery = managers[2];
  await openManager(adminPage, gallery);
  await openAddForm(adminPage, gallery);
  await adminPage.getByRole('button', { name: 'Choose from library: Image' }).click();
  const library = adminPage.getByRole('dialog', { name: 'Media Library' });
  await expect(library.getByRole('button', { name: /^Use / }).first()).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
});

test('the not-an-administrator screen has no accessibility violations', async ({
  page,
  serviceDb,
}) => {
  const { email, password, remove } = await createVisitor(serviceDb);
  try {
    await page.goto('/admin/dashboard');
    await signInOnForm(page, email, password);
    await expect(
      page.getByRole('heading', { name: 'This account is not an administrator' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await remove();
  }
});

test('the delete confirmation keeps focus inside and gives it back on Escape', async ({
  adminPage,
}) => {
  await openManager(adminPage, managers[0]);
  const opener = adminPage.getByRole('button', { name: /^Delete / }).first();
  await opener.click();
  const dialog = adminPage.getByRole('dialog', { name: /^Delete “.+”\?$/ });
  await expect(dialog).toBeVisible();
  // Round the dialog's three controls and then some: focus never leaves it.
  for (let press = 0; press < 5; press += 1) {
    await adminPage.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await adminPage.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await adminPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the media library keeps focus inside and gives it back to its button', async ({
  adminPage,
}) => {
  const gallery = managers[2];
  await openManager(adminPage, gallery);
  await openAddForm(adminPage, gallery);
  const opener = adminPage.getByRole('button', { name: 'Choose from library: Image' });
  await opener.click();
  const library = adminPage.getByRole('dialog', { name: 'Media Library' });
  await expect(library.getByRole('button', { name: /^Use / }).first()).toBeVisible();
  await adminPage.keyboard.press('Shift+Tab');
  expect(await library.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await library.getByRole('button', { name: 'Close' }).click();
  await expect(library).toBeHidden();
  await expect(opener).toBeFocused();
});

test('keyboard focus is visible on the admin controls', async ({ adminPage }) => {
  await openManager(adminPage, managers[0]);
  const add = adminPage.getByRole('button', { name: 'Add Event', exact: true });
  await add.focus();
  await adminPage.keyboard.press('Shift+Tab');
  await adminPage.keyboard.press('Tab');
  await expect(add).toBeFocused();
  const ring = await add.evaluate((node) => {
    const style = getComputedStyle(node);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(ring.outline !== 'none' || ring.shadow !== 'none').toBe(true);
});

/** Elements that animate or transition (for longer than a blink) as the page is styled now. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (value: string) =>
      Math.max(...value.split(',').map((part) => Number.parseFloat(part) || 0));
    return [...document.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          (style.animationName !== 'none' && seconds(style.animationDuration) > 0.01) ||
          (style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.01)
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
}

test('with reduced motion nothing on the admin screens animates', async ({ adminPage }) => {
  await adminPage.emulateMedia({ reducedMotion: 'reduce' });
  await adminPage.goto('/admin/dashboard');
  await expect(adminPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await moving(adminPage)).toEqual([]);
  const news = managers[5];
  await openManager(adminPage, news);
  await openAddForm(adminPage, news);
  expect(await moving(adminPage)).toEqual([]);
});

test('without reduced motion the buttons keep their transitions', async ({ adminPage }) => {
  await adminPage.goto('/admin/dashboard');
  await expect(adminPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await moving(adminPage)).not.toEqual([]);
});

test('the selection bar, the bulk delete dialog, a toast and the Trash view have no accessibility violations', async ({
  adminPage,
  serviceDb,
}) => {
  const url = 'seed/gallery/2019-black-forest-lanes.webp';
  const { data } = await serviceDb
    .from('gallery_images')
    .insert([
      { title: 'A11y trashed photo', url, alt: 'A test photo' },
      { title: 'A11y restored photo', url, alt: 'A test photo' },
    ])
    .select('id')
    .throwOnError();
  const ids = data.map((row) => row.id);
  try {
    await adminPage.goto('/admin/gallery');
    await expect(adminPage.getByRole('listitem').first()).toBeVisible();
    await adminPage.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await adminPage.getByRole('button', { name: 'Delete selected', exact: true }).click();
    const dialog = adminPage.getByRole('dialog', { name: /^Delete \d+ images\?$/ });
    await expect(dialog).toContainText('They move to the trash');
    expect(await axeViolations(adminPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await serviceDb.from('gallery_images').update({ deleted_at: 'now' }).in('id', ids);
    await adminPage.getByRole('button', { name: 'Trash', exact: true }).click();
    await expect(adminPage.getByRole('heading', { name: 'Gallery Manager: Trash' })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Restore A11y restored photo' }).click();
    await expect(
      adminPage.getByRole('status').getByText('“A11y restored photo” restored.'),
    ).toBeVisible();
    await expect(
      adminPage.getByRole('button', { name: 'Restore A11y trashed photo' }),
    ).toBeVisible();
    expect(await axeViolations(adminPage)).toEqual([]);
  } finally {
    await serviceDb.from('gallery_images').delete().in('id', ids);
  }
});

test('the audit log has no accessibility violations', async ({ adminPage }) => {
  await adminPage.goto('/admin/audit-log');
  await expect(adminPage.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(
    adminPage.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
});

test('the registrations inbox with an open detail view has no accessibility violations', async ({
  adminPage,
  serviceDb,
}) => {
  const team = `Axe Team ${Date.now()}`;
  const { error } = await serviceDb.from('registrations').insert({
    lead_driver_name: 'Axe Driver',
    lead_driver_email: `axe.${Date.now()}@example.org`,
    lead_driver_phone: '07700 900123',
    team_name: team,
  });
  expect(error).toBeNull();
  await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(team)}`);
  await expect(adminPage.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  await adminPage.getByRole('button', { name: 'View details' }).click();
  await expect(adminPage.getByRole('button', { name: 'Save status' })).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
});

test('the Administrators screen and its remove dialog have no accessibility violations', async ({
  adminPage,
  serviceDb,
}) => {
  const other = await createAdministrator(serviceDb, 'axe-admin');
  try {
    await adminPage.goto('/admin/administrators');
    await expect(adminPage.getByRole('button', { name: `Remove ${other.email}` })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(adminPage.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required.',
    );
    expect(await axeViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: `Remove ${other.email}` }).click();
    await expect(adminPage.getByRole('dialog', { name: `Remove ${other.email}?` })).toBeVisible();
    expect(await axeViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await other.remove();
  }
});

test('the forgot-password and set-password pages have no accessibility violations', async ({
  page,
  serviceDb,
}) => {
  await page.goto('/admin/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-axe@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/set-password#error=access_denied&error_code=otp_expired');
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const admin = await createAdministrator(serviceDb, 'axe-reset');
  try {
    // A project's own email template may link here with the token hash, for the page to verify.
    const { data, error } = await serviceDb.auth.admin.generateLink({
      type: 'recovery',
      email: admin.email,
    });
    expect(error).toBeNull();
    await page.goto(
      `/admin/set-password?token_hash=${data.properties?.hashed_token ?? ''}&type=recovery`,
    );
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByLabel('New password')).toHaveAccessibleDescription(
      /Password is required\./,
    );
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await admin.remove();
  }
});
