// Every REST call of product spec section 7, made the way the data layer makes it, through
// supabase-js against the emulator.
import { beforeAll, describe, expect, test } from 'vitest';
import type { TableName } from '../../src/data/types';
import {
  listNewsCategories,
  listPublishedArticlePage,
  listPublishedArticles,
} from '../../src/data/news';
import { arrangeRow, setupTestEmulator } from './harness';

const em = setupTestEmulator();

/** One row at a time, so each row's omitted columns take their defaults. */
async function insertAll(table: TableName, rows: Record<string, unknown>[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) ids.push(await arrangeRow(em(), table, row));
  return ids;
}

describe('public reads', () => {
  const article = { published: '', draft: '' };
  beforeAll(async () => {
    await insertAll('sponsors', [
      { name: 'S3', sort_order: 3, published: true },
      { name: 'S1', sort_order: 1, published: true },
      { name: 'S2 draft', sort_order: 2, published: false },
    ]);
    const ids = await insertAll('news_articles', [
      { title: 'Oldest', published: true, published_date: '2025-01-10' },
      {
        title: 'Newest',
        published: true,
        published_date: '2026-03-01',
        is_featured: true,
        category: 'rally',
      },
      { title: 'Middle', published: true, published_date: '2025-09-15' },
      { title: 'Older', published: true, published_date: '2024-05-05' },
      { title: 'Unpublished', published: false, published_date: '2026-04-01' },
    ]);
    article.published = ids[1] ?? '';
    article.draft = ids[4] ?? '';
    await insertAll('news_article_images', [
      { article_id: article.published, url: 'b.png', sort_order: 1, alt: 'B' },
      { article_id: article.published, url: 'a.png', sort_order: 0, caption: 'First', alt: 'A' },
    ]);
    await insertAll(
      'gallery_images',
      Array.from({ length: 25 }, (_, i) => ({
        title: `${i % 2 ? 'Alps' : 'Coast'} ${String(i).padStart(2, '0')}`,
        url: `seed/gallery/${i}.webp`,
        alt: `Photo ${i}`,
        category: i % 2 ? '2025 Rally' : '2024 Rally',
        sort_order: i,
        published: i !== 24,
      })),
    );
    await insertAll('testimonials', [
      { name: 'T2', quote: 'q', sort_order: 2, published: true },
      { name: 'T1', quote: 'q', sort_order: 1, published: true },
    ]);
    await insertAll('videos', [
      { title: 'V2', url: 'https://youtu.be/x', sort_order: 2, published: true },
      { title: 'V1', url: 'v.mp4', sort_order: 1, published: true },
    ]);
    await insertAll('events', [
      {
        name: 'E-b',
        date: '2026-06-22',
        time: '09:00',
        location: 'Dover',
        attendees: '40',
        published: true,
      },
      {
        name: 'E-a',
        date: '2026-05-01',
        time: '18:00',
        location: 'London',
        attendees: '20',
        published: true,
      },
    ]);
    await insertAll('past_tours', [
      {
        year: 2023,
        route: 'R23',
        participants: 20,
        funds_raised: '£5,000',
        miles: 1500,
        published: true,
      },
      {
        year: 2025,
        route: 'R25',
        participants: 30,
        funds_raised: '£9,000',
        miles: 2100,
        published: true,
      },
    ]);
  });

  test('sponsors: published, by sort_order ascending', async () => {
    const { data } = await em()
      .anon.from('sponsors')
      .select('*')
      .eq('published', true)
      .order('sort_order', { ascending: true });
    expect(data?.map((r) => r.name)).toEqual(['S1', 'S3']);
  });

  test('news_articles: published, newest published_date first, three on the home page', async () => {
    const { data } = await em()
      .anon.from('news_articles')
      .select('*')
      .eq('published', true)
      .order('published_date', { ascending: false })
      .limit(3);
    expect(data?.map((r) => r.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(data?.[0]).toMatchObject({
      published_date: '2026-03-01',
      is_featured: true,
      category: 'rally',
    });
  });

  test('the news list (listPublishedArticles) carries every card field but no article body', async () => {
    const list = await listPublishedArticles({}, em().anon);
    expect(list.map((row) => row.title)).toEqual(['Newest', 'Middle', 'Oldest', 'Older']);
    expect(list[0]).toMatchObject({ is_featured: true, category: 'rally', excerpt: '' });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        'category',
        'created_at',
        'excerpt',
        'id',
        'image_url',
        'image_alt',
        'image_decorative',
        'is_featured',
        'published',
        'published_date',
        'title',
        'updated_at',
      ].sort(),
    );
    expect(await listPublishedArticles({ limit: 3 }, em().anon)).toHaveLength(3);
  });

  test('the /news pages (listPublishedArticlePage): counted and cut on the server, by category, a page past the end answered with the last', async () => {
    const first = await listPublishedArticlePage({ page: 1, category: null }, em().anon);
    expect(first).toMatchObject({ total: 4, page: 1, pageCount: 1, category: null });
    expect(first.rows.map((row) => row.title)).toEqual(['Newest', 'Middle', 'Oldest', 'Older']);
    expect(first.rows[0]).not.toHaveProperty('content');
    const rally = await listPublishedArticlePage({ page: 1, category: 'rally' }, em().anon);
    expect(rally.rows.map((row) => row.title)).toEqual(['Newest']);
    const past = await listPublishedArticlePage({ page: 7, category: null }, em().anon);
    expect(past).toMatchObject({ page: 1, pageCount: 1, total: 4 });
    expect(past.rows).toHaveLength(4);
    // The filter's buttons: one row per category, the draft's not among them.
    expect(await listNewsCategories(em().anon)).toEqual(['news', 'rally']);
  });

  test('news_articles: one published article by id, none for a draft', async () => {
    const one = await em()
      .anon.from('news_articles')
      .select('*')
      .eq('id', article.published)
      .eq('published', true)
      .maybeSingle();
    expect(one.data?.title).toBe('Newest');
    const draft = await em()
      .anon.from('news_articles')
      .select('*')
      .eq('id', article.draft)
      .eq('published', true)
      .maybeSingle();
    expect(draft.error).toBeNull();
    expect(draft.data).toBeNull();
  });

  test('news_article_images: by article_id, by sort_order ascending', async () => {
    const { data } = await em()
      .anon.from('news_article_images')
      .select('*')
      .eq('article_id', article.published)
      .order('sort_order', { ascending: true });
    expect(data?.map((r) => [r.url, r.caption])).toEqual([
      ['a.png', 'First'],
      ['b.png', null],
    ]);
  });

  test('gallery_images: published pages by sort_order with a total, filtered by category and title', async () => {
    const page = await em()
      .anon.from('gallery_images')
      .select('*', { count: 'exact' })
      .eq('published', true)
      .order('sort_order', { ascending: true })
      .range(20, 39);
    expect(page.count).toBe(24);
    expect(page.data?.map((r) => r.sort_order)).toEqual([20, 21, 22, 23]);
    const filtered = await em()
      .anon.from('gallery_images')
      .select('title', { count: 'exact' })
      .eq('published', true)
      .eq('category', '2025 Rally')
      .ilike('title', '%alps 0%')
      .order('sort_order', { ascending: true })
      .range(0, 19);
    expect(filtered.count).toBe(5);
    expect(filtered.data?.map((r) => r.title)).toEqual([
      'Alps 01',
      'Alps 03',
      'Alps 05',
      'Alps 07',
      'Alps 09',
    ]);
  });

  // The spec reads the places from a setting; they are the current edition's now (rally_places()).
  test('site_settings: the value of one key, as one object', async () => {
    const { data, error } = await em()
      .anon.from('site_settings')
      .select('value')
      .eq('key', 'fundraising_goal')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ value: '150000' });
  });

  test('testimonials, videos, events and past tours: published, in their orders', async () => {
    const t = await em()
      .anon.from('testimonials')
      .select('name')
      .eq('published', true)
      .order('sort_order');
    expect(t.data?.map((r) => r.name)).toEqual(['T1', 'T2']);
    const v = await em()
      .anon.from('videos')
      .select('title')
      .eq('published', true)
      .order('sort_order');
    expect(v.data?.map((r) => r.title)).toEqual(['V1', 'V2']);
    const e = await em()
      .anon.from('events')
      .select('name')
      .eq('published', true)
      .order('date', { ascending: true });
    expect(e.data?.map((r) => r.name)).toEqual(['E-a', 'E-b']);
    const p = await em()
      .anon.from('past_tours')
      .select('route')
      .eq('published', true)
      .order('year', { ascending: false });
    expect(p.data?.map((r) => r.route)).toEqual(['R25', 'R23']);
  });
});

