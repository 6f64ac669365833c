// Issue 15 (the look): the logo mark and the self-hosted fonts load under the production CSP,
// and a page's hero photograph is the one the admin picks from the media library, served with
// its width variants.
import { test, expect } from './fixtures';

test('the logo mark and both fonts load under the production CSP, the seeded hero has its variants', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2') && response.ok()) fonts.push(response.url());
  });
  await page.goto('/');
  await expect(page.locator('header [data-logo-mark]')).toBeVisible();
  await expect(page.locator('footer [data-logo-mark]')).toBeAttached();
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(2);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return ['"Inter Variable"', '"Space Grotesk Variable"'].map((family) =>
      [...document.fonts].some(
        (face) =>
          face.family.replace(/"/g, '') === family.replace(/"/g, '') && face.status === 'loaded',
      ),
    );
  });
  expect(loaded).toEqual([true, true]);
  expect(fonts).toHaveLength(2);
  const heading = await page
    .getByRole('heading', { level: 1 })
    .evaluate((element) => getComputedStyle(element).fontFamily);
  expect(heading).toMatch(/^"Space Grotesk Variable"/);
  const hero = page.locator('[data-hero-photo] img');
  await expect(hero).toHaveAttribute(
    'srcset',
    /alps-pass-convoy-hairpins\.1920x1080\.w640\.webp 640w/,
  );
  await expect(hero).toHaveAttribute('alt', '');
  // The favicon is the same mark.
  const favicon = await page.request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  const mark = await favicon.text();
  expect(mark).toMatch(/^<svg[\s>]/);
  expect(mark).not.toContain('>ER<');
});

test('the admin picks the videos page hero from the media library and the page shows it', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const { data } = await serviceDb
    .from('site_settings')
    .select('value')
    .eq('key', 'hero_videos')
    .single()
    .throwOnError();
  try {
    await adminPage.goto('/admin/settings');
    const title = 'Videos hero';
    const form = adminPage.getByRole('form', { name: title });
    await form.getByRole('button', { name: `Choose from library: Value of ${title}` }).click();
    const library = adminPage.getByRole('dialog', { name: 'Media Library' });
    await library.getByRole('searchbox', { name: 'Search files' }).fill('lake-como');
    await library
      .getByRole('button', { name: 'Use lake-como-mountain-road-cars.1920x1080.webp' })
      .click();
    await expect(library).toBeHidden();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'Setting updated' }).first(),
    ).toHaveText('Setting updated successfully!');

    await page.goto('/videos');
    const hero = page.locator('[data-hero-photo] img');
    await expect(hero).toHaveAttribute(
      'srcset',
      /lake-como-mountain-road-cars\.1920x1080\.w1280\.webp 1280w/,
    );
    await expect(hero).toHaveAttribute('src', /lake-como-mountain-road-cars\.1920x1080\.webp$/);
  } finally {
    await serviceDb
      .from('site_settings')
      .update({ value: data.value })
      .eq('key', 'hero_videos')
      .throwOnError();
  }
});

test('the fixed header covers exactly the space pages leave for it, with no strip of page between it and the hero', async ({
  page,
}) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/videos');
    const gap = await page.evaluate(() => {
      const header = document.querySelector('body header')?.getBoundingClientRect();
      const first = document.querySelector('main')?.firstElementChild?.getBoundingClientRect();
      return header && first ? first.top - header.bottom : null;
    });
    expect(gap, `at ${width} px`).toBe(0);
  }
});
