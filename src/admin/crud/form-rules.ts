// The rules every admin form shares: defaults, pre-fill helpers, parsing and validation.
// Pure functions, so the rules are testable without a screen.
import type { Field, FieldErrors, FormValues } from './types';
import { localDay } from '../../lib/useNow';

/** Today's date as YYYY-MM-DD in the administrator's own time zone (not UTC). */
export function todayLocal(now: Date = new Date()): string {
  return localDay(now);
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** A record's number as form text; a missing year becomes the current year. */
export function yearText(year: number | null | undefined): string {
  return String(year ?? currentYear());
}

/** A nullable text column as form text: null or undefined becomes ''. */
export function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Optional text back to a column value: blank becomes null. */
export function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

const INTEGER = /^-?\d+$/;

export function isInteger(value: string): boolean {
  return INTEGER.test(value.trim());
}

/** Form text to an integer; call only after validation (isInteger). */
export function parseInteger(value: string): number {
  if (!isInteger(value)) throw new Error(`Not a whole number: "${value}"`);
  return Number.parseInt(value.trim(), 10);
}

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A media field holds a full URL (what the library picks) or, for seeded rows, a path inside the
 * `media` bucket such as 'seed/gallery/alps-01.webp'.
 */
export function isMediaReference(value: string): boolean {
  const trimmed = value.trim();
  return isWebUrl(trimmed) || /^[A-Za-z0-9][\w\-./]*\.[A-Za-z0-9]+$/.test(trimmed);
}

/** A real calendar date written YYYY-MM-DD (what date inputs give). */
export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The count line under a manager's title: '3 images total', '1 image total'. */
export function totalLine(singular: string, plural: string) {
  return (count: number) => `${count} ${count === 1 ? singular : plural} total`;
}

/** Text of rich-text HTML, to tell an empty editor ('<p><br></p>') from real content. */
export function richTextIsBlank(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === '' && !/<img\b/i.test(html)
  );
}

const undescribed = (image: { alt: string; decorative: boolean }) =>
  !image.decorative && image.alt.trim() === '';

/** The checks every field kind implies, then the manager's own rules. */
export function validate<V extends FormValues>(
  fields: readonly Field<V>[],
  values: V,
  extra?: (values: V) => FieldErrors<V>,
): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  // Alt text is required of the images of a published record (the database checks it too).
  const publishing = values.published === true;
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'checkbox') continue;
    if (field.kind === 'images') {
      if (Array.isArray(value) && value.some((image) => !isMediaReference(image.url))) {
        errors[field.name] = 'Every extra image needs an image file or a full image address.';
      } else if (publishing && Array.isArray(value) && value.some(undescribed)) {
        errors[field.name] =
          'Every extra image needs alt text to publish, or mark it as decorative.';
      }
      continue;
    }
    if (field.kind === 'media' && field.alt && publishing && typeof value === 'string') {
      const decorative = values[field.alt.decorative] === true;
      const alt = values[field.alt.text];
      if (value.trim() && !decorative && (typeof alt !== 'string' || alt.trim() === ''))
        errors[field.alt.text] =
          `Alt text for ${field.label} is required to publish: say what the picture shows, or mark it as decorative.`;
    }
    if (typeof value !== 'string') continue;
    const blank = field.kind === 'richtext' ? richTextIsBlank(value) : value.trim() === '';
    if (blank) {
      if (field.required) errors[field.name] = `${field.label} is required.`;
      continue;
    }
    if (field.kind === 'integer' && !isInteger(value)) {
      errors[field.name] =
        `${field.label} must be a whole number, such as ${field.example ?? '2026'}.`;
    } else if (field.kind === 'url' && !isWebUrl(value)) {
      errors[field.name] =
        `${field.label} must be a full web address starting with https:// or http://.`;
    } else if (field.kind === 'date' && !isDate(value)) {
      errors[field.name] = `${field.label} must be a date.`;
    } else if (field.kind === 'media' && !isMediaReference(value)) {
      errors[field.name] =
        `${field.label} must be a full web address or a file from the media library.`;
    }
  }
  return { ...errors, ...(extra?.(values) ?? {}) };
}
