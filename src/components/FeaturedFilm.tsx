import { variantUrl } from '../config/images';
import { featuredFilm } from '../config/rally';

/** The self-hosted 2025 film: nothing but the poster is fetched until the visitor plays it. */
export function FeaturedFilm({ className = '' }: { className?: string }) {
  return (
    <figure className={`overflow-hidden rounded-2xl bg-slate-900 shadow-lg ${className}`}>
      <video
        controls
        preload="none"
        playsInline
        // Shown at most about 600 CSS pixels wide: the 800 px variant covers a 1.3× screen.
        poster={variantUrl(featuredFilm.poster, 800, 'webp')}
        width={featuredFilm.posterWidth}
        height={featuredFilm.posterHeight}
        className="aspect-video h-auto w-full"
        aria-label={featuredFilm.title}
      >
        <source src={featuredFilm.src} type="video/mp4" />
      </video>
      <figcaption className="px-4 py-3 text-sm text-slate-300">{featuredFilm.title}</figcaption>
    </figure>
  );
}
