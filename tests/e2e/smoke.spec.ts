import { test, expect } from './fixtures';

// The browser path end to end: the built SPA, its env, CORS and the anon key against the emulator,
// and RLS deciding what the public sees.
test('the home page shows published sponsors from the database and hides drafts', async ({
  page,
  serviceDb,
}) => {
  const { data: sponsors } = await serviceDb
    .from('sponsors')
    .select('name, logo_url, published')
    .order('sort_order')
    .throwOnError();
  const published = sponsors.find((sponsor) => sponsor.published);
  const draft = sponsors.find((sponsor) => !sponsor.published);
  if (!published || !draft) throw new Error('the seed needs a published and a draft sponsor');

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A sponsor is shown by its logo (named by its alt text) or by its name.
  const shown = (name: string) =>
    page.getByRole('img', { name, exact: true }).or(page.getByText(name, { exact: true }));
  await expect(shown(published.name).first()).toBeVisible();
  await expect(shown(draft.name)).toHaveCount(0);
});

test('robots.txt keeps crawlers out of the admin and points at the sitemap on the site origin', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  const body = await response.text();
  expect(body).toMatch(/^Disallow: \/admin$/m);
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
