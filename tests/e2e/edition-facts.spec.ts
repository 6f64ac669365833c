// Issue 22: the current edition's facts changed on the Editions screen after the build change the
// public pages: its end date the rally page, its meta tags and its Event data; its capacity the
// spots remaining. Both change what every other spec reads, so they run in the "shared state"
// project (playwright.config.ts), after the main one and alone, and put the row back however they end.
import type { Page } from '@playwright/test';
import { saveCurrentEdition } from './admin-helpers';
import { test, expect } from './fixtures';

test.beforeEach(() => {
  test.slow();
});

const jsonLd = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((texts) => texts.map((text) => JSON.parse(text) as Record<string, unknown>));

// The edition's facts are its row (public.editions, issue 22), changed on the Editions screen.
test('edition: the end date changed after the build changes the rally page, its meta and its Event data', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const { data: before } = await serviceDb
    .from('editions')
    .select('end_date')
    .eq('is_current', true)
    .single()
    .throwOnError();
  try {
    await saveCurrentEdition(adminPage, 'End date', '2026-06-27');

    await page.clock.setFixedTime(new Date('2026-03-01T12:00:00Z'));
    await page.goto('/2026-rally');
    await expect(page.getByText('22-27 June 2026').first()).toBeVisible();
    await expect(page.getByText('6 days, 5 nights').first()).toBeVisible();
    await expect(page.locator('meta[name="description"]').last()).toHaveAttribute(
      'content',
      /22-27 June 2026/,
    );
    await expect
      .poll(async () => (await jsonLd(page)).find((data) => data['@type'] === 'Event'))
      .toEqual(
        expect.objectContaining({
          endDate: '2026-06-27',
          offers: expect.arrayContaining([
            expect.objectContaining({
              price: '3950',
              availability: 'https://schema.org/InStock',
            }),
          ]),
        }),
      );
  } finally {
    await serviceDb.from('editions').update({ end_date: before.end_date }).eq('is_current', true);
  }
});

// The capacity is the current edition's (public.editions, issue 22), changed on the Editions screen.
test('changing the edition’s capacity changes the spots remaining on the 2026 Rally page', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const { data: before } = await serviceDb
    .from('editions')
    .select('capacity')
    .eq('is_current', true)
    .single();
  // Places held by registrations other tests made count against the capacity.
  const { data: places } = await serviceDb.rpc('rally_places').single();
  try {
    await saveCurrentEdition(adminPage, 'Capacity (cars)', String((places?.taken ?? 0) + 7));
    // The count shows while registration is open (the seed's window).
    await page.clock.setFixedTime(new Date('2026-03-01T12:00:00Z'));
    await page.goto('/2026-rally');
    await expect(page.getByTestId('spots-remaining')).toHaveText('7');
  } finally {
    await serviceDb
      .from('editions')
      .update({ capacity: before?.capacity ?? 12 })
      .eq('is_current', true);
  }
});
