// Issue 22's scenario, the organiser's yearly routine in a real browser against the production
// build, with both clocks pinned (the browser's and the database's, pinClocks): three 2026 cars
// register and pay on 20 March 2026; on 24 November 2026 the organiser creates 2027 on the
// Editions screen and makes it current; the public site moves to 2027 (12 places, "Sign Up to
// 2027 Tour") while /2026-rally stays as the finished rally; a 2027 car registers and pays; the
// inbox opens on 2027, its 2026 view and export hold exactly 2026's three cars; 2026 goes to the
// past tours with 3 cars, once, and is not deleted while it has registrations.
//
// It changes the current edition and the database's day, which every other spec reads: it runs
// in playwright.config.ts's "shared state" project, after the main one and alone, and puts both
// back however it ends. The 2026 registrations earlier specs left are set aside under a draft
// edition for its length, so the three are 2026's only cars by construction.
import type { Page } from '@playwright/test';
import { pinClocks, restoreDatabaseClock } from './admin-helpers';
import { test, expect, PAY_TEST_MODE, registerToCheckout, type ServiceDb } from './fixtures';

const MARCH = '2026-03-20';
const NOVEMBER = '2026-11-24';
/** A year no spec uses: the draft edition holding earlier specs' 2026 registrations meanwhile. */
const PARKING_YEAR = 2001;

// The browser logs the refused second "Add to past tours" and the refused delete itself.
test.use({ allowedConsoleErrors: [/status of 40[09]/] });
test.describe.configure({ mode: 'serial' });

