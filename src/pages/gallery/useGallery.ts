// The gallery's server-paged list, on the data-loading core (src/lib/useLoad.ts): page one
// whenever the filter or search changes, the next page on request, and 'has more' while the
// server counts more matches than are loaded. The unfiltered first page can come with the
// prerendered HTML (then it is refreshed once the browser is idle). A failed load keeps the
// photos shown, as every load does, and stops asking for more.
import { useCallback } from 'react';
import type { GalleryImage } from '../../data/types';
import { fetchGalleryPage } from '../../data/gallery';
import { useDb } from '../../data/dbContext';
import { useLoad } from '../../lib/useLoad';

type Loaded = { images: GalleryImage[]; total: number; pages?: number };

const NONE: Loaded = { images: [], total: 0 };

export type GalleryState = {
  images: GalleryImage[];
  total: number;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
};

/** The build's key for the unfiltered first page; any filter or search is a key of its own. */
function galleryKey(category: string | null, search: string): string {
  if (category === null && search === '') return 'gallery';
  return `gallery?${new URLSearchParams({ category: category ?? '', search })}`;
}

export function useGallery(category: string | null, search: string): GalleryState {
  const db = useDb();
  const key = galleryKey(category, search);
  const gallery = useLoad<Loaded>(key, () => fetchGalleryPage({ page: 0, category, search }, db), {
    empty: NONE,
    prerender: key === 'gallery',
  });
  const { extend } = gallery;

  const loadMore = useCallback(
    () =>
      extend(async (shown) => {
        const pages = shown.pages ?? 1;
        const { images, total } = await fetchGalleryPage({ page: pages, category, search }, db);
        const known = new Set(shown.images.map((image) => image.id));
        const merged = [...shown.images, ...images.filter((image) => !known.has(image.id))];
        // An empty page means the rows moved under us: stop rather than ask forever.
        return {
          images: merged,
          total: images.length === 0 ? merged.length : total,
          pages: pages + 1,
        };
      }),
    [extend, category, search, db],
  );

  const { data, loading, busy, failed } = gallery;
  return {
    images: data.images,
    total: data.total,
    loading,
    loadingMore: busy && !loading,
    hasMore: !failed && data.images.length < data.total,
    loadMore,
  };
}
