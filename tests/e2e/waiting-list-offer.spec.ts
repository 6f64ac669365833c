// Issue 24's waiting list in a real browser against the production build, with both clocks pinned
// to 20 March 2026 (registration open) and the current edition full (its capacity set to 0): /sign-up
// offers "Join the waiting list" in place of the registration form, and joining says the place in
// the queue and emails the acknowledgement; an offer link that opens nothing shows nothing personal and leads back to /sign-up;
// the admin's Waiting list screen lists the entry, and Remove takes it off. (The whole path, from
// a cancellation's offer to the deposit paid through the link, is the issue's own scenario.)
//
// It fills the edition and pins the database's day, which other specs read: it runs in
// playwright.config.ts's "shared state" project, after the main one and alone, and puts the
// capacity and the day back, and withdraws its entry, however it ends.
import { mailTo, pinClocks, restoreDatabaseClock } from './admin-helpers';
import { axeViolations } from './axe';
import { test, expect } from './fixtures';

const MARCH = '2026-03-20';

test('a full edition: joining the waiting list, a wrong offer link, and the queue in the admin', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.setTimeout(90_000);
  const name = `Robin Waiting ${Date.now().toString(36)}`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  const { data: edition } = await serviceDb
    .from('editions')
    .select('id, name, capacity')
    .eq('is_current', true)
    .single()
    .throwOnError();
  try {
    await serviceDb.from('editions').update({ capacity: 0 }).eq('id', edition.id).throwOnError();
    await pinClocks(MARCH, page, adminPage);

    // Full: the waiting list's form, not the registration form.
    await page.goto('/sign-up');
    await expect(page.getByTestId('registration-state')).toHaveAttribute('data-phase', 'full');
    await expect(page.getByRole('button', { name: 'Register and Pay Deposit' })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Join the waiting list' });
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900456');
    await form
      .getByLabel('Contact me by email or phone about a place on this rally if one becomes free.')
      .check();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(
      page.getByText(
        /^You are on the waiting list: number \d+\. We will email you if a place becomes free\.$/,
      ),
    ).toBeVisible();
    // The acknowledgement, sent at once (participant-emails, { only: 'waiting_list' }).
    await expect
      .poll(async () => (await mailTo(email)).map((mail) => mail.subject))
      .toContain(`You are on the waiting list for the ${edition.name}`);

    // A link that opens nothing: no name, no form, the way back to /sign-up.
    await page.goto(`/sign-up/offer/${'A'.repeat(43)}`);
    await expect(
      page.getByRole('heading', { name: 'This offer link is not valid or has expired' }),
    ).toBeVisible();
    await expect(page.locator('main').getByRole('form')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the sign-up page' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);

    // The admin's queue lists the entry, waiting; Remove takes it off after asking.
    await adminPage.goto('/admin/waiting-list');
    const row = adminPage.getByTestId('waiting-list-row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('07700 900456');
    await expect(row).toContainText('Waiting');
    expect(await axeViolations(adminPage)).toEqual([]);
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', {
      name: `Remove ${name} from the waiting list?`,
    });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(adminPage.getByText(`Removed ${name} from the waiting list.`)).toBeVisible();
    await expect(row).toContainText('Withdrawn');
  } finally {
    // Nobody this spec put on the list may be offered a place another spec frees.
    await serviceDb
      .from('waiting_list_entries')
      .update({ status: 'withdrawn' })
      .eq('email', email)
      .in('status', ['waiting', 'offered']);
    await serviceDb.from('editions').update({ capacity: edition.capacity }).eq('id', edition.id);
    await restoreDatabaseClock();
  }
});
