import type { Insert, Video } from '../../data/types';
import { videosAdmin } from '../../data/videos';
import { imageField, ordered, publishedField, type Ordered } from '../crud/fields';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { optional, text, totalLine } from '../crud/form-rules';
import { GridCard } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';
import { VIDEO_CATEGORY_MAX, videoCategories } from '../../config/rally';
import { characterCount } from '../../lib/validation';

type VideoForm = Ordered & { title: string; url: string; thumbnail_url: string; category: string };

const toRow = (form: VideoForm): Insert<'videos'> => ({
  title: form.title.trim(),
  url: form.url.trim(),
  thumbnail_url: optional(form.thumbnail_url),
  category: form.category.trim(),
  ...ordered.toRow(form),
});

export const videosManager: ManagerDescription<Video, VideoForm> = {
  title: 'Videos Manager',
  noun: 'video',
  countLine: totalLine('video', 'videos'),
  plural: 'videos',
  addLabel: 'Add Video',
  firstAddLabel: 'Add Your First Video',
  loadingText: 'Loading videos...',
  emptyText: 'No videos yet',
  layout: 'grid',
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true },
    {
      kind: 'media',
      name: 'url',
      label: 'Video',
      accept: 'video',
      required: true,
      hint: 'An uploaded MP4 from the library, or a YouTube address.',
    },
    imageField('thumbnail_url', 'Thumbnail'),
    {
      kind: 'text',
      name: 'category',
      label: 'Category',
      hint: `Optional, up to ${VIDEO_CATEGORY_MAX} characters, e.g. '${videoCategories.highlights}'. Films in '${videoCategories.sponsorInterview}' also appear on the sponsors page. The first published video in sort order is featured at the top of the videos page.`,
    },
    ...ordered.fields,
    publishedField('videos'),
  ],
  defaults: () => ({ title: '', url: '', thumbnail_url: '', category: '', ...ordered.defaults() }),
  fromRow: (video) => ({
    title: video.title,
    url: video.url,
    thumbnail_url: text(video.thumbnail_url),
    category: video.category,
    ...ordered.fromRow(video),
  }),
  validate: (form) =>
    characterCount(form.category.trim()) > VIDEO_CATEGORY_MAX
      ? { category: `Category must be at most ${VIDEO_CATEGORY_MAX} characters.` }
      : {},
  ...tableActions(videosAdmin, toRow, {
    search: 'Search videos',
    filters: { year: ['Season', 'All seasons'] },
    sorts: {
      order: 'Sort order',
      title: 'Title (A to Z)',
      year: 'Year (newest first)',
      newest: 'Recently added',
    },
  }),
  rowName: (video) => video.title,
  renderRow: (video, badge) => (
    <GridCard
      title={video.title}
      badge={badge}
      media={
        video.thumbnail_url ? (
          <ImageWithFallback
            src={video.thumbnail_url}
            alt={`Thumbnail of ${video.title}`}
            loading="lazy"
            className="aspect-video w-full bg-slate-100 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center bg-slate-200 text-slate-700">
            No Thumbnail
          </div>
        )
      }
    >
      <p className="truncate text-sm text-slate-700" title={video.url}>
        {video.url}
      </p>
      <p className="text-sm text-slate-600">
        {video.category ? `${video.category} · ` : ''}Year: {video.year} · Order: {video.sort_order}
      </p>
    </GridCard>
  ),
};
