// The admin lists' one query (src/data/content-table.ts, listPage): search with the text taken
// literally, the published/draft and column filters, the orders, count=exact with a range, a
// page past the end clamped to the last one, and the filter options (content_facets) under each
// caller's row-level security.
import { beforeAll, describe, expect, test } from 'vitest';
import type { ListQuery } from '../../src/data/content-table';
import { galleryAdmin } from '../../src/data/gallery';
import { sponsorsAdmin } from '../../src/data/sponsors';
import { setupTestEmulator } from './harness';

const em = setupTestEmulator();

const TAG = 'List page';
/** The rows this file's gallery holds, arranged once (each contract file has its own database). */
const gallery = [
  // 24 ordered rows (sort_order 1-24) in two categories and two years, drafts every fourth.
  ...Array.from({ length: 24 }, (_, index) => ({
    title: `${TAG} photo ${String(index + 1).padStart(2, '0')}`,
    url: 'seed/gallery/x.webp',
    alt: 'A rally car on a mountain road',
    category: index % 2 === 0 ? 'Alps' : 'Coast',
    year: index < 12 ? 2024 : 2025,
    sort_order: index + 1,
    published: index % 4 !== 3,
  })),
  // Text that means something to LIKE or to PostgREST's logic trees, to be matched literally.
  { title: 'Ferry 100% full', url: 'x.webp', category: 'Special', year: 2023, sort_order: 100 },
  { title: 'Ferry 1000 full', url: 'x.webp', category: 'Special', year: 2023, sort_order: 101 },
  { title: 'under_score', url: 'x.webp', category: 'Special', year: 2023, sort_order: 102 },
  { title: 'underXscore', url: 'x.webp', category: 'Special', year: 2023, sort_order: 103 },
  { title: 'Alps (north), day 2', url: 'x.webp', category: 'Special', year: 2023, sort_order: 104 },
  {
    title: 'Back\\slash "quoted"',
    url: 'x.webp',
    category: 'Special',
    year: 2023,
    sort_order: 105,
  },
].map((row) => ({ published: true, alt: 'A rally car on a mountain road', ...row }));

const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  search: '',
  status: null,
  filters: {},
  sort: 'order',
  page: 1,
  pageSize: 20,
  ...overrides,
});

beforeAll(async () => {
  const { error } = await em().service.from('gallery_images').insert(gallery);
  expect(error).toBeNull();
});

