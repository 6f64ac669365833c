// The admin's particular flows: article extra images, the media library, settings, a refused
// save, and a signed-in user who is not an administrator.
import { test, expect } from './fixtures';
import { managerRow, save, uniqueName } from './admin-helpers';

// Each flow here is a dozen steps across the admin and the public site, with uploads and saves:
// over 30 s on a slow, busy 2-core machine (the upload flow took 34 s on one CI host).
test.beforeEach(() => {
  test.slow();
});

const FIRST_IMAGE = 'seed/gallery/2019-black-forest-lanes.840x560.webp';
const SECOND_IMAGE = 'seed/gallery/2019-classic-mini-on-the-pass.840x560.webp';

test('an article saved with two extra images and captions shows them on its page', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  const title = uniqueName('E2E article images');
  try {
    await adminPage.goto('/admin/news');
    await adminPage.getByRole('button', { name: 'Add Article', exact: true }).click();
    await expect(adminPage.getByRole('button', { name: 'Add Article', exact: true })).toHaveCount(
      0,
    );
    await adminPage.getByLabel('Title').fill(title);
    await adminPage.getByLabel('Excerpt').fill('Two pictures from the road.');
    await adminPage.getByRole('textbox', { name: 'Content' }).click();
    await adminPage.keyboard.type('Body text.');
    await adminPage.getByRole('checkbox', { name: 'Published' }).check();
    await adminPage.getByRole('button', { name: 'Add Extra Image' }).click();
    await adminPage.getByRole('button', { name: 'Add Extra Image' }).click();
    await adminPage.getByRole('textbox', { name: 'Extra image 1', exact: true }).fill(FIRST_IMAGE);
    await adminPage.getByLabel('Caption for extra image 1').fill('Black Forest lanes');
    await adminPage
      .getByLabel('Alt text for Extra image 1')
      .fill('A rally car on a lane through dark pines');
    await adminPage.getByRole('textbox', { name: 'Extra image 2', exact: true }).fill(SECOND_IMAGE);
    await adminPage.getByLabel('Caption for extra image 2').fill('A Mini on the pass');
    await adminPage.getByLabel('Extra image 2 is decorative').check();
    await save(adminPage);
    await expect(managerRow(adminPage, title)).toContainText('Published');
    await expect(adminPage.getByText(/\d+ articles? total/)).toBeVisible();

    const { data: article } = await serviceDb
      .from('news_articles')
      .select('id')
      .eq('title', title)
      .single();
    expect(article).not.toBeNull();
    await page.goto(`/news/${article?.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Black Forest lanes')).toBeVisible();
    await expect(page.getByText('A Mini on the pass')).toBeVisible();

    // Editing loads the images back; saving keeps both, in order.
    await adminPage.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(adminPage.getByLabel('Caption for extra image 2')).toHaveValue(
      'A Mini on the pass',
    );
    await save(adminPage);
    // The form closes once the save has finished.
    await expect(adminPage.getByRole('button', { name: 'Add Article', exact: true })).toBeVisible();
    const { data: images } = await serviceDb
      .from('news_article_images')
      .select('caption, sort_order')
      .eq('article_id', article?.id ?? '')
      .order('sort_order');
    expect(images).toEqual([
      { caption: 'Black Forest lanes', sort_order: 0 },
      { caption: 'A Mini on the pass', sort_order: 1 },
    ]);
  } finally {
    await serviceDb.from('news_articles').delete().eq('title', title);
  }
});

test('an image uploaded in the media library can be used in a gallery item', async ({
  adminPage,
  serviceDb,
}) => {
  const title = uniqueName('E2E library image');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const slug = `e2e-upload-${Date.now().toString(36)}`;
  try {
    await adminPage.goto('/admin/gallery');
    await adminPage.getByRole('button', { name: 'Add Image', exact: true }).click();
    await adminPage.getByLabel('Title').fill(title);
    await adminPage.getByRole('button', { name: 'Choose from library: Image' }).click();
    const library = adminPage.getByRole('dialog', { name: 'Media Library' });
    await expect(library).toBeVisible();
    await library
      .getByLabel('Upload Files')
      .setInputFiles({ name: `${slug}.png`, mimeType: 'image/png', buffer: png });
    await expect(library.getByRole('status').filter({ hasText: 'File uploaded.' })).toBeVisible();
    const useButton = library.getByRole('button', {
      name: new RegExp(`^Use ${slug}-[a-z0-9]+\\.1x1\\.png$`),
    });
    await expect(useButton).toBeVisible();
    await expect(library.getByText(/^\d+(\.\d)? (B|KB|MB)$/).first()).toBeVisible();
    await useButton.click();
    await expect(library).toBeHidden();
    await expect(adminPage.getByRole('textbox', { name: 'Image', exact: true })).toHaveValue(
      new RegExp(`/storage/v1/object/public/media/\\d{4}/\\d{2}/${slug}-[a-z0-9]+\\.1x1\\.png$`),
    );
    await save(adminPage);
    const row = managerRow(adminPage, title);
    await expect(row.getByRole('img', { name: title })).toHaveAttribute(
      'src',
      new RegExp(`${slug}-[a-z0-9]+\\.1x1(\\.w1\\.webp|\\.png)$`),
    );

    // Deleting the file from the library asks first.
    await adminPage.getByRole('button', { name: `Edit ${title}` }).click();
    await adminPage.getByRole('button', { name: 'Choose from library: Image' }).click();
    await library.getByRole('button', { name: new RegExp(`^Delete ${slug}`) }).click();
    await expect(
      library.getByText(
        new RegExp(`^Are you sure you want to delete ${slug}-[a-z0-9]+\\.1x1\\.png\\?$`),
      ),
    ).toBeVisible();
    await library.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(library.getByRole('button', { name: new RegExp(`^Use ${slug}`) })).toHaveCount(0);
  } finally {
    await serviceDb.from('gallery_images').delete().eq('title', title);
    const { data } = await serviceDb.storage
      .from('media')
      .list(`${new Date().getFullYear()}/${String(new Date().getMonth() + 1).padStart(2, '0')}`, {
        search: slug,
      });
    const leftovers = (data ?? []).map(
      (file) =>
        `${new Date().getFullYear()}/${String(new Date().getMonth() + 1).padStart(2, '0')}/${file.name}`,
    );
    if (leftovers.length) await serviceDb.storage.from('media').remove(leftovers);
  }
});

test.describe('a refused save', () => {
  // The browser logs the refused request (HTTP 403) itself.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('shows the message and keeps what was typed', async ({ adminPage }) => {
    const title = uniqueName('E2E refused');
    await adminPage.goto('/admin/gallery');
    await adminPage.route('**/rest/v1/gallery_images*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '42501',
          details: null,
          hint: null,
          message: 'new row violates row-level security policy for table "gallery_images"',
        }),
      });
    });
    await adminPage.getByRole('button', { name: 'Add Image', exact: true }).click();
    await adminPage.getByLabel('Title').fill(title);
    await adminPage.getByRole('textbox', { name: 'Image', exact: true }).fill(FIRST_IMAGE);
    await adminPage.getByLabel('Year').fill('2024');
    await save(adminPage);
    await expect(adminPage.getByRole('alert').filter({ hasText: 'Error' })).toHaveText(
      'Error saving image. Please try again.',
    );
    await expect(adminPage.getByLabel('Title')).toHaveValue(title);
    await expect(adminPage.getByLabel('Year')).toHaveValue('2024');
  });
});

test('the gallery form checks its fields next to them and parses whole numbers', async ({
  adminPage,
}) => {
  await adminPage.goto('/admin/gallery');
  await adminPage.getByRole('button', { name: 'Add Image', exact: true }).click();
  await expect(adminPage.getByLabel('Year')).toHaveValue(String(new Date().getFullYear()));
  await expect(adminPage.getByLabel('Sort Order')).toHaveValue('0');
  await expect(adminPage.getByRole('checkbox', { name: 'Published' })).not.toBeChecked();
  await adminPage.getByLabel('Year').fill('20.5');
  await save(adminPage);
  await expect(adminPage.getByLabel('Title')).toHaveAccessibleDescription('Title is required.');
  await expect(adminPage.getByLabel('Title')).toBeFocused();
  await expect(adminPage.getByLabel('Year')).toHaveAccessibleDescription(
    /Please enter a whole number/,
  );
});

test('closing a form with unsaved changes asks first', async ({ adminPage }) => {
  await adminPage.goto('/admin/sponsors');
  await adminPage.getByRole('button', { name: 'Add Sponsor', exact: true }).click();
  await expect(adminPage.getByLabel('Tier')).toHaveValue('Tier 3');
  await expect(adminPage.getByRole('option', { name: 'Tier 1 (Highest)' })).toHaveCount(1);
  await adminPage.getByLabel('Name').fill('Unsaved sponsor');
  await adminPage.getByRole('link', { name: 'Back to Dashboard' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/sponsors$/);
  await expect(adminPage.getByLabel('Name')).toHaveValue('Unsaved sponsor');
  await adminPage.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(adminPage.getByLabel('Name')).toHaveCount(0);
  // After a reset the tier is back to 'Tier 3', never 'Bronze'.
  await adminPage.getByRole('button', { name: 'Add Sponsor', exact: true }).click();
  await expect(adminPage.getByLabel('Tier')).toHaveValue('Tier 3');
});
