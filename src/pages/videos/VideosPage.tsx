import { Play } from 'lucide-react';
import { FeaturedFilm } from '../../components/FeaturedFilm';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { VideoFacade } from '../../components/VideoFacade';
import { videoLibrary } from '../../config/rally';
import type { Video } from '../../data/types';
import { listPublishedVideos } from '../../data/videos';
import { useDb } from '../../data/dbContext';
import { mediaUrl } from '../../data/client';
import { mediaVariantFor } from '../../config/media';
import { useLoad } from '../../lib/useLoad';
import { VideoPlayer } from './VideoPlayer';

/**
 * A poster has no srcset: the variant that fills a slot (a full-width column on a phone, a third
 * of the container on a laptop) at a phone's pixel density.
 */
const POSTER_WIDTH = 640;
function posterFor(video: Video): string | null {
  const poster = mediaUrl(video.thumbnail_url);
  return poster ? mediaVariantFor(poster, POSTER_WIDTH) : null;
}

export function PublishedVideos({ videos }: { videos: Video[] }) {
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoPlayer title={video.title} url={video.url} poster={posterFor(video)} />
          <p className="mt-3 font-semibold text-slate-900">{video.title}</p>
          <p className="text-sm text-slate-600">{video.year}</p>
        </li>
      ))}
    </ul>
  );
}

export default function VideosPage() {
  const db = useDb();
  const videos = useLoad('videos', () => listPublishedVideos(db), { empty: [], prerender: true });
  return (
    <>
      <Seo
        title="Videos"
        description="Watch the Europe Rally films: the 2025 rally, highlights from 2024, 2023 and 2019, and stories from our teams."
      />
      <PageHero eyebrow="Videos" title="Watch the rally">
        <p>Relive the adventure: the latest film first, then highlights from earlier tours.</p>
      </PageHero>
      <Section title="The 2025 film">
        <div className="mx-auto max-w-4xl">
          <FeaturedFilm />
        </div>
      </Section>
      <Section className="bg-white" title="Video library">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {videoLibrary.map((video) => (
            <li key={video.title}>
              <VideoFacade title={video.title} embedUrl={video.embedUrl} />
              <div className="mt-3 flex items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">{video.title}</p>
                <span className="rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold text-blue-900">
                  {video.category}
                </span>
              </div>
              <a
                href={video.watchUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:text-blue-600"
              >
                <Play aria-hidden="true" className="h-4 w-4" /> Watch on the host site
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
      {videos.loading ? (
        <Spinner label="Loading videos..." />
      ) : videos.data.length > 0 ? (
        <Section title="More from the rally">
          <PublishedVideos videos={videos.data} />
        </Section>
      ) : null}
    </>
  );
}