/** The admin managers' generic CRUD: list in order, insert, update by id, publish toggle, delete. */
const MANAGED: {
  table: Exclude<TableName, 'site_settings' | 'contact_messages' | 'news_article_images'>;
  order: [string, boolean];
  row: Record<string, unknown>;
  edit: Record<string, unknown>;
}[] = [
  {
    table: 'events',
    order: ['date', true],
    row: {
      name: 'Meet',
      date: '2026-01-01',
      time: '10:00',
      location: 'Leeds',
      type: 'Workshop',
      description: 'd',
      status: 'Registration Open',
      attendees: '5',
    },
    edit: { location: 'York' },
  },
  {
    table: 'past_tours',
    order: ['year', false],
    row: { year: 2022, route: 'Route', participants: 12, funds_raised: '£2,000', miles: 800 },
    edit: { miles: 850 },
  },
  {
    table: 'gallery_images',
    order: ['sort_order', true],
    row: {
      title: 'Shot',
      url: 'seed/g.webp',
      alt: 'A car on a pass',
      category: 'Alps',
      year: 2025,
      sort_order: 4,
    },
    edit: { title: 'Shot 2' },
  },
  {
    table: 'videos',
    order: ['sort_order', true],
    row: {
      title: 'Film',
      url: 'https://youtu.be/abc',
      thumbnail_url: '',
      year: 2025,
      sort_order: 1,
    },
    edit: { title: 'Film 2' },
  },
  {
    table: 'sponsors',
    order: ['sort_order', true],
    row: {
      name: 'Garage',
      tier: 'Tier 1',
      logo_url: '',
      website_url: 'https://g.example',
      sort_order: 2,
    },
    edit: { tier: 'Tier 2' },
  },
  {
    table: 'testimonials',
    order: ['sort_order', true],
    row: {
      name: 'Jo',
      quote: 'Great',
      image_url: null,
      year: 2025,
      published: false,
      sort_order: 0,
    },
    edit: { quote: 'Superb' },
  },
];

