import type { Insert, Video } from '../../data/database.types';
import { videosAdmin } from '../../data/videos';
import { ImageWithFallback } from '../crud/ImageWithFallback';
import { currentYear, optional, parseInteger, text, totalLine, yearText } from '../crud/form-rules';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type VideoForm = {
  title: string;
  url: string;
  thumbnail_url: string;
  year: string;
  sort_order: string;
  published: boolean;
};

const toRow = (form: VideoForm): Insert<'videos'> => ({
  title: form.title.trim(),
  url: form.url.trim(),
  thumbnail_url: optional(form.thumbnail_url),
  year: parseInteger(form.year),
  sort_order: parseInteger(form.sort_order),
  published: form.published,
});

export const videosManager: ManagerDescription<Video, VideoForm> = {
  title: 'Videos Manager',
  noun: 'video',
  countLine: totalLine('video', 'videos'),
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
    { kind: 'media', name: 'thumbnail_url', label: 'Thumbnail', accept: 'image' },
    { kind: 'integer', name: 'year', label: 'Year', required: true, half: true },
    {
      kind: 'integer',
      name: 'sort_order',
      label: 'Sort Order',
      required: true,
      half: true,
      example: '0',
    },
    {
      kind: 'checkbox',
      name: 'published',
      label: 'Published',
      hint: 'Only published videos appear on the website.',
    },
  ],
  defaults: () => ({
    title: '',
    url: '',
    thumbnail_url: '',
    year: String(currentYear()),
    sort_order: '0',
    published: false,
  }),
  fromRow: (video) => ({
    title: video.title,
    url: video.url,
    thumbnail_url: text(video.thumbnail_url),
    year: yearText(video.year),
    sort_order: String(video.sort_order),
    published: video.published,
  }),
  ...tableActions(videosAdmin, toRow),
  rowName: (video) => video.title,
  renderRow: (video, badge) => (
    <>
      {video.thumbnail_url ? (
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
      )}
      <div className="space-y-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{video.title}</h2>
          {badge}
        </div>
        <p className="truncate text-sm text-slate-700" title={video.url}>
          {video.url}
        </p>
        <p className="text-sm text-slate-600">
          Year: {video.year} · Order: {video.sort_order}
        </p>
      </div>
    </>
  ),
};
