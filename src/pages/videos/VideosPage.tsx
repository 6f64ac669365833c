import { EmptyState } from '../../components/EmptyState';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { VideoList } from '../../components/VideoPlayer';
import { listPublishedVideos } from '../../data/videos';
import { useDb } from '../../data/dbContext';
import { useLoad } from '../../lib/useLoad';

export const VIDEOS_EMPTY = 'No videos to show yet.';
export const VIDEOS_FAILED = 'The videos could not be loaded. Please try again later.';

/**
 * Every published film is a row of the videos table, in the admin's order: the first is the
 * featured film, shown large, and its poster is the page's largest paint (prerendered, fetched
 * first); the rest follow in one list.
 */
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
      <Section title="Video library">
        {videos.loading ? (
          <Spinner label="Loading videos..." />
        ) : videos.data.length > 0 ? (
          <VideoList videos={videos.data} featureFirst label="Films" />
        ) : (
          <EmptyState title={videos.failed ? VIDEOS_FAILED : VIDEOS_EMPTY} />
        )}
      </Section>
    </>
  );
}
