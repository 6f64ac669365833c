import { describe, expect, it } from 'vitest';
import { fakeDb } from '../test/fakeRest';
import { fetchGalleryPage, likePattern, listGalleryCategories } from './gallery';

const images = Array.from({ length: 45 }, (_, i) => ({
  id: `id-${String(i).padStart(2, '0')}`,
  title: i % 3 === 0 ? `Alpine pass ${i}` : `Lake view ${i}`,
  url: `seed/${i}.webp`,
  category: i < 30 ? '2025 Rally' : '2024 Rally',
  published: true,
  sort_order: i,
  created_at: '2026-01-01T00:00:00Z',
}));

describe('gallery reads', () => {
  it('asks the server for one page of 20 with an exact count', async () => {
    const { db, requests } = fakeDb({ gallery_images: images });
    const page = await fetchGalleryPage({ page: 1 }, db);
    expect(page.images).toHaveLength(20);
    expect(page.images[0]?.id).toBe('id-20');
    expect(page.total).toBe(45);
    const request = requests[0];
    expect(request?.url.searchParams.get('offset')).toBe('20');
    expect(request?.url.searchParams.get('limit')).toBe('20');
    expect(request?.url.searchParams.get('published')).toBe('eq.true');
  });

  it('filters by category and searches titles ignoring case on the server', async () => {
    const { db, requests } = fakeDb({ gallery_images: images });
    const page = await fetchGalleryPage({ page: 0, category: '2024 Rally', search: 'ALPINE' }, db);
    expect(page.total).toBe(5);
    expect(requests[0]?.url.searchParams.get('category')).toBe('eq.2024 Rally');
    expect(requests[0]?.url.searchParams.get('title')).toBe('ilike.%ALPINE%');
  });

  it('matches wildcard characters in a search literally', () => {
    expect(likePattern('100%_x\\y*')).toBe('%100\\%\\_x\\\\y%');
  });

  it('lists each category once, from one facet row per category', async () => {
    const facet = (value: string) => ({
      table_name: 'gallery_images',
      column_name: 'category',
      value,
      row_count: 3,
    });
    const { db, requests } = fakeDb({
      content_facets: [
        facet('2025 Rally'),
        facet('2024 Rally'),
        { ...facet('x'), table_name: 'videos' },
      ],
    });
    expect(await listGalleryCategories(db)).toEqual(['2024 Rally', '2025 Rally']);
    expect(requests[0]?.table).toBe('content_facets');
    expect(requests[0]?.url.searchParams.get('column_name')).toBe('eq.category');
  });
});
