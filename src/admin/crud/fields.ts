// Field descriptions and form helpers that several managers share, so each manager lists only
// what is its own.
import { currentYear, parseInteger, yearText } from './form-rules';

export const yearField = {
  kind: 'integer',
  name: 'year',
  label: 'Year',
  required: true,
  half: true,
} as const;

export const sortOrderField = {
  kind: 'integer',
  name: 'sort_order',
  label: 'Sort Order',
  required: true,
  half: true,
  example: '0',
} as const;

/** The Draft/Published switch; `plural` names the records in its hint ('images'). */
export const publishedField = (plural: string) =>
  ({
    kind: 'checkbox',
    name: 'published',
    label: 'Published',
    hint: `Only published ${plural} appear on the website.`,
  }) as const;

/** An optional image picked from the media library (or typed). */
export const imageField = <N extends string>(name: N, label: string) =>
  ({ kind: 'media', name, label, accept: 'image' }) as const;

/**
 * An image with its alt text and decorative choice, held in the form's `text` and `decorative`
 * fields (no inputs of their own: the image field draws them).
 */
export const describedImageField = <N extends string, A extends string, D extends string>(
  name: N,
  label: string,
  alt: { text: A; decorative: D },
  required = false,
) => ({ kind: 'media', name, label, accept: 'image', alt, required }) as const;

/** The year, sort order and Draft/Published state gallery images, videos and testimonials share. */
export type Ordered = { year: string; sort_order: string; published: boolean };

export const ordered = {
  /** The year and sort order fields, side by side. */
  fields: [yearField, sortOrderField] as const,
  defaults: (): Ordered => ({ year: String(currentYear()), sort_order: '0', published: false }),
  fromRow: (row: { year: number | null; sort_order: number; published: boolean }): Ordered => ({
    year: yearText(row.year),
    sort_order: String(row.sort_order),
    published: row.published,
  }),
  toRow: (form: Ordered) => ({
    year: parseInteger(form.year),
    sort_order: parseInteger(form.sort_order),
    published: form.published,
  }),
};
