// The video library's category (issue 15): every film is a row, /videos reads them all and
// /sponsors one category through src/data/videos.ts. Who may read and write the new column
// (anonymous, signed-in non-admin, admin) and what the database refuses in it.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { videoCategories } from '../../src/config/rally';
import { listPublishedVideos } from '../../src/data/videos';
import { arrangeRow, setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

type Caller = 'anon' | 'visitor' | 'admin';
const client = (caller: Caller): Client => em()[caller];

const film = (category: string, published: boolean) =>
  arrangeRow(em(), 'videos', {
    id: randomUUID(),
    title: `Film ${randomUUID().slice(0, 8)}`,
    url: 'https://www.youtube.com/watch?v=abcdef12345',
    category,
    published,
  });

describe('video categories', () => {
  test.each(['anon', 'visitor', 'admin'] as const)(
    '%s reads one category of published films; drafts stay hidden from visitors',
    async (caller) => {
      const category = `Sponsor interview ${randomUUID().slice(0, 8)}`;
      const published = await film(category, true);
      const draft = await film(category, false);
      const ids = (await listPublishedVideos(client(caller), category)).map((video) => video.id);
      expect(ids).toEqual([published]);
      const { data } = await client(caller).from('videos').select('id').eq('category', category);
      const seen = (data ?? []).map((row) => row.id).sort();
      expect(seen).toEqual(caller === 'admin' ? [published, draft].sort() : [published]);
    },
  );

  test.each(['anon', 'visitor'] as const)('%s cannot change a film’s category', async (caller) => {
    const video = await film('Highlights', true);
    await client(caller).from('videos').update({ category: 'Hijacked' }).eq('id', video);
    const { data } = await em().service.from('videos').select('category').eq('id', video).single();
    expect(data?.category).toBe('Highlights');
  });

  test('the admin sets a category; the database refuses one too long or untrimmed', async () => {
    const video = await film('', false);
    const ok = await em()
      .admin.from('videos')
      .update({ category: videoCategories.sponsorInterview })
      .eq('id', video)
      .select('category')
      .single();
    expect(ok.error).toBeNull();
    expect(ok.data?.category).toBe(videoCategories.sponsorInterview);
    for (const category of ['x'.repeat(61), ' Highlights']) {
      const { error } = await em().admin.from('videos').update({ category }).eq('id', video);
      expect(error?.code).toBe('23514');
    }
    const sixty = await em()
      .admin.from('videos')
      .update({ category: 'x'.repeat(60) })
      .eq('id', video);
    expect(sixty.error).toBeNull();
  });
});
