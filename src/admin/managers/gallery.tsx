import type { GalleryImage, Insert } from '../../data/database.types';
import { galleryAdmin } from '../../data/gallery';
import { ImageWithFallback } from '../crud/ImageWithFallback';
import { currentYear, optional, parseInteger, text, totalLine, yearText } from '../crud/form-rules';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type GalleryForm = {
  title: string;
  url: string;
  category: string;
  year: string;
  sort_order: string;
  published: boolean;
};

export const galleryImageToRow = (form: GalleryForm): Insert<'gallery_images'> => ({
  title: form.title.trim(),
  url: form.url.trim(),
  category: optional(form.category),
  year: parseInteger(form.year),
  sort_order: parseInteger(form.sort_order),
  published: form.published,
});

export const galleryManager: ManagerDescription<GalleryImage, GalleryForm> = {
  title: 'Gallery Manager',
  noun: 'image',
  countLine: totalLine('image', 'images'),
  addLabel: 'Add Image',
  firstAddLabel: 'Add Your First Image',
  loadingText: 'Loading gallery...',
  emptyText: 'No images in gallery yet',
  layout: 'grid',
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true },
    { kind: 'media', name: 'url', label: 'Image', accept: 'image', required: true },
    {
      kind: 'text',
      name: 'category',
      label: 'Category',
      placeholder: 'e.g. 2025 Rally',
      half: true,
    },
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
      hint: 'Only published images appear on the website.',
    },
  ],
  defaults: () => ({
    title: '',
    url: '',
    category: '',
    year: String(currentYear()),
    sort_order: '0',
    published: false,
  }),
  fromRow: (image) => ({
    title: image.title,
    url: image.url,
    category: text(image.category),
    year: yearText(image.year),
    sort_order: String(image.sort_order),
    published: image.published,
  }),
  ...tableActions(galleryAdmin, galleryImageToRow),
  rowName: (image) => image.title,
  renderRow: (image, badge) => (
    <>
      <ImageWithFallback
        src={image.url}
        alt={image.title}
        loading="lazy"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="space-y-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{image.title}</h2>
          {badge}
        </div>
        {image.category ? <p className="text-sm text-slate-700">{image.category}</p> : null}
        <p className="text-sm text-slate-600">
          Year: {image.year} · Order: {image.sort_order}
        </p>
      </div>
    </>
  ),
};
