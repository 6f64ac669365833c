// Issue 12: the rally's calendar drives the site. Each state pins the browser's clock and gives
// the page its calendar settings, then checks the calls to action (home hero and nav button), the
// rally page and /sign-up, where no deposit step is reachable unless registration is open.
//
// The edition's facts reach the page as they do for a visitor after the build: the prerendered
// page carries the build's values and corrects itself when the browser loads the editions again
// (src/lib/useLoad). The test answers that load with the state's values (page.route) rather than
// writing them to the database: the end-to-end database is shared by specs running in parallel,
// and a capacity of 0 or a registration window moved would flip their pinned 'open' day too. The
// "full" state comes from the organiser's count of places (rally_places()), answered the same way.
// tests/e2e/site-settings.spec.ts saves settings through the admin into the database.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

test.describe.configure({ mode: 'default' });

type EditionRow = Record<string, unknown> & { is_current: boolean; year: number };

/**
 * Answers this page's reads of the editions with the current edition's `changes` in place of the
 * stored values, and `next` (a published edition after it) added when given.
 */
async function withEdition(
  page: Page,
  changes: Record<string, string>,
  next?: { name: string; start_date: string },
) {
  await page.route('**/rest/v1/editions*', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as EditionRow[];
    const changed = rows.map((row) => (row.is_current ? { ...row, ...changes } : row));
    const current = changed.find((row) => row.is_current);
    const added =
      next && current
        ? [
            {
              ...current,
              ...next,
              id: crypto.randomUUID(),
              year: current.year + 1,
              is_current: false,
            },
          ]
        : [];
    await route.fulfill({ response, json: [...changed, ...added] });
  });
}

/** Answers this page's count of places (rally_places(), which decides "full") with none left. */
async function withNoPlacesLeft(page: Page) {
  await page.route('**/rest/v1/rpc/rally_places*', (route) =>
    route.fulfill({ json: { capacity: 12, taken: 12, remaining: 0 } }),
  );
}

const heroCall = (page: Page) => page.locator('main [data-phase]').first();
const navCall = (page: Page) => page.getByRole('banner').locator('[data-phase]').first();
const depositButton = (page: Page) =>
  page.getByRole('button', { name: 'Register and Pay Deposit' });

/** At `time` (a UK date-time), the home page, the rally page and /sign-up in `phase`. */
async function expectPhase(
  page: Page,
  time: string,
  phase: string,
  { hero, nav, rally }: { hero: string; nav: string; rally: string | RegExp },
) {
  await page.clock.setFixedTime(new Date(time));
  await page.goto('/');
  await expect(heroCall(page)).toHaveAttribute('data-phase', phase);
  await expect(heroCall(page)).toHaveText(hero);
  await expect(navCall(page)).toHaveText(nav);

  await page.goto('/2026-rally');
  await expect(page.getByText(rally).first()).toBeVisible();

  await page.goto('/sign-up');
  if (phase === 'open') {
    await expect(depositButton(page)).toBeVisible();
  } else {
    await expect(page.getByTestId('registration-state')).toHaveAttribute('data-phase', phase);
    await expect(depositButton(page)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Team name' })).toHaveCount(0);
  }
}

test.describe('the rally calendar', () => {
  test('before registration opens: register your interest, no sign-up form', async ({ page }) => {
    await withEdition(page, { registration_opens: '2026-04-01' });
    await expectPhase(page, '2026-03-15T12:00:00+00:00', 'before-opening', {
      hero: 'Register Your Interest',
      nav: 'Register Your Interest',
      rally: 'Registration opens 1 April 2026',
    });
    await expect(navCall(page)).toHaveAttribute('href', '#footer-email');
  });

  test('while open: sign up and the deposit step', async ({ page }) => {
    await withEdition(page, { registration_closes: '2026-06-10' });
    await expectPhase(page, '2026-06-05T12:00:00+01:00', 'open', {
      hero: 'Sign Up Today',
      nav: 'Sign Up to 2026 Tour',
      rally: 'Registration closes 10 June 2026',
    });
  });

  test('when full: a closed state and no deposit step', async ({ page }) => {
    await withNoPlacesLeft(page);
    await expectPhase(page, '2026-03-01T12:00:00+00:00', 'full', {
      hero: 'Fully Booked',
      nav: 'Fully Booked',
      rally: 'Fully booked',
    });
  });

  test('after registration closes: a closed state and no deposit step', async ({ page }) => {
    await withEdition(page, { registration_closes: '2026-05-20' });
    await expectPhase(page, '2026-05-25T12:00:00+01:00', 'closed', {
      hero: 'Registration Closed',
      nav: 'Registration Closed',
      rally: 'Registration is closed',
    });
  });

  test('during the rally: on the road now', async ({ page }) => {
    await withEdition(page, { end_date: '2026-06-29' });
    await expectPhase(page, '2026-06-29T18:00:00+01:00', 'during', {
      hero: 'On the Road Now',
      nav: 'On the Road Now',
      rally: 'The 2026 Europe Rally is under way.',
    });
  });

  test('after the rally: thanks, photos and the next edition', async ({ page }) => {
    await withEdition(page, {}, { name: '2027 Europe Rally', start_date: '2027-06-21' });
    await expectPhase(page, '2026-07-01T09:00:00+01:00', 'after', {
      hero: 'See the Photos',
      nav: 'See the Photos',
      rally: 'Thank you',
    });
    await page.goto('/');
    await expect(page.getByText('The 2026 Europe Rally has finished')).toBeVisible();
    // The next published edition, by its name and start (its own page comes with /{year}-rally).
    await expect(page.getByTestId('next-edition')).toHaveText(
      'Next: 2027 Europe Rally, from 21 June 2027.',
    );
  });
});
