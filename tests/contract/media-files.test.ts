// The media library's table against the emulator with the real supabase-js: media_files follows
// storage (an upload adds a row with the size and variants its names announce, a delete removes
// it), the variants public pages list in srcset exist and are cached as immutable, the library's
// list pages, and the database refuses a published image without alt text.
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { mediaVariantWidths, sizedMedia } from '../../src/config/media';
import {
  describeMediaFile,
  findMediaFile,
  listMediaPage,
  removeMediaFile,
  uploadMediaFile,
} from '../../src/data/media';
import type { ListQuery } from '../../src/data/content-table';
import { arrangeRow, setupTestEmulator } from './harness';

const em = setupTestEmulator();

const VIEW: ListQuery = {
  search: '',
  status: null,
  filters: {},
  sort: 'newest',
  page: 1,
  pageSize: 20,
};

async function photo(width: number, height: number) {
  const jpeg = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(jpeg)], 'Lake Como at dusk.jpg', { type: 'image/jpeg' });
}

/** Variants as the admin's Worker makes them (WebP at each width), here with sharp. */
async function variantsOf(width: number, height: number, widths: number[]) {
  return {
    width,
    height,
    variants: await Promise.all(
      widths.map(async (w) => ({
        width: w,
        blob: new Blob(
          [
            new Uint8Array(
              await sharp({
                create: {
                  width: w,
                  height: Math.round((height * w) / width),
                  channels: 3,
                  background: '#345',
                },
              })
                .webp()
                .toBuffer(),
            ),
          ],
          { type: 'image/webp' },
        ),
      })),
    ),
  };
}

describe('media_files follows storage', () => {
  test('an upload with variants is one row with its size and variants; the files are immutable; a delete removes all', async () => {
    const { admin, anon } = em();
    const prepared = await variantsOf(1500, 1000, mediaVariantWidths(1500));
    let stored = 0;
    const url = await uploadMediaFile(admin, await photo(1500, 1000), prepared, () => {
      stored += 1;
    });
    expect(stored).toBe(6);
    expect(url).toMatch(/\/lake-como-at-dusk-[a-z0-9]+\.1500x1000\.jpg$/);

    const file = await findMediaFile(admin, url);
    expect(file).toMatchObject({
      kind: 'image',
      width: 1500,
      height: 1000,
      variants: [320, 640, 960, 1280, 1500],
      alt: '',
    });
    // A visitor never reads the library (public pages need only the names).
    await expect(findMediaFile(anon, url)).rejects.toMatchObject({ code: '42501' });

    // Every variant srcset names exists, as WebP, cached for a year as immutable.
    const announced = sizedMedia(url)?.variants ?? [];
    expect(announced.map((variant) => variant.width)).toEqual([320, 640, 960, 1280, 1500]);
    for (const target of [url, ...announced.map((variant) => variant.path)]) {
      const response = await fetch(target);
      expect(response.status, target).toBe(200);
      expect(response.headers.get('cache-control')).toBe('max-age=31536000, immutable');
    }
    expect((await fetch(announced[1]?.path ?? '')).headers.get('content-type')).toBe('image/webp');

    await describeMediaFile(admin, file?.id ?? '', '  A still lake under a purple sky  ');
    expect((await findMediaFile(admin, url))?.alt).toBe('A still lake under a purple sky');

    await removeMediaFile(admin.storage, file?.path ?? '');
    expect(await findMediaFile(admin, url)).toBeNull();
    for (const variant of announced) expect((await fetch(variant.path)).status).not.toBe(200);
  });

  test('the list searches paths and alt text, filters by type and pages on the server', async () => {
    const { admin } = em();
    const paths: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const url = await uploadMediaFile(admin, await photo(200, 100));
      const file = await findMediaFile(admin, url);
      await describeMediaFile(admin, file?.id ?? '', `Paging marker ${i}`);
      paths.push(file?.path ?? '');
    }
    const found = await listMediaPage(admin, { ...VIEW, search: 'paging marker', pageSize: 2 });
    expect(found.total).toBe(3);
    expect(found.pageCount).toBe(2);
    expect(found.rows.map((row) => row.path)).toEqual([paths[2], paths[1]]);
    const second = await listMediaPage(admin, {
      ...VIEW,
      search: 'paging marker',
      pageSize: 2,
      page: 2,
    });
    expect(second.rows.map((row) => row.path)).toEqual([paths[0]]);
    const videos = await listMediaPage(admin, {
      ...VIEW,
      search: 'paging marker',
      filters: { kind: 'video' },
    });
    expect(videos.total).toBe(0);
  });
});

describe('alt text is required to publish an image that is not decorative', () => {
  test('gallery images, sponsors, articles and events', async () => {
    const { admin } = em();
    const refused = await admin
      .from('gallery_images')
      .insert({ title: 'Undescribed', url: 'x.webp', published: true });
    expect(refused.error?.code).toBe('23514');
    const draft = await admin
      .from('gallery_images')
      .insert({ title: 'Undescribed draft', url: 'x.webp', published: false });
    expect(draft.error).toBeNull();
    const described = { title: 'Described', url: 'x.webp', published: true, alt: 'Cars on a pass' };
    expect((await admin.from('gallery_images').insert(described)).error).toBeNull();
    const decorative = { title: 'Decorative', url: 'x.webp', published: true, decorative: true };
    expect((await admin.from('gallery_images').insert(decorative)).error).toBeNull();
    // Blank is not a description.
    const blank = await admin
      .from('gallery_images')
      .insert({ title: 'Blank', url: 'x.webp', published: true, alt: '   ' });
    expect(blank.error?.code).toBe('23514');

    const sponsor = await admin
      .from('sponsors')
      .insert({ name: 'Logo only', logo_url: 'l.webp', published: true });
    expect(sponsor.error?.code).toBe('23514');
    const noLogo = await admin.from('sponsors').insert({ name: 'No logo', published: true });
    expect(noLogo.error).toBeNull();

    const article = await admin
      .from('news_articles')
      .insert({ title: 'Hero', image_url: 'h.webp', published: true });
    expect(article.error?.code).toBe('23514');
    const event = await admin.from('events').insert({
      name: 'Meet',
      date: '1 May 2026',
      time: '10:00',
      location: 'Dover',
      image_url: 'e.webp',
      published: true,
    });
    expect(event.error?.code).toBe('23514');
  });

  test("an article's extra images, from both sides", async () => {
    const e = em();
    const draft = await arrangeRow(e, 'news_articles', { title: 'Draft', published: false });
    await arrangeRow(e, 'news_article_images', { article_id: draft, url: 'a.webp' });
    // Publishing the article with an undescribed image is refused…
    const publish = await e.admin.from('news_articles').update({ published: true }).eq('id', draft);
    expect(publish.error?.code).toBe('23514');
    // …as is adding one to a published article.
    const live = await arrangeRow(e, 'news_articles', { title: 'Live', published: true });
    const added = await e.admin
      .from('news_article_images')
      .insert({ article_id: live, url: 'b.webp' });
    expect(added.error?.code).toBe('23514');
    const described = await e.admin
      .from('news_article_images')
      .insert({ article_id: live, url: 'b.webp', alt: 'A convoy at dawn' });
    expect(described.error).toBeNull();
  });
});
