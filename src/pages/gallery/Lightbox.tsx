import { useRef } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { GalleryImage } from '../../data/types';
import { MediaImage } from '../../components/MediaImage';
import { imageAlt } from '../../lib/text';
import { useFocusTrap } from '../../components/useFocusTrap';

/** Full-size view of one image: Escape closes, the arrow keys (or buttons) move through the loaded images. */
export function Lightbox({
  images,
  index,
  onClose,
  onMove,
}: {
  images: GalleryImage[];
  index: number | null;
  onClose: () => void;
  onMove: (index: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const open = index !== null && images[index] !== undefined;
  const count = images.length;
  const move = (step: number) => {
    if (index === null || count === 0) return;
    onMove((index + step + count) % count);
  };
  useFocusTrap(ref, open, (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  });

  if (index === null) return null;
  const image = images[index];
  if (!image) return null;
  const navButton =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-3 text-white hover:bg-white/25 disabled:opacity-30';

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={`${image.title} (${index + 1} of ${count})`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/95 p-4"
      onClick={onClose}
    >
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="absolute right-4 top-4 rounded-full bg-white/10 p-3 text-white hover:bg-white/25"
      >
        <X aria-hidden="true" className="h-6 w-6" />
      </button>
      <button
        type="button"
        aria-label="Previous image"
        disabled={count < 2}
        onClick={(event) => {
          event.stopPropagation();
          move(-1);
        }}
        className={`${navButton} left-2 sm:left-6`}
      >
        <ChevronLeft aria-hidden="true" className="h-7 w-7" />
      </button>
      <figure className="max-h-full max-w-5xl" onClick={(event) => event.stopPropagation()}>
        <MediaImage
          src={image.url}
          alt={imageAlt(image.alt, image.decorative, image.title)}
          sizes="(min-width: 1024px) 1024px, 100vw"
          priority
          className="max-h-[80vh] w-auto rounded-lg object-contain"
          width={1600}
          height={1067}
        />
        <figcaption className="mt-3 text-center text-white">
          <span className="font-semibold">{image.title}</span>
          {image.category ? <span className="text-slate-300"> · {image.category}</span> : null}
          <span className="block text-sm text-slate-400">
            {index + 1} of {count}
          </span>
        </figcaption>
      </figure>
      <button
        type="button"
        aria-label="Next image"
        disabled={count < 2}
        onClick={(event) => {
          event.stopPropagation();
          move(1);
        }}
        className={`${navButton} right-2 sm:right-6`}
      >
        <ChevronRight aria-hidden="true" className="h-7 w-7" />
      </button>
    </div>
  );
}
