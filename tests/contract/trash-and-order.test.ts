// The trash and ordering by moving (supabase/schemas/content.sql), for the three callers: a trashed
// row is invisible to visitors and signed-in non-administrators (and so are its article's images),
// only an administrator trashes, restores, purges and reorders, the database stamps when and by
// whom, and a reorder moves only the rows given, among the places they held.
import { describe, expect, test } from 'vitest';
import { galleryAdmin } from '../../src/data/gallery';
import { purgeTrash, reorderContent } from '../../src/data/content-table';
import { TEST_ADMIN, arrangeRow, setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

type Caller = 'anon' | 'visitor' | 'admin';
const CALLERS: Caller[] = ['anon', 'visitor', 'admin'];
const client = (caller: Caller): Client => em()[caller];

const photo = (title: string, extra: Record<string, unknown> = {}) =>
  arrangeRow(em(), 'gallery_images', {
    title,
    url: 'seed/gallery/x.webp',
    alt: `A test photo: ${title}`,
    published: true,
    ...extra,
  });

async function trashedAt(id: string) {
  const { data } = await em()
    .service.from('gallery_images')
    .select('deleted_at, deleted_by')
    .eq('id', id)
    .maybeSingle();
  return data;
}

describe('trash', () => {
  test.each(CALLERS)(
    '%s sees a trashed published row only when an administrator',
    async (caller) => {
      const id = await photo(`trashed for ${caller}`);
      await galleryAdmin.trash(em().admin, [id]);
      const { data, error } = await client(caller).from('gallery_images').select('id').eq('id', id);
      expect(error).toBeNull();
      expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
    },
  );

  test.each(CALLERS)('%s trashes and restores only when an administrator', async (caller) => {
    const id = await photo(`trash by ${caller}`);
    await client(caller)
      .from('gallery_images')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id);
    expect(Boolean((await trashedAt(id))?.deleted_at)).toBe(caller === 'admin');

    await em().service.from('gallery_images').update({ deleted_at: 'now()' }).eq('id', id);
    await client(caller).from('gallery_images').update({ deleted_at: null }).eq('id', id);
    expect((await trashedAt(id))?.deleted_at === null).toBe(caller === 'admin');
  });

  test('the database stamps its own time and the administrator, whatever the client sends', async () => {
    const id = await photo('stamped');
    const before = Date.now();
    await em()
      .admin.from('gallery_images')
      .update({ deleted_at: '2001-01-01T00:00:00Z', deleted_by: null })
      .eq('id', id);
    const stamped = await trashedAt(id);
    expect(new Date(stamped?.deleted_at ?? 0).getTime()).toBeGreaterThan(before - 60_000);
    const { data: me } = await em().admin.auth.getUser();
    expect(stamped?.deleted_by).toBe(me.user?.id);
    expect(me.user?.email).toBe(TEST_ADMIN.email);
    // A row is never created in the trash.
    const fresh = await photo('born trashed', { deleted_at: '2001-01-01T00:00:00Z' });
    expect((await trashedAt(fresh))?.deleted_at).toBeNull();
  });

  test.each(CALLERS)(
    '%s reads images of a trashed article only when an administrator',
    async (caller) => {
      const article = await arrangeRow(em(), 'news_articles', {
        title: 'Trashed',
        published: true,
      });
      const image = await arrangeRow(em(), 'news_article_images', {
        article_id: article,
        url: 'a.png',
        alt: 'A test image',
        sort_order: 0,
      });
      await em().admin.from('news_articles').update({ deleted_at: 'now' }).eq('id', article);
      const { data } = await client(caller)
        .from('news_article_images')
        .select('id')
        .eq('id', image);
      expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
    },
  );

  test('deleting for good takes only trashed rows; the purge only rows trashed 30 days ago', async () => {
    const { admin } = em();
    const live = await photo('live');
    await galleryAdmin.deleteForever(admin, [live]);
    expect(await trashedAt(live)).not.toBeNull();

    const old = await photo('old trash');
    const recent = await photo('recent trash');
    await galleryAdmin.trash(admin, [old, recent]);
    // Trashed a moment ago: the 30-day purge leaves both.
    expect(await purgeTrash(admin)).toBe(0);
    expect(await trashedAt(old)).not.toBeNull();
    await admin.rpc('purge_trash', { older_than: '0 seconds' }).throwOnError();
    expect(await trashedAt(old)).toBeNull();
    expect(await trashedAt(recent)).toBeNull();
  });

  test.each(['anon', 'visitor'] as const)('%s purges nothing', async (caller) => {
    const id = await photo(`purge by ${caller}`);
    await galleryAdmin.trash(em().admin, [id]);
    const { data, error } = await client(caller).rpc('purge_trash', { older_than: '0 seconds' });
    if (caller === 'anon') expect(error?.code).toBe('42501');
    else expect(data).toBe(0);
    expect(await trashedAt(id)).not.toBeNull();
  });

  test('an admin list leaves trashed rows out; its Trash view shows only them', async () => {
    const { admin } = em();
    const id = await photo('in the trash view');
    await galleryAdmin.trash(admin, [id]);
    const query = {
      search: 'in the trash view',
      status: null,
      filters: {},
      sort: 'order',
      page: 1,
      pageSize: 20,
    };
    expect((await galleryAdmin.listPage(admin, query)).rows).toHaveLength(0);
    const trash = await galleryAdmin.listPage(admin, { ...query, trash: true });
    expect(trash.rows.map((row) => row.id)).toEqual([id]);
  });
});

describe('reorder_content', () => {
  async function arranged(ids: string[]) {
    const { data } = await em()
      .service.from('gallery_images')
      .select('id, sort_order')
      .in('id', ids)
      .order('sort_order');
    return (data ?? []).map((row) => row.id);
  }

  test('moves the rows given among their own places; others keep theirs', async () => {
    const { admin } = em();
    const [a, b, c, d] = [
      await photo('order a', { sort_order: -40 }),
      await photo('order b', { sort_order: -30 }),
      await photo('order c', { sort_order: -20 }),
      await photo('order d', { sort_order: -10 }),
    ] as [string, string, string, string];
    // A view showing only a, c and d (b filtered out): d goes first.
    await reorderContent(admin, 'gallery_images', [d, a, c]);
    expect(await arranged([a, b, c, d])).toEqual([d, b, a, c]);
  });

  test.each(['anon', 'visitor'] as const)('%s cannot reorder', async (caller) => {
    const a = await photo('keep a', { sort_order: -200 });
    const b = await photo('keep b', { sort_order: -190 });
    const { error } = await client(caller).rpc('reorder_content', {
      target: 'gallery_images',
      ids: [b, a],
    });
    expect(error?.code).toBe('42501');
    expect(await arranged([a, b])).toEqual([a, b]);
  });

  test('refuses tables outside its list, repeated ids and trashed rows', async () => {
    const { admin } = em();
    const a = await photo('refuse a');
    const b = await photo('refuse b');
    for (const args of [
      { target: 'news_articles', ids: [a] },
      { target: 'gallery_images', ids: [a, a] },
      { target: 'gallery_images', ids: [] },
    ]) {
      const { error } = await admin.rpc('reorder_content', args);
      expect(error?.code).toBe('22023');
    }
    await galleryAdmin.trash(admin, [b]);
    const { error } = await admin.rpc('reorder_content', { target: 'gallery_images', ids: [b, a] });
    expect(error?.code).toBe('22023');
  });
});
