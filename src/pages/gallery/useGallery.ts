// The gallery's server-paged list: page one whenever the filter or search changes, the next
// page on request, and 'has more' while the server counts more matches than are loaded. The
// unfiltered first page can come with the prerendered HTML (then it is refreshed on mount).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GalleryImage } from '../../data/database.types';
import { fetchGalleryPage } from '../../data/gallery';
import { useDb } from '../../lib/dbContext';
import { usePrerendered } from '../../lib/prerendered';

type Loaded = {
  /** The filter and search these images answer. */
  query: string;
  images: GalleryImage[];
  total: number;
  pages: number;
  loadingMore: boolean;
};

export type GalleryState = {
  images: GalleryImage[];
  total: number;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
};

export function useGallery(category: string | null, search: string): GalleryState {
  const db = useDb();
  const query = JSON.stringify([category, search]);
  const unfiltered = category === null && search === '';
  const prerendered = usePrerendered(unfiltered ? 'gallery' : undefined, () =>
    fetchGalleryPage({ page: 0 }, db),
  );
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    prerendered ? { query, ...prerendered.value, pages: 1, loadingMore: false } : null,
  );
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    busy.current = true;
    const settle = (images: GalleryImage[], total: number) => {
      if (!current) return;
      busy.current = false;
      setLoaded({ query, images, total, pages: 1, loadingMore: false });
    };
    fetchGalleryPage({ page: 0, category, search }, db).then(
      ({ images, total }) => settle(images, total),
      (error: unknown) => {
        console.warn('Could not load the gallery', error);
        settle([], 0);
      },
    );
    return () => {
      current = false;
    };
  }, [query, category, search, db]);

  const ready = loaded !== null && loaded.query === query;
  const loadMore = useCallback(() => {
    if (busy.current || !loaded || loaded.query !== query) return;
    busy.current = true;
    const { pages } = loaded;
    setLoaded((previous) => (previous ? { ...previous, loadingMore: true } : previous));
    const stillCurrent = (previous: Loaded | null): previous is Loaded => previous?.query === query;
    fetchGalleryPage({ page: pages, category, search }, db).then(
      ({ images, total }) => {
        busy.current = false;
        setLoaded((previous) => {
          if (!stillCurrent(previous)) return previous;
          const known = new Set(previous.images.map((image) => image.id));
          const merged = [...previous.images, ...images.filter((image) => !known.has(image.id))];
          // An empty page means the rows moved under us: stop rather than ask forever.
          return {
            query,
            images: merged,
            total: images.length === 0 ? merged.length : total,
            pages: pages + 1,
            loadingMore: false,
          };
        });
      },
      (error: unknown) => {
        console.warn('Could not load more images', error);
        busy.current = false;
        setLoaded((previous) =>
          stillCurrent(previous)
            ? { ...previous, total: previous.images.length, loadingMore: false }
            : previous,
        );
      },
    );
  }, [loaded, query, category, search, db]);

  if (!ready)
    return { images: [], total: 0, loading: true, loadingMore: false, hasMore: false, loadMore };
  return {
    images: loaded.images,
    total: loaded.total,
    loading: false,
    loadingMore: loaded.loadingMore,
    hasMore: loaded.images.length < loaded.total,
    loadMore,
  };
}