/** Registers `team` through /sign-up and pays on the Stripe stand-in's test-mode checkout page. */
async function registerAndPay(page: Page, team: string): Promise<string> {
  await page.goto('/sign-up');
  const form = page.locator('main').getByRole('form', { name: 'Rally registration' });
  const email = `${team.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  await form.getByRole('textbox', { name: 'Full name', exact: true }).fill(`${team} Driver`);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900123');
  await form.getByRole('textbox', { name: 'Team name', exact: true }).fill(team);
  await page.getByLabel(/I accept the/).check();
  const reference = await registerToCheckout(page);
  await page.getByRole('button', { name: PAY_TEST_MODE }).click();
  await expect(page).toHaveURL(
    new RegExp(`/payment-success\\?ref=${reference}&session_id=cs_test_\\w+$`),
  );
  await expect(page.getByText('Your place is secured.')).toBeVisible();
  return reference;
}

async function editionId(serviceDb: ServiceDb, year: number): Promise<string | null> {
  const { data } = await serviceDb.from('editions').select('id').eq('year', year).maybeSingle();
  return data?.id ?? null;
}

/** Sets 2026's earlier registrations aside under a draft edition; answers how to put them back. */
async function parkEarlierRegistrations(serviceDb: ServiceDb) {
  const edition2026 = await editionId(serviceDb, 2026);
  if (!edition2026) throw new Error('the seed has no 2026 edition');
  const { data: parking } = await serviceDb
    .from('editions')
    .insert({
      year: PARKING_YEAR,
      name: 'E2E parked 2026 registrations',
      start_date: `${PARKING_YEAR}-06-20`,
      end_date: `${PARKING_YEAR}-06-26`,
      registration_opens: `${PARKING_YEAR - 1}-11-01`,
      registration_closes: `${PARKING_YEAR}-05-31`,
      price_per_car: 0,
      deposit: 0,
      capacity: 0,
      status: 'draft',
    })
    .select('id')
    .single()
    .throwOnError();
  const { data: parked } = await serviceDb
    .from('registrations')
    .update({ edition_id: parking.id })
    .eq('edition_id', edition2026)
    .select('id')
    .throwOnError();
  return async () => {
    const ids = (parked ?? []).map((row) => row.id);
    if (ids.length > 0)
      await serviceDb
        .from('registrations')
        .update({ edition_id: edition2026 })
        .in('id', ids)
        .throwOnError();
    await serviceDb.from('editions').delete().eq('id', parking.id).throwOnError();
  };
}

/** The seed's draft 2026 past tour, out of the way while "Add to past tours" records 2026. */
async function setSeedPastTourAside(serviceDb: ServiceDb) {
  const { data: seeded } = await serviceDb
    .from('past_tours')
    .update({ deleted_at: new Date().toISOString() })
    .eq('year', 2026)
    .is('deleted_at', null)
    .select('id')
    .throwOnError();
  return async () => {
    // The seed's is in the trash meanwhile: what is not is the one this spec added.
    await serviceDb.from('past_tours').delete().eq('year', 2026).is('deleted_at', null);
    const ids = (seeded ?? []).map((row) => row.id);
    if (ids.length > 0)
      await serviceDb
        .from('past_tours')
        .update({ deleted_at: null, deleted_by: null })
        .in('id', ids)
        .throwOnError();
  };
}

test('the yearly routine: 2026 paid in March, 2027 opened in November, 2026 recorded as a past tour', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const teams2026 = [1, 2, 3].map((car) => `Rollover ${run} 2026-${car}`);
  const team2027 = `Rollover ${run} 2027-1`;
  const undo: (() => Promise<unknown>)[] = [];
  try {
    undo.push(await parkEarlierRegistrations(serviceDb));
    undo.push(await setSeedPastTourAside(serviceDb));

    await test.step('20 March 2026: three 2026 cars register and pay', async () => {
      await pinClocks(MARCH, page, adminPage);
      for (const team of teams2026) await registerAndPay(page, team);
      await adminPage.goto('/admin/editions');
      const row = adminPage.getByTestId('edition-row').filter({ hasText: '2026 Europe Rally' });
      await expect(row).toContainText('open');
      await expect(row).toContainText('3 of 12 cars paid');
    });

    await test.step('24 November 2026: the organiser creates 2027 and makes it current', async () => {
      await pinClocks(NOVEMBER, page, adminPage);
      await adminPage.goto('/admin');
      await adminPage
        .getByRole('link', { name: /^Editions/ })
        .first()
        .click();
      await expect(adminPage.getByRole('heading', { name: 'Editions', level: 1 })).toBeVisible();
      await expect(
        adminPage.getByTestId('edition-row').filter({ hasText: '2026 Europe Rally' }),
      ).toContainText('finished');

      await adminPage.getByRole('button', { name: 'New edition' }).click();
      const form = adminPage.getByRole('form', { name: 'New edition' });
      // Filled from the latest edition: a year on, the same capacity.
      await expect(form.getByLabel('Year')).toHaveValue('2027');
      await expect(form.getByLabel('Start date')).toHaveValue('2027-06-22');
      await expect(form.getByLabel('Capacity (cars)')).toHaveValue('12');
      await form.getByLabel('Start date').fill('2027-06-20');
      await form.getByLabel('End date').fill('2026-06-26');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(
        form.getByText('The end date must be on or after the start date.'),
      ).toBeVisible();
      await form.getByLabel('End date').fill('2027-06-26');
      await form.getByLabel('Registration opens').fill(NOVEMBER);
      await form.getByLabel('Registration closes').fill('2027-05-31');
      await form.getByLabel('Balance due').fill('2027-04-30');
      await form.getByLabel('Capacity (cars)').fill('12');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(
        adminPage.getByRole('status').filter({ hasText: 'Saved the 2027' }),
      ).toBeVisible();
      const next = adminPage.getByTestId('edition-row').filter({ hasText: '2027 Europe Rally' });
      await expect(next).toContainText('draft');
      await expect(next).toContainText('20-26 June 2027');

      await next.getByRole('button', { name: 'Make the 2027 Europe Rally current' }).click();
      const dialog = adminPage.getByRole('dialog', {
        name: 'Make the 2027 Europe Rally current?',
      });
      await expect(dialog).toContainText('/rally (which leads to /2027-rally)');
      await expect(dialog).toContainText('The 2026 Europe Rally becomes a past edition');
      await dialog.getByRole('button', { name: 'Make current' }).click();
      await expect(
        adminPage
          .getByRole('status')
          .filter({ hasText: 'The 2027 Europe Rally is now the current' }),
      ).toBeVisible();
      await expect(next).toContainText('current');
      await expect(next).toContainText('open');
      const { data: made } = await serviceDb
        .from('editions')
        .select('year, status, price_per_car, deposit, capacity')
        .eq('is_current', true)
        .single()
        .throwOnError();
      const { data: was } = await serviceDb
        .from('editions')
        .select('price_per_car, deposit')
        .eq('year', 2026)
        .single()
        .throwOnError();
      expect(made).toEqual({ year: 2027, status: 'published', capacity: 12, ...was });
    });

    await test.step('the public site follows 2027; /2026-rally is the finished rally', async () => {
      await page.goto('/rally');
      await expect(page).toHaveURL(/\/2027-rally$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The 2027 Europe Rally');
      await expect(page.getByText('20-26 June 2027').first()).toBeVisible();
      await expect(page.getByTestId('spots-remaining')).toHaveText('12');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Sign Up to 2027 Tour' })).toBeVisible();
      await expect(banner.getByRole('link', { name: '2027 Rally' }).first()).toHaveAttribute(
        'href',
        '/2027-rally',
      );

      await page.goto('/2026-rally');
      await expect(page.getByTestId('edition-state')).toContainText(
        'The 2026 Europe Rally has finished',
      );
      await expect(page.getByTestId('edition-dates')).toHaveText('22-28 June 2026');
      await expect(page.getByTestId('edition-cars')).toHaveText('3');
      await expect(page.getByRole('link', { name: 'See the Photos' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Rally News' })).toBeVisible();
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: /Sign Up|Reserve/ })).toHaveCount(0);
      await expect(main.getByText(/deposit/i)).toHaveCount(0);

      await page.goto('/no-such-year-rally');
      await expect(page.getByRole('link', { name: 'See the 2027 Rally' })).toHaveAttribute(
        'href',
        '/2027-rally',
      );
    });

    await test.step('a 2027 car registers and pays', async () => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Sign Up to 2027 Tour' }).click();
      await expect(page).toHaveURL(/\/sign-up$/);
      await registerAndPay(page, team2027);
      await page.goto('/2027-rally');
      await expect(page.getByTestId('spots-remaining')).toHaveText('11');
    });

    await test.step('the inbox opens on 2027; 2026 and its export hold exactly its three cars', async () => {
      await adminPage.goto('/admin/registrations');
      const edition = adminPage.getByLabel('Edition');
      await expect(edition).toHaveValue('2027');
      await expect(adminPage.getByTestId('inbox-row')).toHaveCount(1);
      await expect(adminPage.getByTestId('inbox-row')).toContainText(team2027);

      await edition.selectOption('2026');
      await expect(adminPage).toHaveURL(/[?&]edition=2026/);
      const rows = adminPage.getByTestId('inbox-row');
      await expect(rows).toHaveCount(3);
      for (const team of teams2026) await expect(rows.filter({ hasText: team })).toHaveCount(1);

      const [download] = await Promise.all([
        adminPage.waitForEvent('download'),
        adminPage.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      let csv = '';
      for await (const chunk of await download.createReadStream()) csv += String(chunk);
      const lines = csv.trim().split(/\r?\n/).slice(1);
      expect(lines).toHaveLength(3);
      expect(teams2026.map((team) => lines.filter((line) => line.includes(team)).length)).toEqual([
        1, 1, 1,
      ]);

      // Kept in the URL: a reload shows the same edition.
      await adminPage.reload();
      await expect(adminPage.getByLabel('Edition')).toHaveValue('2026');
      await expect(adminPage.getByTestId('inbox-row')).toHaveCount(3);
    });

    await test.step('"Add to past tours" records 2026 with its 3 cars, once; 2026 stays', async () => {
      await adminPage.goto('/admin/editions');
      const row = adminPage.getByTestId('edition-row').filter({ hasText: '2026 Europe Rally' });
      await expect(row).toContainText('finished');
      await row.getByRole('button', { name: 'Add to past tours' }).click();
      await expect(
        adminPage.getByRole('status').filter({ hasText: 'Added 2026 to the past tours' }),
      ).toBeVisible();
      const { data: edition } = await serviceDb
        .from('editions')
        .select('start_place, finish_place')
        .eq('year', 2026)
        .single()
        .throwOnError();
      const { data: tours } = await serviceDb
        .from('past_tours')
        .select('route, participants, published')
        .eq('year', 2026)
        .is('deleted_at', null)
        .throwOnError();
      expect(tours).toEqual([
        {
          route: `${edition.start_place} to ${edition.finish_place}`,
          participants: 3,
          published: false,
        },
      ]);
      await row.getByRole('button', { name: 'Add to past tours' }).click();
      await expect(adminPage.getByText('The past tours already have 2026.')).toBeVisible();

      // An edition with registrations cannot be deleted: the database's reason is shown.
      await row.getByRole('button', { name: 'Delete the 2026 Europe Rally' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(
        adminPage.getByText('The 2026 Europe Rally has registrations: it cannot be deleted.'),
      ).toBeVisible();
      expect(await editionId(serviceDb, 2026)).not.toBeNull();
    });
  } finally {
    // Every other spec reads 2026 as the current edition, on the emulator's starting day.
    await serviceDb.rpc('make_current_edition', { edition_year: 2026 });
    const edition2027 = await editionId(serviceDb, 2027);
    if (edition2027) {
      await serviceDb.from('registrations').delete().eq('edition_id', edition2027);
      await serviceDb.from('editions').delete().eq('id', edition2027);
    }
    await serviceDb.from('registrations').delete().in('team_name', teams2026);
    for (const step of undo.reverse()) await step();
    await restoreDatabaseClock();
  }
});
