// The Editions screen and the inbox one edition at a time (issue 22), in the browser against the
// emulator, with the browser's clock pinned to the database's day (2026-03-01, servers.ts):
// 2027 created from 2026 through the form (filled a year on) and made current after the
// confirmation says what changes; a finished edition added to the past tours once, with its
// paid cars; the registrations inbox opening on the current edition, another chosen by the
// Edition filter kept in the URL, and the export holding that edition's only.
import { randomUUID } from 'node:crypto';
import { test, expect, type ServiceDb } from './fixtures';

const TODAY = new Date('2026-03-01T12:00:00Z');

// One at a time: the first makes 2027 current for a moment, which the inbox's default view reads.
test.describe.configure({ mode: 'serial' });

/** A finished edition of `year` with `paid` registrations whose deposit is paid. */
async function finishedEdition(serviceDb: ServiceDb, year: number, paid: number, team: string) {
  const { data: edition } = await serviceDb
    .from('editions')
    .insert({
      year,
      name: `${year} Europe Rally`,
      start_date: `${year}-06-20`,
      end_date: `${year}-06-26`,
      start_place: 'Dover',
      finish_place: 'Innsbruck',
      price_per_car: 400_000,
      deposit: 25_000,
      capacity: 12,
      registration_opens: `${year - 1}-11-01`,
      registration_closes: `${year}-05-31`,
      status: 'published',
    })
    .select('id')
    .single()
    .throwOnError();
  for (let car = 0; car < paid; car += 1)
    await serviceDb
      .from('registrations')
      .insert({
        team_name: `${team} ${car + 1}`,
        lead_driver_name: `Driver ${car + 1}`,
        lead_driver_email: `editions.${randomUUID()}@example.org`,
        lead_driver_phone: '07700 900123',
        deposit_status: 'paid',
        deposit_amount: 25_000,
        deposit_currency: 'gbp',
        deposit_paid_at: `${year}-03-20T10:00:00Z`,
        edition_id: edition.id,
      })
      .throwOnError();
  return edition.id;
}

async function removeEdition(serviceDb: ServiceDb, year: number) {
  const { data } = await serviceDb.from('editions').select('id').eq('year', year).maybeSingle();
  if (!data) return;
  await serviceDb.from('registrations').delete().eq('edition_id', data.id);
  await serviceDb.from('past_tours').delete().eq('year', year);
  await serviceDb.from('editions').delete().eq('id', data.id);
}

test('New edition: 2027 from 2026, saved, then made current after the confirmation', async ({
  adminPage,
  serviceDb,
}) => {
  await adminPage.clock.setFixedTime(TODAY);
  try {
    await adminPage.goto('/admin');
    await adminPage
      .getByRole('link', { name: /^Editions/ })
      .first()
      .click();
    await expect(adminPage.getByRole('heading', { name: 'Editions', level: 1 })).toBeVisible();
    const current = adminPage.getByTestId('edition-row').filter({ hasText: '2026 Europe Rally' });
    await expect(current).toContainText('open');

    await adminPage.getByRole('button', { name: 'New edition' }).click();
    const form = adminPage.getByRole('form', { name: 'New edition' });
    await expect(form.getByLabel('Year')).toHaveValue('2027');
    await expect(form.getByLabel('Start date')).toHaveValue('2027-06-22');
    await expect(form.getByLabel('Capacity (cars)')).toHaveValue('12');
    await form.getByLabel('Start date').fill('2027-06-20');
    await form.getByLabel('End date').fill('2026-06-26');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('The end date must be on or after the start date.')).toBeVisible();
    await form.getByLabel('End date').fill('2027-06-26');
    await form.getByLabel('Registration opens').fill('2026-11-24');
    await form.getByLabel('Registration closes').fill('2027-05-31');
    await form.getByLabel('Balance due').fill('2027-04-30');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: 'Saved the 2027' })).toBeVisible();
    const next = adminPage.getByTestId('edition-row').filter({ hasText: '2027 Europe Rally' });
    await expect(next).toContainText('draft');
    await expect(next).toContainText('20-26 June 2027');

    await next.getByRole('button', { name: 'Make the 2027 Europe Rally current' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Make the 2027 Europe Rally current?' });
    await expect(dialog).toContainText('/rally (which leads to /2027-rally)');
    await expect(dialog).toContainText('The 2026 Europe Rally becomes a past edition');
    await dialog.getByRole('button', { name: 'Make current' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'The 2027 Europe Rally is now the current' }),
    ).toBeVisible();
    await expect(next).toContainText('current');
    const { data: row } = await serviceDb
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
    expect(row).toEqual({ year: 2027, status: 'published', capacity: 12, ...was });
  } finally {
    // Other specs read the 2026 edition as the current one.
    await serviceDb.rpc('make_current_edition', { edition_year: 2026 });
    await removeEdition(serviceDb, 2027);
  }
});

