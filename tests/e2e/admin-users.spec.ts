// More than one administrator, end to end: an administrator invites another by email, the
// invitation is read from the local mail catcher, and its link lets the new administrator choose a
// password and land signed in on the dashboard; then they are removed. And "Forgot password?":
// the emailed link leads to a new password and a signed-in administrator.
import { createAdministrator, emailedLink, uniqueName } from './admin-helpers';
import { test, expect } from './fixtures';

test('an administrator invites another, who sets a password, signs in and is removed', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  test.slow();
  const email = `${uniqueName('invited').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  try {
    await adminPage.goto('/admin/administrators');
    await expect(
      adminPage.getByRole('heading', { name: 'Administrators', level: 1 }),
    ).toBeVisible();
    const list = adminPage.getByRole('list', { name: 'Administrators' });
    await expect(list.getByRole('listitem').filter({ hasText: '(you)' })).toHaveCount(1);

    const field = adminPage.getByRole('textbox', { name: 'Email' });
    await field.fill('not-an-address');
    await adminPage.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(field).toHaveValue('not-an-address');

    await field.fill(email);
    await adminPage.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(
      adminPage.getByRole('status').getByText(`Invitation sent to ${email}.`),
    ).toBeVisible();
    const invited = list.getByRole('listitem').filter({ hasText: email });
    await expect(invited).toContainText('Invited, not yet accepted');

    // The new administrator, in a browser of their own, follows the emailed link.
    await page.goto(await emailedLink(email));
    await expect(page.getByRole('heading', { name: 'Welcome, administrator' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('New password').fill('invited-admin-2026');
    await page.getByLabel('Repeat the password').fill('something-else');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByLabel('Repeat the password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    await page.getByLabel('Repeat the password').fill('invited-admin-2026');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await adminPage.reload();
    await expect(invited).toContainText('Last signed in');
    await adminPage.getByRole('button', { name: `Remove ${email}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Remove ${email}?` });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(
      adminPage.getByRole('status').getByText(`${email} is no longer an administrator.`),
    ).toBeVisible();
    await expect(invited).toHaveCount(0);
  } finally {
    const { data } = await serviceDb.auth.admin.listUsers();
    const user = data.users.find((candidate) => candidate.email === email);
    if (user) await serviceDb.auth.admin.deleteUser(user.id);
  }
});

test('"Forgot password?" emails a link that sets a new password and signs in', async ({
  page,
  serviceDb,
}) => {
  test.slow();
  const admin = await createAdministrator(serviceDb, 'forgetful');
  try {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Email' });
    const answer = page.getByRole('status').filter({ hasText: 'If an account uses that address' });
    // An unknown address gets the very same answer.
    await field.fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(answer).toBeVisible();
    await field.fill(admin.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(answer).toBeVisible();

    await page.goto(await emailedLink(admin.email));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByLabel('New password')).toHaveAccessibleDescription(
      /Password must be at least 10 characters\./,
    );
    await page.getByLabel('New password').fill('remembered-2026');
    await page.getByLabel('Repeat the password').fill('remembered-2026');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(admin.email)).toBeVisible();
    // The link worked once.
    await page.goto(await emailedLink(admin.email));
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  } finally {
    await admin.remove();
  }
});
