// The site works under the Content-Security-Policy it ships (dist/_headers, which `vite preview`
// applies like the static host): every public page and the admin's heaviest screens (the
// article editor, the media library) load with no securitypolicyviolation event and no console
// violation. Every other spec runs under the same policy; this one walks all of the screens.
import type { Page } from '@playwright/test';
import { publicStaticPaths } from '../../src/config/paths';
import { signInAsAdmin, test, expect } from './fixtures';

type Watched = Window & { cspViolations?: string[] };

/** Records every violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Watched).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Watched).cspViolations ?? []);
}

/** Brings the whole page into view, so late content (lazy images, sections) loads too. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

test('every public page runs under the policy without a violation', async ({ page, serviceDb }) => {
  test.slow();
  await watchViolations(page);
  const { data: article } = await serviceDb
    .from('news_articles')
    .select('id')
    .eq('published', true)
    .is('deleted_at', null)
    .limit(1)
    .single()
    .throwOnError();
  for (const path of [
    ...publicStaticPaths,
    '/2026-rally',
    `/news/${article.id}`,
    '/no-such-page',
  ]) {
    const response = await page.goto(path);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy, path).toMatch(/script-src 'self' 'sha256-/);
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await scrollThrough(page);
    expect(await violations(page), path).toEqual([]);
  }
});

test('the admin runs under the policy: sign-in, dashboard, article editor and media library', async ({
  page,
}) => {
  test.slow();
  await watchViolations(page);
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await violations(page), 'sign-in and dashboard').toEqual([]);

  await page.goto('/admin/news');
  await page.getByRole('button', { name: 'Add Article', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Under the policy ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('in bold');
  await expect(editor.locator('strong')).toHaveText('in bold');
  expect(await violations(page), 'the article editor').toEqual([]);

  await page.goto('/admin/gallery');
  await page.getByRole('button', { name: 'Add Image', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from library: Image' }).click();
  const library = page.getByRole('dialog', { name: 'Media Library' });
  await expect(library.getByRole('button', { name: /^Use / }).first()).toBeVisible();
  // The thumbnails come from the Supabase origin: loaded, so img-src lets them through.
  const thumbnail = library.locator('img').first();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect(await violations(page), 'the media library').toEqual([]);
});
