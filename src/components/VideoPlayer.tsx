// The player every film from the videos table is shown in (/videos, /sponsors' interviews).
import type { ReactNode } from 'react';
import { MediaImage } from './MediaImage';
import { VideoFacade } from './VideoFacade';
import { mediaVariantFor } from '../config/media';
import { mediaUrl } from '../data/client';
import type { Video } from '../data/types';

/** The native player's poster while the film starts: the variant a phone-wide slot needs. */
const POSTER_WIDTH = 640;

/** A YouTube watch, short or embed URL as a privacy-enhanced embed URL, or null for other URLs. */
export function youTubeEmbedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname);
      id = match?.[1] ?? null;
    }
  }
  if (!id || !/^[\w-]{6,20}$/.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

/**
 * A video from the table behind a facade: YouTube as a privacy-enhanced iframe, an uploaded file
 * in a native player, either created only when the visitor presses play. The poster is the
 * thumbnail's width variants for the slot (`sizes`); the page's featured film asks for it first
 * (`priority`: the largest paint on /videos), every other poster loads lazily.
 */
export function VideoPlayer({
  video,
  sizes,
  priority = false,
  caption,
}: {
  video: Pick<Video, 'title' | 'url' | 'thumbnail_url'>;
  sizes: string;
  priority?: boolean;
  caption?: ReactNode;
}) {
  const thumbnail = mediaUrl(video.thumbnail_url);
  const poster = thumbnail ? (
    <MediaImage
      src={thumbnail}
      alt=""
      sizes={sizes}
      priority={priority}
      className="absolute inset-0 h-full w-full object-cover"
    />
  ) : undefined;
  const embed = youTubeEmbedUrl(video.url);
  const common = { title: video.title, poster, caption };
  if (embed) return <VideoFacade {...common} embedUrl={embed} />;
  return (
    <VideoFacade
      {...common}
      player={
        <video
          controls
          autoPlay
          playsInline
          poster={thumbnail ? mediaVariantFor(thumbnail, POSTER_WIDTH) : undefined}
          aria-label={video.title}
          className="absolute inset-0 h-full w-full bg-slate-900"
        >
          <source src={mediaUrl(video.url)} />
        </video>
      }
    />
  );
}

// Slot widths: the featured film is at most max-w-4xl (896 px) inside the page's padding; the
// grid is a column on a phone, half on a tablet, a third of max-w-7xl (about 400 px) on a laptop.
const FEATURED_SIZES = '(min-width: 960px) 896px, calc(100vw - 2rem)';
const GRID_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, calc(100vw - 2rem)';

/** Films from the table, in the order given; with `featureFirst` the first is shown large. */
export function VideoList({
  videos,
  featureFirst = false,
  label,
}: {
  videos: Video[];
  featureFirst?: boolean;
  label: string;
}) {
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {videos.map((video, index) => {
        const featured = featureFirst && index === 0;
        return (
          <li
            key={video.id}
            data-featured={featured || undefined}
            className={featured ? 'md:col-span-2 lg:col-span-3' : undefined}
          >
            <div className={featured ? 'mx-auto max-w-4xl' : undefined}>
              {featured ? (
                <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-blue-800">
                  Featured film
                </p>
              ) : null}
              <VideoPlayer
                video={video}
                sizes={featured ? FEATURED_SIZES : GRID_SIZES}
                priority={featured}
              />
              <div className="mt-3 flex items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{video.title}</h3>
                {video.category ? (
                  <span className="rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold text-blue-900">
                    {video.category}
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-slate-600">{video.year}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