describe('listPage', () => {
  test('serves a page of rows in the default order with the exact total', async () => {
    const page = await galleryAdmin.listPage(em().admin, query());
    expect(page.total).toBe(gallery.length);
    expect(page.pageCount).toBe(2);
    expect(page.page).toBe(1);
    expect(page.tableTotal).toBe(gallery.length);
    expect(page.rows.map((row) => row.sort_order)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    const second = await galleryAdmin.listPage(em().admin, query({ page: 2 }));
    expect(second.rows.map((row) => row.sort_order)).toEqual([
      21, 22, 23, 24, 100, 101, 102, 103, 104, 105,
    ]);
    const larger = await galleryAdmin.listPage(em().admin, query({ pageSize: 50 }));
    expect(larger.rows).toHaveLength(gallery.length);
    expect(larger.pageCount).toBe(1);
  });

  test('clamps a page past the end to the last page', async () => {
    const page = await galleryAdmin.listPage(em().admin, query({ page: 99 }));
    expect(page.page).toBe(2);
    expect(page.rows.map((row) => row.sort_order)).toContain(105);
    const none = await galleryAdmin.listPage(
      em().admin,
      query({ search: 'no such photo', page: 3 }),
    );
    expect(none).toEqual({ rows: [], total: 0, tableTotal: gallery.length, page: 1, pageCount: 1 });
  });

  test.each([
    ['100%', ['Ferry 100% full']],
    ['under_score', ['under_score']],
    ['Alps (north), day', ['Alps (north), day 2']],
    ['slash "quoted', ['Back\\slash "quoted"']],
    ['FERRY 10', ['Ferry 100% full', 'Ferry 1000 full']],
  ])('finds %j literally, in any letter case', async (search, titles) => {
    const page = await galleryAdmin.listPage(em().admin, query({ search }));
    expect(page.rows.map((row) => row.title)).toEqual(titles);
    expect(page.total).toBe(titles.length);
  });

  test('searches every text column of the manager (the category too)', async () => {
    const page = await galleryAdmin.listPage(em().admin, query({ search: 'coast', pageSize: 50 }));
    expect(page.total).toBe(12);
    expect(new Set(page.rows.map((row) => row.category))).toEqual(new Set(['Coast']));
  });

  test('searches the lowered text under row-level security: visitors find no drafts', async () => {
    const search = query({ search: 'LIST PAGE PHOTO', pageSize: 50 });
    expect((await galleryAdmin.listPage(em().admin, search)).total).toBe(24);
    for (const caller of [em().anon, em().visitor]) {
      const page = await galleryAdmin.listPage(caller, search);
      expect(page.total).toBe(18);
      expect(page.rows.every((row) => row.published)).toBe(true);
    }
  });

  test('the lowered search text follows the title and is not named in the audit log', async () => {
    const { data: row } = await em()
      .service.from('gallery_images')
      .insert({ title: 'Renamed Soon', url: 'x.webp', alt: 'A car', published: false })
      .select('id, search_text')
      .single()
      .throwOnError();
    expect(row.search_text).toBe('renamed soon ');
    await em()
      .admin.from('gallery_images')
      .update({ title: 'Now CALLED this' })
      .eq('id', row.id)
      .throwOnError();
    const { data: entry } = await em()
      .admin.from('audit_log')
      .select('changed_columns')
      .eq('row_id', row.id)
      .eq('action', 'changed')
      .single()
      .throwOnError();
    expect(entry.changed_columns).toEqual(['title']);
    const found = await galleryAdmin.listPage(em().admin, query({ search: 'now called' }));
    expect(found.rows.map((photo) => photo.id)).toEqual([row.id]);
    await em().service.from('gallery_images').delete().eq('id', row.id).throwOnError();
  });

  test('filters on published or draft, and on the spec columns, together with a search', async () => {
    const drafts = await galleryAdmin.listPage(em().admin, query({ status: 'draft' }));
    expect(drafts.total).toBe(6);
    expect(drafts.rows.every((row) => !row.published)).toBe(true);
    // The count line still says how many rows the whole table holds.
    expect(drafts.tableTotal).toBe(gallery.length);
    const published = await galleryAdmin.listPage(em().admin, query({ status: 'published' }));
    expect(published.total).toBe(gallery.length - 6);

    const alps2025 = await galleryAdmin.listPage(
      em().admin,
      query({ filters: { category: 'Alps', year: '2025' }, search: TAG }),
    );
    expect(alps2025.total).toBe(6);
    expect(alps2025.rows.every((row) => row.category === 'Alps' && row.year === 2025)).toBe(true);
    // A column the manager does not filter on is ignored, not sent.
    const ignored = await galleryAdmin.listPage(em().admin, query({ filters: { url: 'nothing' } }));
    expect(ignored.total).toBe(gallery.length);
  });

  test('orders by each offered sort, and an unknown one by the default', async () => {
    const titles = await galleryAdmin.listPage(em().admin, query({ sort: 'title', pageSize: 50 }));
    const names = titles.rows.map((row) => row.title);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    const years = await galleryAdmin.listPage(em().admin, query({ sort: 'year', pageSize: 50 }));
    expect(years.rows[0]?.year).toBe(2025);
    expect(years.rows.at(-1)?.year).toBe(2023);
    const unknown = await galleryAdmin.listPage(em().admin, query({ sort: 'nonsense' }));
    expect(unknown.rows[0]?.sort_order).toBe(1);
  });

  test('shows a visitor only what row-level security lets them read', async () => {
    const page = await galleryAdmin.listPage(em().anon, query({ pageSize: 50 }));
    expect(page.total).toBe(gallery.length - 6);
    expect(page.rows.every((row) => row.published)).toBe(true);
  });
});

describe('the filter options (content_facets)', () => {
  test('lists each filter column’s values with their counts, drafts included for an administrator', async () => {
    const facets = await galleryAdmin.facets(em().admin);
    expect(facets.category).toEqual([
      { value: 'Alps', rows: 12 },
      { value: 'Coast', rows: 12 },
      { value: 'Special', rows: 6 },
    ]);
    expect(facets.year).toEqual([
      { value: '2023', rows: 6 },
      { value: '2024', rows: 12 },
      { value: '2025', rows: 12 },
    ]);
  });

  test.each(['anon', 'visitor'] as const)('counts only published rows for %s', async (caller) => {
    const facets = await galleryAdmin.facets(em()[caller]);
    expect(facets.category).toEqual([
      { value: 'Alps', rows: 12 },
      { value: 'Coast', rows: 6 },
      { value: 'Special', rows: 6 },
    ]);
  });

  test.each(['anon', 'visitor', 'admin'] as const)(
    'refuses writes to the view for %s',
    async (caller) => {
      const client = em()[caller];
      const { error } = await client
        .from('content_facets')
        .insert({ table_name: 'sponsors', column_name: 'tier', value: 'x', row_count: 1 } as never);
      expect(error).not.toBeNull();
    },
  );

  test('has values only for the columns a manager filters on', async () => {
    await sponsorsAdmin.insert(em().admin, { name: `${TAG} sponsor`, tier: 'Tier 1' });
    expect(await sponsorsAdmin.facets(em().admin)).toEqual({
      tier: [{ value: 'Tier 1', rows: 1 }],
    });
  });
});
