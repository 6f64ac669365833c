// The admin's data calls (src/data), made with a signed-in administrator's supabase-js client
// against the emulator, and refused for a signed-in non-administrator.
import { describe, expect, test } from 'vitest';
import { galleryAdmin } from '../../src/data/gallery';
import {
  articlesAdmin,
  insertArticle,
  listArticleImages,
  replaceArticleImages,
} from '../../src/data/news';
import { pastToursAdmin } from '../../src/data/pastTours';
import { listSettings, updateSetting } from '../../src/data/settings';
import { sponsorsAdmin } from '../../src/data/sponsors';
import {
  listMediaPage,
  removeMediaFile,
  uploadMediaFile,
  uniqueMediaPath,
} from '../../src/data/media';
import { setupTestEmulator } from './harness';
import { realImage } from '../support/crafted-images';

const em = setupTestEmulator();

describe('content tables', () => {
  test('an administrator inserts a draft, publishes it, updates every field and deletes it', async () => {
    const { admin, anon } = em();
    await sponsorsAdmin.insert(admin, {
      name: 'Admin data sponsor',
      tier: 'Tier 2',
      sort_order: 5,
    });
    let row = (await sponsorsAdmin.listAll(admin)).find((s) => s.name === 'Admin data sponsor');
    expect(row).toMatchObject({ tier: 'Tier 2', published: false, sort_order: 5 });
    const id = row?.id ?? '';

    await sponsorsAdmin.setPublished(admin, [id], true);
    const { data: visible } = await anon.from('sponsors').select('name').eq('id', id);
    expect(visible).toEqual([{ name: 'Admin data sponsor' }]);

    await sponsorsAdmin.update(admin, id, {
      name: 'Renamed sponsor',
      tier: 'Tier 1',
      website_url: 'https://example.com',
    });
    row = (await sponsorsAdmin.listAll(admin)).find((s) => s.id === id);
    expect(row).toMatchObject({
      name: 'Renamed sponsor',
      tier: 'Tier 1',
      website_url: 'https://example.com',
      published: true,
    });

    await sponsorsAdmin.trash(admin, [id]);
    expect((await sponsorsAdmin.listAll(admin)).some((s) => s.id === id)).toBe(false);
    await sponsorsAdmin.deleteForever(admin, [id]);
    expect((await em().service.from('sponsors').select('id').eq('id', id)).data).toEqual([]);
  });

  test('lists drafts too, in the admin order (past tours by year, most recent first)', async () => {
    const { admin } = em();
    await pastToursAdmin.insert(admin, {
      year: 2001,
      route: 'Old route',
      participants: 3,
      funds_raised: '£1',
      miles: 10,
    });
    await pastToursAdmin.insert(admin, {
      year: 2031,
      route: 'Future route',
      participants: 3,
      funds_raised: '£1',
      miles: 10,
    });
    const years = (await pastToursAdmin.listAll(admin)).map((tour) => tour.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(years).toContain(2001);
  });

  test('refuses a signed-in non-administrator', async () => {
    const { visitor } = em();
    await expect(
      galleryAdmin.insert(visitor, { title: 'Not allowed', url: 'x.webp' }),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('news articles', () => {
  test('insert returns the new article, and its extra images are replaced as a set in order', async () => {
    const { admin } = em();
    const article = await insertArticle(admin, {
      title: 'Images article',
      excerpt: 'e',
      content: '<p>c</p>',
    });
    expect(article.id).toMatch(/^[0-9a-f-]{36}$/);

    await replaceArticleImages(admin, article.id, [
      { url: 'a.webp', caption: 'First', alt: 'A', decorative: false },
      { url: 'b.webp', caption: '', alt: '', decorative: true },
    ]);
    await replaceArticleImages(admin, article.id, [
      { url: 'c.webp', caption: 'Only', alt: 'C', decorative: false },
      { url: 'd.webp', caption: 'Second', alt: 'D', decorative: false },
    ]);
    const images = await listArticleImages(article.id, admin);
    expect(images.map(({ url, caption, sort_order }) => ({ url, caption, sort_order }))).toEqual([
      { url: 'c.webp', caption: 'Only', sort_order: 0 },
      { url: 'd.webp', caption: 'Second', sort_order: 1 },
    ]);
  });

  test('saving with zero extra images leaves the existing ones untouched', async () => {
    const { admin } = em();
    const article = await insertArticle(admin, {
      title: 'Keeps images',
      excerpt: 'e',
      content: 'c',
    });
    await replaceArticleImages(admin, article.id, [
      { url: 'keep.webp', caption: 'Kept', alt: 'Kept', decorative: false },
    ]);
    await articlesAdmin.update(admin, article.id, {
      title: 'Keeps images, edited',
      excerpt: 'e',
      content: 'c',
    });
    await replaceArticleImages(admin, article.id, []);
    expect((await listArticleImages(article.id, admin)).map((image) => image.url)).toEqual([
      'keep.webp',
    ]);
  });
});

describe('site settings', () => {
  test('an administrator changes a value and its updated_at; a non-administrator changes nothing', async () => {
    const { admin, visitor, anon } = em();
    const before = (await listSettings(admin)).find((s) => s.key === 'fundraising_goal');
    await updateSetting(admin, 'fundraising_goal', '9');
    const after = (await listSettings(anon)).find((s) => s.key === 'fundraising_goal');
    expect(after?.value).toBe('9');
    expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThan(
      Date.parse(before?.updated_at ?? ''),
    );

    await updateSetting(visitor, 'fundraising_goal', '0');
    expect((await listSettings(anon)).find((s) => s.key === 'fundraising_goal')?.value).toBe('9');
  });

  test('lists every setting by key', async () => {
    const keys = (await listSettings(em().admin)).map((s) => s.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain('fundraising_goal');
  });
});

const FIRST_PAGE = {
  search: '',
  status: null,
  filters: {},
  sort: 'newest',
  page: 1,
  pageSize: 50,
} as const;

describe('media library', () => {
  test('names uploads <yyyy>/<mm>/<slug>-<random>.<ext>', () => {
    expect(uniqueMediaPath('Col de la Bonette (1).JPG', new Date(2026, 2, 5), 'k3j9x2')).toBe(
      '2026/03/col-de-la-bonette-1-k3j9x2.jpg',
    );
    expect(uniqueMediaPath('a.png')).not.toBe(uniqueMediaPath('a.png'));
  });

  test('uploads without overwriting, lists newest first with sizes, and removes a file', async () => {
    const { admin } = em();
    const bytes = await realImage('png', 2, 1);
    const first = await uploadMediaFile(
      admin,
      new File([bytes], 'same name.png', { type: 'image/png' }),
    );
    const second = await uploadMediaFile(
      admin,
      new File([bytes], 'same name.png', { type: 'image/png' }),
    );
    expect(first).not.toBe(second);
    expect(first).toMatch(
      /\/storage\/v1\/object\/public\/media\/\d{4}\/\d{2}\/same-name-[a-z0-9]+\.png$/,
    );

    const sameName = { ...FIRST_PAGE, search: 'same-name-' };
    const { rows: mine } = await listMediaPage(admin, sameName);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ kind: 'image', size: bytes.length, width: 2, height: 1 });
    const { rows: files } = await listMediaPage(admin, FIRST_PAGE);
    const created = files.map((file) => file.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    await removeMediaFile(admin.storage, mine[0]?.path ?? '');
    expect((await listMediaPage(admin, sameName)).rows).toHaveLength(1);
  });

  test('uploads with the type of the file’s extension, whatever the browser guessed', async () => {
    const { admin } = em();
    const bytes = await realImage('jpeg', 2, 1);
    for (const guess of ['', 'image/pjpeg', 'application/octet-stream']) {
      const url = await uploadMediaFile(
        admin,
        new File([bytes], 'Col du Galibier.JPG', { type: guess }),
      );
      const response = await fetch(url);
      expect(response.status, guess).toBe(200);
      expect(response.headers.get('content-type'), guess).toBe('image/jpeg');
    }
    await expect(
      uploadMediaFile(admin, new File([bytes], 'notes.txt', { type: 'image/jpeg' })),
    ).rejects.toThrow('notes.txt is not an image or video the library takes');
  });

  test('a non-administrator can neither upload nor delete', async () => {
    const { visitor, admin } = em();
    const png = await realImage('png', 2, 1);
    await expect(
      uploadMediaFile(visitor, new File([png], 'x.png', { type: 'image/png' })),
    ).rejects.toThrow(/row-level security|Unauthorized/);
    const url = await uploadMediaFile(admin, new File([png], 'guarded.png', { type: 'image/png' }));
    const path = url.split('/object/public/media/')[1] ?? '';
    await expect(removeMediaFile(visitor.storage, path)).rejects.toThrow(
      `Could not delete ${path}`,
    );
    // It is still there, for anyone to read.
    const kept = await fetch(url);
    expect(kept.status).toBe(200);
  });
});
