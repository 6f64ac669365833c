import type { Insert, Testimonial } from '../../data/database.types';
import { testimonialsAdmin } from '../../data/testimonials';
import { ImageWithFallback } from '../crud/ImageWithFallback';
import { currentYear, optional, parseInteger, text, totalLine, yearText } from '../crud/form-rules';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type TestimonialForm = {
  name: string;
  quote: string;
  image_url: string;
  year: string;
  sort_order: string;
  published: boolean;
};

const toRow = (form: TestimonialForm): Insert<'testimonials'> => ({
  name: form.name.trim(),
  quote: form.quote.trim(),
  image_url: optional(form.image_url),
  year: parseInteger(form.year),
  sort_order: parseInteger(form.sort_order),
  published: form.published,
});

export const testimonialsManager: ManagerDescription<Testimonial, TestimonialForm> = {
  title: 'Testimonials Manager',
  noun: 'testimonial',
  countLine: totalLine('testimonial', 'testimonials'),
  addLabel: 'Add Testimonial',
  firstAddLabel: 'Add Your First Testimonial',
  loadingText: 'Loading testimonials...',
  emptyText: 'No testimonials yet',
  layout: 'list',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'textarea', name: 'quote', label: 'Quote', required: true },
    { kind: 'media', name: 'image_url', label: 'Photo', accept: 'image' },
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
      hint: 'Only published testimonials appear on the website.',
    },
  ],
  defaults: () => ({
    name: '',
    quote: '',
    image_url: '',
    year: String(currentYear()),
    sort_order: '0',
    published: false,
  }),
  fromRow: (testimonial) => ({
    name: testimonial.name,
    quote: testimonial.quote,
    image_url: text(testimonial.image_url),
    year: yearText(testimonial.year),
    sort_order: String(testimonial.sort_order),
    published: testimonial.published,
  }),
  ...tableActions(testimonialsAdmin, toRow),
  rowName: (testimonial) => testimonial.name,
  renderRow: (testimonial, badge) => (
    <div className="flex items-start gap-4">
      {testimonial.image_url ? (
        <ImageWithFallback
          src={testimonial.image_url}
          alt={testimonial.name}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded-full object-cover"
        />
      ) : null}
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{testimonial.name}</h2>
          {badge}
        </div>
        <p className="italic text-slate-700">"{testimonial.quote}"</p>
        <p className="text-sm text-slate-600">
          {testimonial.year} · Order: {testimonial.sort_order}
        </p>
      </div>
    </div>
  ),
};
