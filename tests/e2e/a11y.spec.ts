import type { Page } from '@playwright/test';
import { paths, publicStaticPaths } from '../../src/config/paths';
import { axeViolations as violations } from './axe';
import { test, expect } from './fixtures';

// WCAG 2.2 AA, as axe checks it, on every public route once its data has loaded.

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
}

// The seed's current edition's page beside the fixed ones.
for (const path of [...publicStaticPaths, paths.rallyPage(2026)]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await open(page, path);
    expect(await violations(page)).toEqual([]);
  });
}

test('a published news article has no accessibility violations', async ({ page, serviceDb }) => {
  const { data: article } = await serviceDb
    .from('news_articles')
    .select('id')
    .eq('published', true)
    .is('deleted_at', null)
    .limit(1)
    .single()
    .throwOnError();
  await open(page, paths.article(article.id));
  expect(await violations(page)).toEqual([]);
});

test('the not-found page has no accessibility violations', async ({ page }) => {
  await open(page, '/no-such-page');
  expect(await violations(page)).toEqual([]);
});

test('the open mobile menu has no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, paths.home);
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('link', { name: 'Charity' }).last()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
