// The audit log (supabase/schemas/admin.sql) for the three callers: only an administrator reads
// it, nobody writes, changes or deletes it through the API, and the triggers record who created,
// changed, published, unpublished, trashed, restored and deleted what.
import { describe, expect, test } from 'vitest';
import { listAuditPage } from '../../src/data/audit';
import { galleryAdmin } from '../../src/data/gallery';
import { TEST_ADMIN, arrangeRow, setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

type Caller = 'anon' | 'visitor' | 'admin';
const CALLERS: Caller[] = ['anon', 'visitor', 'admin'];
const client = (caller: Caller): Client => em()[caller];

async function history(rowId: string) {
  const { data } = await em()
    .service.from('audit_log')
    .select('action, actor_email, label, changed_columns, table_name')
    .eq('row_id', rowId)
    .order('id');
  return data ?? [];
}

describe('audit_log', () => {
  test('records each kind of change with the administrator, the label and the columns', async () => {
    const { admin } = em();
    const id = await arrangeRow(em(), 'gallery_images', {
      title: 'Audited',
      url: 'x.webp',
      alt: 'A test photo',
    });
    await admin.from('gallery_images').update({ title: 'Audited again' }).eq('id', id);
    await galleryAdmin.setPublished(admin, [id], true);
    await galleryAdmin.setPublished(admin, [id], false);
    await galleryAdmin.trash(admin, [id]);
    await galleryAdmin.restore(admin, [id]);
    await galleryAdmin.trash(admin, [id]);
    await galleryAdmin.deleteForever(admin, [id]);
    const entries = await history(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'created',
      'changed',
      'published',
      'unpublished',
      'trashed',
      'restored',
      'trashed',
      'deleted',
    ]);
    expect(entries[0]?.actor_email).toBeNull();
    expect(entries.slice(1).every((entry) => entry.actor_email === TEST_ADMIN.email)).toBe(true);
    expect(entries[1]).toMatchObject({
      label: 'Audited again',
      changed_columns: ['title'],
      table_name: 'gallery_images',
    });
  });

  test('a reorder is not logged row by row; a setting change is', async () => {
    const { admin } = em();
    const id = await arrangeRow(em(), 'gallery_images', {
      title: 'Moved',
      url: 'x.webp',
      alt: 'A test photo',
    });
    await admin.from('gallery_images').update({ sort_order: 77 }).eq('id', id);
    expect((await history(id)).map((entry) => entry.action)).toEqual(['created']);
    const { data: setting } = await admin
      .from('site_settings')
      .update({ value: '9' })
      .eq('key', 'fundraising_goal')
      .select('id')
      .single()
      .throwOnError();
    expect(await history(setting.id)).toContainEqual(
      expect.objectContaining({ action: 'changed', label: 'fundraising_goal' }),
    );
  });

  test.each(CALLERS)('%s reads the log only when an administrator', async (caller) => {
    await arrangeRow(em(), 'sponsors', { name: `Audit read ${caller}` });
    const { data, error } = await client(caller).from('audit_log').select('id').limit(1);
    if (caller === 'anon') expect(error?.code).toBe('42501');
    else expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
    const actors = await client(caller).from('audit_actors').select('actor_email').limit(1);
    if (caller === 'admin') expect(actors.data?.length).toBeGreaterThan(0);
    else expect(actors.data ?? []).toHaveLength(0);
  });

  test.each(CALLERS)('%s cannot write, change or delete the log', async (caller) => {
    const id = await arrangeRow(em(), 'sponsors', { name: `Audit write ${caller}` });
    const [entry] = await history(id);
    const db = client(caller);
    const insert = await db.from('audit_log').insert({ action: 'deleted', table_name: 'sponsors' });
    expect(insert.error?.code).toBe('42501');
    const update = await db.from('audit_log').update({ label: 'forged' }).eq('row_id', id);
    expect(update.error?.code).toBe('42501');
    const remove = await db.from('audit_log').delete().eq('row_id', id);
    expect(remove.error?.code).toBe('42501');
    expect((await history(id))[0]).toEqual(entry);
  });

  test('the screen lists an item’s history newest first, paged and counted', async () => {
    const { admin } = em();
    const id = await arrangeRow(em(), 'videos', { title: 'Paged history', url: 'https://x.test' });
    await admin.from('videos').update({ published: true }).eq('id', id);
    const page = await listAuditPage(admin, {
      search: '',
      status: null,
      filters: { row_id: id },
      sort: 'newest',
      page: 1,
      pageSize: 20,
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((entry) => entry.action)).toEqual(['published', 'created']);
  });

  test('a page past the end of the log is served as its last page, as every admin list does', async () => {
    const { admin } = em();
    const id = await arrangeRow(em(), 'videos', { title: 'Short history', url: 'https://x.test' });
    await admin.from('videos').update({ published: true }).eq('id', id);
    const view = { search: '', status: null, filters: { row_id: id }, sort: 'oldest', pageSize: 1 };
    const page = await listAuditPage(admin, { ...view, page: 9 });
    expect(page).toMatchObject({ page: 2, pageCount: 2, total: 2 });
    expect(page.rows.map((entry) => entry.action)).toEqual(['published']);
  });
});
