import { test, expect } from './fixtures';

const PAGE_SIZE = 20;

test('the gallery scrolls through every published image to the end, never showing a draft', async ({
  page,
  serviceDb,
}) => {
  const { count } = await serviceDb
    .from('gallery_images')
    .select('*', { count: 'exact', head: true })
    .eq('published', true)
    .is('deleted_at', null)
    .throwOnError();
  expect(count).toBeGreaterThan(40);
  const { data: drafts } = await serviceDb
    .from('gallery_images')
    .select('title')
    .eq('published', false)
    .throwOnError();

  await page.goto('/gallery');
  const tiles = page.getByTestId('gallery-grid').getByRole('listitem');
  await expect(tiles).toHaveCount(PAGE_SIZE);
  await expect(page.getByText("You've reached the end")).toHaveCount(0);
  for (
    let round = 0;
    round < 5 && (await page.getByText("You've reached the end").count()) === 0;
    round++
  ) {
    await page.getByText('© 2026 Europe Rally. All rights reserved.').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
  }
  await expect(page.getByText("You've reached the end")).toBeVisible();
  await expect(tiles).toHaveCount(count ?? 0);
  for (const draft of drafts)
    await expect(page.getByText(draft.title, { exact: true })).toHaveCount(0);
});

test('the gallery filters by category and searches titles, from page one each time', async ({
  page,
}) => {
  await page.goto('/gallery');
  const tiles = page.getByTestId('gallery-grid').getByRole('listitem');
  await expect(tiles).toHaveCount(PAGE_SIZE);
  const filters = page.getByRole('group', { name: 'Filter by category' });
  await filters.getByRole('button', { name: '2019 Rally' }).click();
  await expect(filters.getByRole('button', { name: '2019 Rally' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText("You've reached the end")).toBeVisible();
  const count2019 = await tiles.count();
  expect(count2019).toBeGreaterThan(0);
  expect(count2019).toBeLessThan(PAGE_SIZE);
  // Photos are named by their alt text, which says what each shows (not its title).
  await expect(
    page.getByRole('img', { name: 'Rally cars parked along the waterfront of Lake Como' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /overnight ferry at Portsmouth/ })).toHaveCount(0);

  await filters.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByPlaceholder('Search photos...').fill('LAKE');
  await expect(
    page.getByRole('img', { name: 'Dawn light over Lake Lucerne with mountains behind' }),
  ).toBeVisible();
  for (const title of await tiles.allTextContents()) expect(title.toLowerCase()).toContain('lake');
  await page.getByPlaceholder('Search photos...').fill('no such photo at all');
  await expect(page.getByText('No images found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search term')).toBeVisible();
});

test('the gallery lightbox opens on a photo and is keyboard usable', async ({ page }) => {
  await page.goto('/gallery');
  const first = page.getByTestId('gallery-grid').getByRole('button').first();
  await first.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('aria-label', /\(1 of 20\)$/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAttribute('aria-label', /\(2 of 20\)$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(first).toBeFocused();
});

test('a draft article is never listed and its address says Article Not Found', async ({
  page,
  serviceDb,
}) => {
  const { data: draft } = await serviceDb
    .from('news_articles')
    .select('id, title')
    .eq('published', false)
    .limit(1)
    .single()
    .throwOnError();
  await page.goto('/news');
  await expect(page.getByText('Featured')).toBeVisible();
  await expect(page.getByText(draft.title)).toHaveCount(0);
  await page.goto(`/news/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await page.goto('/news/not-a-real-id');
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
});

test.describe('/news at more than a page', () => {
  // The browser logs the answer to the page past the end (PostgREST's 416), which the list handles.
  test.use({ allowedConsoleErrors: [/status of 416 \(Range Not Satisfiable\)/] });

  test('/news pages through its articles with links, Back returns to the page, a page past the end shows the last, the first page is in the HTML', async ({
    page,
    serviceDb,
  }) => {
    // Older than every other article, so they fill the later pages and leave page one as it was.
    const stamp = `Paging ${Date.now()}`;
    const { data: inserted } = await serviceDb
      .from('news_articles')
      .insert(
        Array.from({ length: 20 }, (_, i) => ({
          title: `${stamp} ${String(i + 1).padStart(2, '0')}`,
          published: true,
          published_date: `2001-01-${String(i + 1).padStart(2, '0')}`,
        })),
      )
      .select('id')
      .throwOnError();
    try {
      // The build's first page: its articles are in the HTML, before any script runs.
      const { data: featured } = await serviceDb
        .from('news_articles')
        .select('title')
        .eq('published', true)
        .eq('is_featured', true)
        .limit(1)
        .single()
        .throwOnError();
      const html = await (await page.request.get('/news')).text();
      expect(html).toContain(featured.title);

      const titles = page.getByRole('main').getByRole('heading', { level: 2 });
      const pages = page.getByRole('navigation', { name: 'News pages' });
      await page.goto('/news');
      await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const firstPage = await titles.allTextContents();
      expect(firstPage).toHaveLength(12);

      await pages.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/\/news\?page=2$/);
      await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(titles.first()).toHaveText(new RegExp(`^${stamp}`));
      expect(await titles.allTextContents()).not.toContain(firstPage[0]);

      await page.goBack();
      await expect(page).toHaveURL(/\/news$/);
      await expect(titles.first()).toHaveText(firstPage[0] ?? '');

      // An old link past the end: the last page, and the address says which.
      await page.goto('/news?page=999');
      await expect(page).toHaveURL(/\/news\?page=\d$/);
      const last = new URL(page.url()).searchParams.get('page') ?? '';
      await expect(pages.getByRole('link', { name: `Page ${last}` })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(pages.getByRole('link', { name: /Next/ })).toHaveCount(0);
      await expect(titles.last()).toHaveText(`${stamp} 01`);
    } finally {
      await serviceDb
        .from('news_articles')
        .delete()
        .in(
          'id',
          inserted.map((row) => row.id),
        );
    }
  });
});

test.describe('under the Content-Security-Policy', () => {
  // DOMPurify parses the hostile HTML in an inert document, where Chromium reports the payload's
  // onerror attribute as an inline handler the policy refuses: the policy doing its job, the
  // second defence behind the sanitiser. Nothing else may be reported.
  test.use({ allowedConsoleErrors: [/^Executing inline event handler violates/] });

  test('an article carrying a script payload shows its text and runs nothing', async ({
    page,
    serviceDb,
  }) => {
    const title = `Payload test ${Date.now()}`;
    const { data: article } = await serviceDb
      .from('news_articles')
      .insert({
        title,
        published: true,
        published_date: '2020-01-01',
        excerpt: '<p>Safe excerpt<img src=x onerror="window.__pwned=1"></p>',
        content:
          '<p>Visible paragraph</p><script>window.__pwned=1</script><img src="x" onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">Click me</a>',
      })
      .select('id')
      .single()
      .throwOnError();
    try {
      await page.goto(`/news/${article.id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Visible paragraph')).toBeVisible();
      await page.getByText('Click me').click();
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
      ).toBeUndefined();
      await expect(page.locator('main script:not([type="application/ld+json"])')).toHaveCount(0);
      await expect(page.locator('main [onerror]')).toHaveCount(0);
      await expect(page.locator('meta[name="description"]').last()).toHaveAttribute(
        'content',
        'Safe excerpt',
      );
    } finally {
      await serviceDb.from('news_articles').delete().eq('id', article.id).throwOnError();
    }
  });
});

test('the home page shows the three newest articles linking to their pages', async ({ page }) => {
  await page.goto('/');
  const readMore = page.getByRole('link', { name: /^Read More/ });
  await expect(readMore).toHaveCount(3);
  await readMore.first().click();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Back to News' }).first()).toBeVisible();
});
