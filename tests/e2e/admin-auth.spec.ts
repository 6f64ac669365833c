import { test, expect, signInAsAdmin } from './fixtures';
import { e2e } from './servers';

test.describe('a wrong password', () => {
  // The browser itself logs the refused sign-in request (HTTP 400).
  test.use({ allowedConsoleErrors: [/auth\/v1\/token\?grant_type=password/] });

  test('is refused with the spec message and kept out of the URL', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(e2e.adminEmail);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid' })).toHaveText(
      'Invalid email or password',
    );
    expect(page.url()).not.toContain('not-the-password');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
  });
});

test.describe('admin sign-in and guard', () => {
  test('asks for both fields before signing in', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
  });

  test('signs in with the right password and shows the dashboard with the email', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(e2e.adminEmail)).toBeVisible();
    for (const tile of [
      'Registrations',
      'Sponsorship Enquiries',
      'Messages',
      'Subscribers',
      'Events',
      'Past Tours',
      'Gallery',
      'Videos',
      'Sponsors',
      'News',
      'Testimonials',
      'Settings',
    ]) {
      // The tile's name is its title, then its summary ('Sponsors' is not 'Sponsorship …').
      await expect(page.getByRole('link', { name: new RegExp(`^${tile}\\b`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'View Website' })).toHaveAttribute('href', '/');
    await expect(
      page.getByText('Sort order controls the sequence', { exact: false }),
    ).toBeVisible();
  });

  test('sends a signed-out visitor to the login screen and back to the page they asked for', async ({
    page,
  }) => {
    await page.goto('/admin/gallery');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(e2e.adminEmail);
    await page.getByLabel('Password').fill(e2e.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/gallery$/);
    await expect(page.getByRole('heading', { name: 'Gallery Manager' })).toBeVisible();
  });

  test('signing out in one tab signs the other tab out, keeping its page to return to', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const other = await page.context().newPage();
    await other.goto('/admin/news');
    await expect(other.getByRole('heading', { name: 'News Manager' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(other).toHaveURL(/\/admin\/login$/);

    await other.getByLabel('Email').fill(e2e.adminEmail);
    await other.getByLabel('Password').fill(e2e.adminPassword);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await expect(other).toHaveURL(/\/admin\/news$/);
    await other.close();
  });
});
