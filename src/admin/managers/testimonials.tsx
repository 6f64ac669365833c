import type { Insert, Testimonial } from '../../data/types';
import { testimonialsAdmin } from '../../data/testimonials';
import { imageField, ordered, publishedField, type Ordered } from '../crud/fields';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { optional, text, totalLine } from '../crud/form-rules';
import { ListCard } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type TestimonialForm = Ordered & { name: string; quote: string; image_url: string };

const toRow = (form: TestimonialForm): Insert<'testimonials'> => ({
  name: form.name.trim(),
  quote: form.quote.trim(),
  image_url: optional(form.image_url),
  ...ordered.toRow(form),
});

export const testimonialsManager: ManagerDescription<Testimonial, TestimonialForm> = {
  title: 'Testimonials Manager',
  noun: 'testimonial',
  countLine: totalLine('testimonial', 'testimonials'),
  plural: 'testimonials',
  addLabel: 'Add Testimonial',
  firstAddLabel: 'Add Your First Testimonial',
  loadingText: 'Loading testimonials...',
  emptyText: 'No testimonials yet',
  layout: 'list',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'textarea', name: 'quote', label: 'Quote', required: true },
    imageField('image_url', 'Photo'),
    ...ordered.fields,
    publishedField('testimonials'),
  ],
  defaults: () => ({ name: '', quote: '', image_url: '', ...ordered.defaults() }),
  fromRow: (testimonial) => ({
    name: testimonial.name,
    quote: testimonial.quote,
    image_url: text(testimonial.image_url),
    ...ordered.fromRow(testimonial),
  }),
  ...tableActions(testimonialsAdmin, toRow, {
    search: 'Search testimonials',
    filters: { year: ['Season', 'All seasons'] },
    sorts: {
      order: 'Sort order',
      name: 'Name (A to Z)',
      year: 'Year (newest first)',
      newest: 'Recently added',
    },
  }),
  rowName: (testimonial) => testimonial.name,
  renderRow: (testimonial, badge) => (
    <ListCard
      title={testimonial.name}
      badge={badge}
      media={
        testimonial.image_url ? (
          <ImageWithFallback
            src={testimonial.image_url}
            alt={testimonial.name}
            loading="lazy"
            className="h-16 w-16 shrink-0 rounded-full object-cover"
          />
        ) : null
      }
    >
      <p className="italic text-slate-700">"{testimonial.quote}"</p>
      <p className="text-sm text-slate-600">
        {testimonial.year} · Order: {testimonial.sort_order}
      </p>
    </ListCard>
  ),
};