test.describe('a finished edition', () => {
  // The browser logs the refused second add and the refused delete (HTTP 400 and 409) itself.
  test.use({ allowedConsoleErrors: [/status of 40[09]/] });

  test('Add to past tours: a finished edition once, with its paid cars', async ({
    adminPage,
    serviceDb,
  }) => {
    await removeEdition(serviceDb, 2012);
    await finishedEdition(serviceDb, 2012, 3, 'E2E Past');
    try {
      await adminPage.clock.setFixedTime(TODAY);
      await adminPage.goto('/admin/editions');
      const row = adminPage.getByTestId('edition-row').filter({ hasText: '2012 Europe Rally' });
      await expect(row).toContainText('finished');
      await expect(row).toContainText('3 of 12 cars paid');
      await row.getByRole('button', { name: 'Add to past tours' }).click();
      await expect(
        adminPage.getByRole('status').filter({ hasText: 'Added 2012 to the past tours' }),
      ).toBeVisible();
      const { data: tours } = await serviceDb
        .from('past_tours')
        .select('route, participants, published')
        .eq('year', 2012)
        .throwOnError();
      expect(tours).toEqual([{ route: 'Dover to Innsbruck', participants: 3, published: false }]);
      await row.getByRole('button', { name: 'Add to past tours' }).click();
      await expect(adminPage.getByText('The past tours already have 2012.')).toBeVisible();

      // An edition with registrations cannot be deleted: the database's reason is shown.
      await row.getByRole('button', { name: 'Delete the 2012 Europe Rally' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(
        adminPage.getByText('The 2012 Europe Rally has registrations: it cannot be deleted.'),
      ).toBeVisible();
    } finally {
      await removeEdition(serviceDb, 2012);
    }
  });
});

test('the registrations inbox opens on the current edition; the Edition filter and the export follow the choice', async ({
  adminPage,
  serviceDb,
}) => {
  const team = `E2E Edition ${randomUUID().slice(0, 8)}`;
  await removeEdition(serviceDb, 2023);
  await finishedEdition(serviceDb, 2023, 2, team);
  try {
    await adminPage.clock.setFixedTime(TODAY);
    await adminPage.goto('/admin/registrations');
    const edition = adminPage.getByLabel('Edition');
    await expect(edition).toHaveValue('2026');
    await expect(
      adminPage.getByRole('status').filter({ hasText: /registrations match|Showing/ }),
    ).toBeVisible();
    await expect(adminPage.getByText(team)).toHaveCount(0);

    await edition.selectOption('2023');
    await expect(adminPage).toHaveURL(/[?&]edition=2023/);
    await expect(adminPage.getByTestId('inbox-row')).toHaveCount(2);
    await expect(adminPage.getByText(`${team} 1`)).toBeVisible();

    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(team))).toBe(true);

    // Kept in the URL: a reload shows the same edition.
    await adminPage.reload();
    await expect(adminPage.getByLabel('Edition')).toHaveValue('2023');
    await expect(adminPage.getByTestId('inbox-row')).toHaveCount(2);
  } finally {
    await removeEdition(serviceDb, 2023);
  }
});
