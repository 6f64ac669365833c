// An organiser's phone photo, end to end: uploaded in the Media Library screen (its WebP sizes
// made in a Worker, with the photo's EXIF orientation applied), given a default alt text, picked
// for a gallery image (the alt text pre-filled, required to publish), and served on a phone-wide
// gallery as a small variant that the public page describes with that alt text; and a
// decompression bomb refused in the browser with the reason, before anything decodes it.
import sharp from 'sharp';
import { test, expect } from './fixtures';
import { blackPng } from '../support/crafted-images';
import { managerRow, save, uniqueName } from './admin-helpers';

/**
 * A 3000×4000 JPEG whose EXIF says "rotate 90°": shown, it is 4000×3000, like a phone's
 * landscape photo. Smooth shapes and fine grain, so it compresses like a photo, not a flat fill.
 */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [3000, 4000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#f6b26b"/><stop offset="1" stop-color="#3d85c6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <path d="M0 0 L1800 900 L900 2000 L2100 3100 L600 4000 L0 4000 Z" fill="#38761d"/>
    <circle cx="2400" cy="1200" r="380" fill="#fff2cc"/>
    <rect x="1500" y="2300" width="700" height="380" rx="90" fill="#cc0000"/></svg>`;
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i += 1) grain[i] = 120 + ((i * 7919) % 17);
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width, height, channels: 1 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

test('a phone photo becomes small WebP sizes, keeps its alt text and is described on the gallery', async ({
  adminPage,
  page,
  serviceDb,
}) => {
  test.slow();
  const title = uniqueName('E2E phone photo');
  const slug = `e2e-phone-${Date.now().toString(36)}`;
  const alt = `Red rally car below a pale sun ${slug}`;
  const photo = await phonePhoto();
  try {
    await adminPage.goto('/admin/media');
    await expect(adminPage.getByRole('heading', { name: 'Media Library' })).toBeVisible();
    await adminPage
      .getByLabel('Upload Files')
      .setInputFiles({ name: `${slug}.jpg`, mimeType: 'image/jpeg', buffer: photo });
    await expect(adminPage.getByRole('status').filter({ hasText: 'File uploaded.' })).toBeVisible({
      timeout: 30_000,
    });
    // Named by its size as shown (EXIF applied), with five WebP sizes beside it.
    const card = adminPage.getByRole('listitem').filter({ hasText: slug });
    await expect(card).toContainText(/\.4000x3000\.jpg/);
    await expect(card).toContainText('4000×3000 · 5 sizes');
    await card.getByLabel(/^Default alt text/).fill(alt);
    await card.getByRole('button', { name: /^Save alt text/ }).click();
    await expect(adminPage.getByText(/^Alt text saved for/)).toBeVisible();
    // The library's view is in the URL: a search survives a reload.
    await adminPage.getByRole('searchbox', { name: 'Search files' }).fill(slug);
    await expect(adminPage).toHaveURL(new RegExp(`q=${slug}`));
    await adminPage.reload();
    await expect(adminPage.getByRole('listitem').filter({ hasText: slug })).toHaveCount(1);

    await adminPage.goto('/admin/gallery');
    await adminPage.getByRole('button', { name: 'Add Image', exact: true }).click();
    await adminPage.getByLabel('Title').fill(title);
    await adminPage.getByRole('button', { name: 'Choose from library: Image' }).click();
    const library = adminPage.getByRole('dialog', { name: 'Media Library' });
    await library.getByRole('button', { name: new RegExp(`^Use ${slug}`) }).click();
    await expect(adminPage.getByLabel('Alt text for Image')).toHaveValue(alt);
    await adminPage.getByLabel('Sort Order').fill('-1');
    await adminPage.getByRole('checkbox', { name: 'Published' }).check();
    // Publishing needs a description (or the decorative choice).
    await adminPage.getByLabel('Alt text for Image').fill('');
    await save(adminPage);
    await expect(adminPage.getByLabel('Alt text for Image')).toHaveAccessibleDescription(
      /Alt text for Image is required to publish/,
    );
    await adminPage.getByLabel('Alt text for Image').fill(alt);
    await save(adminPage);
    await expect(managerRow(adminPage, title)).toContainText('Published');

    // A 390-px phone gets a 640-px WebP (the slot at up to 1.75x), not the 4000-px original.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/gallery');
    const tile = page.getByRole('img', { name: alt, exact: true });
    await expect(tile).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => tile.evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/\.4000x3000\.w640\.webp$/);
    const served = await tile.evaluate((image: HTMLImageElement) => image.currentSrc);
    const body = await (await page.request.get(served)).body();
    const bytes = body.length;
    // Landscape: the EXIF rotation was applied before the sizes were made.
    const { width, height } = await sharp(body).metadata();
    expect([width, height]).toEqual([640, 480]);
    console.log(`4000×3000 photo (${photo.length} bytes) served to a 390-px phone: ${bytes} bytes`);
    expect(bytes).toBeLessThan(60 * 1024);
  } finally {
    await serviceDb.from('gallery_images').delete().eq('title', title);
    const { data } = await serviceDb.from('media_files').select('path').like('path', `%${slug}%`);
    for (const { path } of data ?? []) {
      const stem = path.replace(/\.[a-z]+$/, '');
      const widths = [320, 640, 960, 1280, 1920];
      await serviceDb.storage
        .from('media')
        .remove([path, ...widths.map((width) => `${stem}.w${width}.webp`)]);
    }
  }
});

test('a decompression bomb is refused with the reason before it is decoded, and not listed', async ({
  adminPage,
}) => {
  const slug = `e2e-bomb-${Date.now().toString(36)}`;
  const uploads: string[] = [];
  adminPage.on('request', (request) => {
    if (request.url().includes('/storage/v1/object/media/')) uploads.push(request.url());
  });
  await adminPage.goto('/admin/media');
  await expect(adminPage.getByRole('heading', { name: 'Media Library' })).toBeVisible();
  // 64 megapixels of black in a few KB: decoded, it would take 256 MB of the tab's memory.
  await adminPage.getByLabel('Upload Files').setInputFiles({
    name: `${slug}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(blackPng(8000, 8000)),
  });
  const reason = `${slug}.png: The image is 8000×8000 pixels; the limit is 50 megapixels. Please resize it first.`;
  await expect(adminPage.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  // Refused in the browser: nothing was sent to Storage (the server would refuse it too).
  expect(uploads).toEqual([]);
  await adminPage.getByRole('searchbox', { name: 'Search files' }).fill(slug);
  await expect(adminPage).toHaveURL(new RegExp(`q=${slug}`));
  await expect(adminPage.getByRole('listitem').filter({ hasText: slug })).toHaveCount(0);
});
