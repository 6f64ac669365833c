// The admin's everyday comforts (issue 13), end to end in one flow on the gallery manager:
// moving photos by keyboard and by drag and drop (the public gallery follows), bulk publish with
// its toast, delete to the trash with the dialog naming the photo (the public gallery hides it)
// and restore from the Trash view, and the browser's Back button held by the unsaved-changes
// dialog. One flow, few page loads: each step starts where the last one ended.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { managerRow, uniqueName } from './admin-helpers';
import { e2e } from './servers';

const IMAGE = 'seed/gallery/2019-black-forest-lanes.webp';

/** The titles the public gallery shows for a search, in its order. */
async function publicTitles(page: Page, search: string): Promise<string[]> {
  await page.goto('/gallery');
  await page.getByRole('searchbox', { name: 'Search photos' }).fill(search);
  const images = page.getByRole('main').getByRole('img', { name: new RegExp(search) });
  await expect(images.first()).toBeVisible();
  return images.evaluateAll((all) => all.map((img) => img.getAttribute('alt') ?? ''));
}

test('move, bulk publish, trash and restore a photo, and Back asks before dropping changes', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  test.slow();
  const tag = uniqueName('Comfort').replace(/\s+/g, '');
  const title = (letter: string) => `${tag} ${letter}`;
  // Three published photos first in the hand-made order, two drafts after them.
  const { data: arranged } = await serviceDb
    .from('gallery_images')
    .insert([
      {
        title: title('A'),
        url: IMAGE,
        alt: title('A'),
        published: true,
        sort_order: -1003,
        category: tag,
      },
      {
        title: title('B'),
        url: IMAGE,
        alt: title('B'),
        published: true,
        sort_order: -1002,
        category: tag,
      },
      {
        title: title('C'),
        url: IMAGE,
        alt: title('C'),
        published: true,
        sort_order: -1001,
        category: tag,
      },
      {
        title: title('D'),
        url: IMAGE,
        alt: title('D'),
        published: false,
        sort_order: -1000,
        category: tag,
      },
      {
        title: title('E'),
        url: IMAGE,
        alt: title('E'),
        published: false,
        sort_order: -999,
        category: tag,
      },
    ])
    .select('id')
    .throwOnError();
  try {
    // Moving: the view filtered to this category, in the hand-made order.
    await adminPage.goto(`/admin/gallery?category=${tag}`);
    const cards = adminPage.getByRole('list', { name: 'Gallery Manager' }).getByRole('heading');
    await expect(cards).toHaveText([title('A'), title('B'), title('C'), title('D'), title('E')]);
    const moveUp = adminPage.getByRole('button', { name: `Move ${title('C')} up` });
    await moveUp.focus();
    await adminPage.keyboard.press('Enter');
    await expect(adminPage.getByText(`“${title('C')}” moved to position 2 of 5.`)).toBeAttached();
    await expect(cards).toHaveText([title('A'), title('C'), title('B'), title('D'), title('E')]);
    await expect(moveUp).toBeFocused();
    // Drag B onto A's place.
    await managerRow(adminPage, title('B')).dragTo(managerRow(adminPage, title('A')));
    await expect(cards).toHaveText([title('B'), title('A'), title('C'), title('D'), title('E')]);
    await expect(adminPage.getByText(`“${title('B')}” moved to position 1 of 5.`)).toBeAttached();
    // Shown at once, saved in the background: the public gallery follows once it has landed.
    await expect.poll(() => publicTitles(page, tag)).toEqual([title('B'), title('A'), title('C')]);

    // Bulk publish: select the two drafts, one request, one toast naming the count.
    await adminPage.getByRole('checkbox', { name: `Select ${title('D')}` }).check();
    await adminPage.getByRole('checkbox', { name: `Select ${title('E')}` }).check();
    await expect(adminPage.getByText('2 images selected')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Publish selected', exact: true }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: '2 images published.' }),
    ).toBeVisible();
    await expect(
      managerRow(adminPage, title('E')).getByText('Published', { exact: true }),
    ).toBeVisible();

    // Trash: the dialog names the photo and keeps the spec's question.
    await adminPage.getByRole('button', { name: `Delete ${title('A')}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Delete “${title('A')}”?` });
    await expect(dialog).toContainText('Are you sure you want to delete this image?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: `“${title('A')}” moved to the trash.` }),
    ).toBeVisible();
    await expect(managerRow(adminPage, title('A'))).toHaveCount(0);
    expect(await publicTitles(page, tag)).toEqual([title('B'), title('C'), title('D'), title('E')]);

    // Restore from the Trash view.
    await adminPage.getByRole('button', { name: 'Trash', exact: true }).click();
    await expect(adminPage.getByRole('heading', { name: 'Gallery Manager: Trash' })).toBeVisible();
    await expect(adminPage).toHaveURL(/view=trash/);
    await adminPage.getByRole('button', { name: `Restore ${title('A')}` }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: `“${title('A')}” restored.` }),
    ).toBeVisible();
    await adminPage.getByRole('button', { name: 'Back to images' }).click();
    await expect(managerRow(adminPage, title('A'))).toBeVisible();
    expect(await publicTitles(page, tag)).toContain(title('A'));

    // Back with unsaved changes: the dialog asks; Keep editing stays, Discard goes back.
    await adminPage.getByRole('button', { name: `Edit ${title('A')}` }).click();
    const titleBox = adminPage.getByRole('textbox', { name: 'Title' });
    await titleBox.fill(`${title('A')} changed`);
    await adminPage.goBack();
    const discard = adminPage.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(titleBox).toHaveValue(`${title('A')} changed`);
    await expect(adminPage).toHaveURL(/\/admin\/gallery/);
    await adminPage.goBack();
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(adminPage).toHaveURL(/view=trash/);

    // The audit log names who trashed and restored the photo.
    await adminPage.goto(
      `/admin/audit-log?table_name=gallery_images&q=${encodeURIComponent(title('A'))}`,
    );
    const entries = adminPage
      .getByRole('list', { name: 'Audit log entries' })
      .getByRole('listitem');
    await expect(entries.first()).toContainText(
      `${e2e.adminEmail} restored gallery image “${title('A')}”`,
    );
    await expect(entries.nth(1)).toContainText(`trashed gallery image “${title('A')}”`);
  } finally {
    const ids = (arranged ?? []).map((row) => row.id);
    await serviceDb.from('gallery_images').delete().in('id', ids);
  }
});

test('Preview shows a draft article as the public will see it, to administrators only', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const title = uniqueName('Preview draft');
  const { data: article } = await serviceDb
    .from('news_articles')
    .insert({ title, excerpt: 'Soon.', content: '<p>Draft body for the preview.</p>' })
    .select('id')
    .single()
    .throwOnError();
  try {
    await adminPage.goto(`/admin/news?q=${encodeURIComponent(title)}`);
    const [preview] = await Promise.all([
      adminPage.waitForEvent('popup'),
      adminPage.getByRole('link', { name: `Preview ${title} (opens in a new tab)` }).click(),
    ]);
    await expect(preview.getByRole('note')).toContainText('Preview');
    await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(preview.getByText('Draft body for the preview.')).toBeVisible();
    await preview.close();

    // A visitor gets the sign-in screen, never the draft.
    await page.goto(`/admin/preview/news/${article.id}`);
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByText('Draft body for the preview.')).toHaveCount(0);
  } finally {
    await serviceDb.from('news_articles').delete().eq('id', article.id);
  }
});