describe.each(MANAGED)('admin manager for $table', ({ table, order, row, edit }) => {
  test('lists all rows in order, inserts, updates by id, toggles published and deletes', async () => {
    const admin = em().admin;
    const created = await admin
      .from(table)
      .insert(row as never)
      .select()
      .single();
    expect(created.error).toBeNull();
    const id = (created.data as { id: string; published: boolean }).id;
    expect((created.data as { published: boolean }).published).toBe(false);

    const list = await admin.from(table).select('*').order(order[0], { ascending: order[1] });
    expect(list.error).toBeNull();
    expect((list.data as { id: string }[]).some((r) => r.id === id)).toBe(true);

    const updated = await admin
      .from(table)
      .update(edit as never)
      .eq('id', id);
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(204);
    const toggled = await admin
      .from(table)
      .update({ published: true } as never)
      .eq('id', id);
    expect(toggled.error).toBeNull();
    const seen = await em().anon.from(table).select('*').eq('id', id).single();
    expect(seen.data).toMatchObject({ ...edit, published: true });

    const removed = await admin.from(table).delete().eq('id', id);
    expect(removed.error).toBeNull();
    expect((await admin.from(table).select('id').eq('id', id)).data).toEqual([]);
  });
});

describe('admin news articles and their images', () => {
  test('inserts an article and gets its id, updates it, toggles published and deletes it', async () => {
    const admin = em().admin;
    const { data, error } = await admin
      .from('news_articles')
      .insert({
        title: 'Launch',
        excerpt: '<p>Short</p>',
        content: '<p>Long</p>',
        image_url: null,
        published: false,
        published_date: '2026-02-02',
      })
      .select()
      .single();
    expect(error).toBeNull();
    const id = data?.id ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await admin
      .from('news_articles')
      .select('*')
      .order('published_date', { ascending: false });
    expect(list.data?.some((r) => r.id === id && !r.published)).toBe(true);
    expect(
      (
        await admin
          .from('news_articles')
          .update({ title: 'Launched', excerpt: '<p>S</p>' })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(
      (await admin.from('news_articles').update({ published: true }).eq('id', id)).error,
    ).toBeNull();
    const pub = await em().anon.from('news_articles').select('title').eq('id', id).single();
    expect(pub.data?.title).toBe('Launched');
    expect((await admin.from('news_articles').delete().eq('id', id)).error).toBeNull();
  });

  test('replaces all images of an article: delete by article_id, insert the new set in position order', async () => {
    const admin = em().admin;
    const { data: art } = await admin
      .from('news_articles')
      .insert({ title: 'Pictures', published: true })
      .select('id')
      .single();
    const articleId = art?.id ?? '';
    await admin.from('news_article_images').insert([
      { article_id: articleId, url: 'old-1.png', caption: null, sort_order: 0, alt: 'Old 1' },
      { article_id: articleId, url: 'old-2.png', caption: null, sort_order: 1, alt: 'Old 2' },
    ]);
    const del = await admin.from('news_article_images').delete().eq('article_id', articleId);
    expect(del.error).toBeNull();
    const images = ['new-a.png', 'new-b.png', 'new-c.png'].map((url, i) => ({
      article_id: articleId,
      url,
      caption: i === 1 ? 'Middle' : null,
      alt: `Photo ${i}`,
      sort_order: i,
    }));
    const ins = await admin.from('news_article_images').insert(images);
    expect(ins.error).toBeNull();
    const { data } = await em()
      .anon.from('news_article_images')
      .select('url, caption')
      .eq('article_id', articleId)
      .order('sort_order');
    expect(data).toEqual([
      { url: 'new-a.png', caption: null },
      { url: 'new-b.png', caption: 'Middle' },
      { url: 'new-c.png', caption: null },
    ]);
  });
});

describe('admin site settings', () => {
  test('lists every setting by key and updates a value with updated_at by key', async () => {
    const admin = em().admin;
    const list = await admin.from('site_settings').select('*').order('key');
    expect(list.data?.map((r) => r.key)).toEqual(
      expect.arrayContaining(['charity_name', 'contact_email', 'fundraising_goal']),
    );
    const stamp = '2026-05-01T12:00:00.000Z';
    const { error, status } = await admin
      .from('site_settings')
      .update({ value: '9', updated_at: stamp })
      .eq('key', 'fundraising_goal');
    expect(error).toBeNull();
    expect(status).toBe(204);
    const { data } = await em()
      .anon.from('site_settings')
      .select('value, updated_at')
      .eq('key', 'fundraising_goal')
      .single();
    expect(data?.value).toBe('9');
    // The updated_at trigger keeps the server's time, whatever the client sent.
    expect(Date.parse(data?.updated_at ?? '')).not.toBe(Date.parse(stamp));
  });
});
