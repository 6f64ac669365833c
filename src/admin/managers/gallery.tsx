import type { GalleryImage, Insert } from '../../data/types';
import { galleryAdmin } from '../../data/gallery';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { describedImageField, ordered, publishedField, type Ordered } from '../crud/fields';
import { optional, text, totalLine } from '../crud/form-rules';
import { GridCard } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type GalleryForm = Ordered & {
  title: string;
  url: string;
  alt: string;
  decorative: boolean;
  category: string;
};

export const galleryImageToRow = (form: GalleryForm): Insert<'gallery_images'> => ({
  title: form.title.trim(),
  url: form.url.trim(),
  alt: form.decorative ? '' : form.alt.trim(),
  decorative: form.decorative,
  category: optional(form.category),
  ...ordered.toRow(form),
});

export const galleryManager: ManagerDescription<GalleryImage, GalleryForm> = {
  title: 'Gallery Manager',
  noun: 'image',
  countLine: totalLine('image', 'images'),
  plural: 'images',
  addLabel: 'Add Image',
  firstAddLabel: 'Add Your First Image',
  loadingText: 'Loading gallery...',
  emptyText: 'No images in gallery yet',
  layout: 'grid',
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true },
    describedImageField('url', 'Image', { text: 'alt', decorative: 'decorative' }, true),
    {
      kind: 'text',
      name: 'category',
      label: 'Category',
      placeholder: 'e.g. 2025 Rally',
      half: true,
    },
    ...ordered.fields,
    publishedField('images'),
  ],
  defaults: () => ({
    title: '',
    url: '',
    alt: '',
    decorative: false,
    category: '',
    ...ordered.defaults(),
  }),
  fromRow: (image) => ({
    title: image.title,
    url: image.url,
    alt: image.alt,
    decorative: image.decorative,
    category: text(image.category),
    ...ordered.fromRow(image),
  }),
  ...tableActions(galleryAdmin, galleryImageToRow, {
    search: 'Search images',
    filters: { category: ['Category', 'All categories'], year: ['Season', 'All seasons'] },
    sorts: {
      order: 'Sort order',
      title: 'Title (A to Z)',
      year: 'Year (newest first)',
      newest: 'Recently added',
    },
  }),
  rowName: (image) => image.title,
  renderRow: (image, badge) => (
    <GridCard
      title={image.title}
      badge={badge}
      media={
        <ImageWithFallback
          src={image.url}
          alt={image.title}
          loading="lazy"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      }
    >
      {image.category ? <p className="text-sm text-slate-700">{image.category}</p> : null}
      <p className="text-sm text-slate-600">
        Year: {image.year} · Order: {image.sort_order}
      </p>
    </GridCard>
  ),
};
