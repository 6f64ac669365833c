// The rules every admin form shares: defaults, pre-fill helpers, parsing and validation.
// Pure functions, so the rules are testable without a screen.
import type { Field, FieldErrors, FormValues } from './types';
import { localDay } from '../../lib/useNow';
import { requiredMessage, type FieldRule } from '../../lib/validation';
import { date, mediaFile, signedWholeNumber, webAddress } from '../../lib/field-rules';

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

/** Form text to an integer; call only after validation (the whole-number rule). */
export function parseInteger(value: string): number {
  if (!signedWholeNumber().test(value)) throw new Error(`Not a whole number: "${value}"`);
  return Number.parseInt(value.trim(), 10);
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

/** The rule each kind of field implies (an integer's message names its own example). */
const KIND_RULES: Partial<Record<Field<FormValues>['kind'], FieldRule>> = {
  url: webAddress,
  date,
  media: mediaFile,
};

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
      if (Array.isArray(value) && value.some((image) => !mediaFile.test(image.url))) {
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
      if (field.required) errors[field.name] = requiredMessage(field.label);
      continue;
    }
    const rule =
      field.kind === 'integer'
        ? signedWholeNumber(field.example ?? '2026')
        : KIND_RULES[field.kind];
    if (rule && !rule.test(value)) errors[field.name] = rule.message;
  }
  return { ...errors, ...(extra?.(values) ?? {}) };
}
