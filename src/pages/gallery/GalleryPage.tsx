import { useEffect, useRef, useState } from 'react';
import { ImageOff, Search } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { CategoryFilter } from '../../components/CategoryFilter';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import type { GalleryImage } from '../../data/types';
import { listGalleryCategories } from '../../data/gallery';
import { useDb } from '../../data/dbContext';
import { MediaImage } from '../../components/MediaImage';
import { imageAlt } from '../../lib/text';
import { useLoad } from '../../lib/useLoad';
import { Lightbox } from './Lightbox';
import { useGallery } from './useGallery';

/** The spec's pause before the next page loads once the end of the grid is in view. */
export const LOAD_MORE_DELAY_MS = 300;
const SEARCH_DEBOUNCE_MS = 250;
/** A tile's width: 1, 2, 3 or 4 columns (gap-4) in the page's container (max-w-7xl, its padding). */
const TILE_SIZES =
  '(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 32px)';

function GalleryTile({
  image,
  onOpen,
  first,
}: {
  image: GalleryImage;
  onOpen: () => void;
  /** The top tiles are the page's main picture on a phone: fetched at once, first. */
  first: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-200 focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-500"
    >
      <MediaImage
        src={image.url}
        alt={imageAlt(image.alt, image.decorative, image.title)}
        sizes={TILE_SIZES}
        width={640}
        height={480}
        priority={first}
        className="h-full w-full object-cover transition duration-300 group-hover:scale-105 group-focus-visible:scale-105"
      />
      <span className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-slate-950/85 via-slate-950/20 to-transparent p-4 text-left opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
        <span className="font-semibold text-white">{image.title}</span>
        {image.category ? <span className="text-sm text-amber-200">{image.category}</span> : null}
      </span>
    </button>
  );
}

/** Calls onReach (after the spec's delay) while the sentinel is in view and more can load. */
function useEndSentinel(enabled: boolean, onReach: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const onReachRef = useRef(onReach);
  useEffect(() => {
    onReachRef.current = onReach;
  }, [onReach]);

  useEffect(() => {
    const sentinel = ref.current;
    if (!enabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        window.clearTimeout(timer);
        if (visible) timer = window.setTimeout(() => onReachRef.current(), LOAD_MORE_DELAY_MS);
      },
      { rootMargin: '200px' },
    );
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return ref;
}

export default function GalleryPage() {
  const db = useDb();
  const [category, setCategory] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const categories = useLoad('gallery-categories', () => listGalleryCategories(db), {
    empty: [],
    prerender: true,
  });
  const gallery = useGallery(category, search);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const canLoadMore = !gallery.loading && !gallery.loadingMore && gallery.hasMore;
  // The observer is re-armed after each page so a sentinel still in view loads the next one.
  const sentinelRef = useEndSentinel(canLoadMore, gallery.loadMore);

  return (
    <>
      <Seo
        title="Gallery"
        description="Photos from the Europe Rally: the cars, the teams, the mountain passes and the finish-line celebrations."
      />
      <PageHero eyebrow="Photo gallery" title="Moments from the road">
        <p>Mountain passes, lakeside stops and the teams who made every mile count.</p>
      </PageHero>
      <Section>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <CategoryFilter
            categories={categories.data.map((name) => ({ value: name, label: name }))}
            selected={category}
            onSelect={setCategory}
            className="flex flex-wrap gap-2"
          />
          <div className="relative w-full lg:w-80">
            <label htmlFor="gallery-search" className="sr-only">
              Search photos
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id="gallery-search"
              type="search"
              placeholder="Search photos..."
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className="w-full rounded-full border border-slate-300 bg-white py-2.5 pl-10 pr-4 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-500/40"
            />
          </div>
        </div>

        <div className="mt-8">
          {gallery.loading ? (
            <Spinner label="Loading photos..." />
          ) : gallery.images.length === 0 ? (
            <EmptyState
              title="No images found"
              icon={<ImageOff aria-hidden="true" className="h-10 w-10" />}
            >
              Try adjusting your filters or search term
            </EmptyState>
          ) : (
            <>
              <p className="sr-only" role="status">
                Showing {gallery.images.length} of {gallery.total} photos
              </p>
              <ul
                className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
                data-testid="gallery-grid"
              >
                {gallery.images.map((image, index) => (
                  <li key={image.id}>
                    <GalleryTile
                      image={image}
                      first={index < 2}
                      onOpen={() => setOpenIndex(index)}
                    />
                  </li>
                ))}
              </ul>
              <div ref={sentinelRef} aria-hidden="true" className="h-1" />
              <div className="mt-8 text-center text-slate-600">
                {gallery.loadingMore ? (
                  <p role="status">Loading more...</p>
                ) : !gallery.hasMore ? (
                  <p>You&apos;ve reached the end</p>
                ) : null}
              </div>
            </>
          )}
        </div>
      </Section>
      <Lightbox
        images={gallery.images}
        index={openIndex}
        onClose={() => setOpenIndex(null)}
        onMove={setOpenIndex}
      />
    </>
  );
}
