// An admin list that scales (issue 13), on the gallery manager's 52 seeded photos at 20 a page:
// a page past the end is clamped, then paging, search and a filter each change the URL, and Back
// and reload return to the same view. One flow, so the screen loads only a few times.
import { test, expect } from './fixtures';

// The browser logs the answer to the page past the end (PostgREST's 416), which the list handles.
test.use({ allowedConsoleErrors: [/status of 416 \(Range Not Satisfiable\)/] });

test('the gallery manager searches, filters and pages on the server, and keeps the view in the URL', async ({
  adminPage: page,
}) => {
  // A dozen steps, each a request to the emulator, on a busy 2-core machine.
  test.slow();
  const status = page.getByRole('status').filter({ hasText: /Showing|match/ });
  const pages = page.getByRole('navigation', { name: 'Pages of images' });
  const search = page.getByRole('searchbox', { name: 'Search images' });

  // A page past the end (an old link) shows the last page, and the URL says which.
  await page.goto('/admin/gallery?page=99');
  await expect(page).toHaveURL(/[?&]page=3$/);
  await expect(pages).toContainText('Page 3 of 3');
  await expect(page.getByText(/^\d+ images total$/)).toBeVisible();

  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(status).toHaveText(/^Showing 21–40 of \d+ images$/);

  // A search starts again at page 1, after a pause in typing.
  await search.fill('lake');
  await expect(page).toHaveURL(/\?q=lake$/);
  await expect(status).toHaveText('Showing 1–9 of 9 matching images');
  await expect(pages).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Season' }).selectOption('2019');
  await expect(page).toHaveURL(/\?q=lake&year=2019$/);
  await expect(status).toHaveText('Showing 1–3 of 3 matching images');
  await expect(
    page.getByRole('list', { name: 'Gallery Manager' }).getByRole('listitem'),
  ).toHaveCount(3);

  // Back returns to each earlier view, search box included; reload keeps the view.
  await page.goBack();
  await expect(page).toHaveURL(/\?q=lake$/);
  await expect(status).toHaveText('Showing 1–9 of 9 matching images');
  await expect(page.getByRole('combobox', { name: 'Season' })).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(search).toHaveValue('');
  await expect(status).toHaveText(/^Showing 21–40 of \d+ images$/);
  await page.reload();
  await expect(pages).toContainText('Page 2 of 3');
  await expect(status).toHaveText(/^Showing 21–40 of \d+ images$/);

  // Drafts only, sorted by title; then a search that matches nothing, and Clear filters.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('draft');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title');
  await expect(page).toHaveURL(/\?status=draft&sort=title$/);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Classic cars at the Bonette summit' }),
  ).toContainText('Draft');
  await search.fill('no such photo');
  await search.press('Enter');
  await expect(page.getByText('No results match your search')).toBeVisible();
  await expect(status).toHaveText('No images match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\?sort=title$/);
  await expect(search).toHaveValue('');
  await expect(status).toHaveText(/^Showing 1–20 of \d+ images$/);
});

test('the audit log clamps a page past the end to its last page, like every admin list', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/audit-log?page=999');
  const pages = page.getByRole('navigation', { name: 'Pages of the audit log' });
  await expect(page).toHaveURL(/[?&]page=\d+$/);
  await expect(page).not.toHaveURL(/page=999/);
  const last = /page=(\d+)$/.exec(page.url())?.[1];
  await expect(pages).toContainText(`Page ${last} of ${last}`);
  await expect(
    page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first(),
  ).toBeVisible();
});
