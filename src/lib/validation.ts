// The field rules, each written once with its message: the public forms, the admin's forms, the
// settings and the server's refusals all use these. The database holds its own copies (private.is_email,
// private.is_phone and the settings trigger, private.validate_site_setting) and the admin-users
// Edge Function one more of the email rule; tests/lint/field-rules.test.ts runs those copies
// against these rules on the same values, so they cannot drift apart.
import { formatWholeNumber } from './format';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A rule: whether a (non-blank) value passes, judged trimmed, and what to say when it does not. */
export type FieldRule = { readonly test: (value: string) => boolean; readonly message: string };

// Each rule is a plain object (no call builds it), so a bundle keeps only the rules it uses:
// the public entry needs few of them.

/** Characters as Postgres counts them (code points), so an emoji is one, not two. */
export function characterCount(value: string): number {
  return [...value].length;
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Whether the value, as the form sends it (trimmed), is longer than `max` characters. */
export function isTooLong(value: string, max: number): boolean {
  return characterCount(value.trim()) > max;
}

/** The message for a value over its limit: 'Please shorten the team name to 200 characters or fewer.' */
export function shortenMessage(what: string, max: number): string {
  return `Please shorten ${what} to ${formatWholeNumber(max)} characters or fewer.`;
}

/** The message for a required field left blank: 'Email is required.' */
export const requiredMessage = (label: string) => `${label} is required.`;

/** An address with one @ and a dot after it, at most 320 characters (private.is_email). */
export const email: FieldRule = {
  test: (value) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && characterCount(value.trim()) <= 320,
  message: 'Please enter a valid email address.',
};

/**
 * A plausible international phone number (private.is_phone): 7 to 15 digits, the most E.164
 * allows, with an optional leading + and spaces, dashes, dots and brackets between them, at most
 * 30 characters in all.
 */
export const phone: FieldRule = {
  test: (value) => {
    const v = value.trim();
    const digits = v.replace(/[^0-9]/g, '').length;
    return /^\+?[0-9 ().-]+$/.test(v) && v.length <= 30 && digits >= 7 && digits <= 15;
  },
  message: 'Please enter a valid phone number (7 to 15 digits).',
};

/** A phone field's hint: the shape the phone rule accepts. */
export const PHONE_HINT = 'Include the country code if outside the UK: 7 to 15 digits.';

/** A web address with a dotted host name, as links on the site need it. */
export const WEB_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/;

export const webAddress: FieldRule = {
  test: (value) => WEB_URL.test(value.trim()),
  message: 'Please enter a web address starting with https://.',
};

/**
 * A whole number of at most nine digits, so it fits the database's integer. The example is the
 * field's own ('such as 2026' for a year).
 */
export const wholeNumber = (example = '12'): FieldRule => ({
  test: (value) => /^[0-9]{1,9}$/.test(value.trim()),
  message: `Please enter a whole number, such as ${example}.`,
});

/** A real calendar date written YYYY-MM-DD (what date inputs give). */
export function isDate(value: string): boolean {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}

export const date: FieldRule = { test: isDate, message: 'Please enter a date (YYYY-MM-DD).' };

/** A file of the media bucket by its path ('seed/gallery/alps-01.webp'), never climbing out. */
const MEDIA_PATH = /^[A-Za-z0-9][A-Za-z0-9._/-]*\.[A-Za-z0-9]+$/;
const IMAGE_PATH = /\.(webp|jpe?g|png|gif|avif)$/;
const isMediaPath = (v: string) => MEDIA_PATH.test(v) && !v.includes('..');

/** A media field: a file from the library (its path) or any file's web address. */
export const mediaFile: FieldRule = {
  test: (value) => {
    const v = value.trim();
    return WEB_URL.test(v) || isMediaPath(v);
  },
  message:
    'Please choose a file from the media library or enter a web address starting with https://.',
};

/** An image field: an image from the library (its path) or an image's web address. */
export const mediaImage: FieldRule = {
  test: (value) => {
    const v = value.trim();
    return WEB_URL.test(v) || (isMediaPath(v) && IMAGE_PATH.test(v));
  },
  message:
    'Please choose an image from the media library or enter a web address starting with https://.',
};

/** One line of at most 200 characters: a setting of the 'text' type. */
export const oneLine: FieldRule = {
  test: (value) => {
    const v = value.trim();
    return !/[\r\n]/.test(v) && characterCount(v) <= 200;
  },
  message: 'Please keep this to one line of at most 200 characters.',
};

/**
 * The first thing wrong with a field's value, or undefined: blank (an error only when the field
 * is required, whose message is given), else each rule in turn.
 */
export function fieldProblem(
  value: string,
  { required, rules = [] }: { required?: string; rules?: readonly FieldRule[] },
): string | undefined {
  if (isBlank(value)) return required;
  return rules.find((check) => !check.test(value))?.message;
}

/** What the server refused, as a form shows it: the field it names and the sentence to show. */
export type FieldRefusal = { readonly field: string; readonly message: string };

/** A refusal of one field, for an answer that names its field only by a code (GoTrue's). */
export const refusedAt = (field: string, message: string) => ({ refusal: { field, message } });

/**
 * The one way a refusal reaches a field: an error from src/data that names a field carries it
 * as `refusal` (a database function's 400 with the field in `details`, the settings trigger's
 * check, an Edge Function's `field`).
 */
export function fieldRefusal(error: unknown): FieldRefusal | null {
  if (typeof error !== 'object' || error === null || !('refusal' in error)) return null;
  const { refusal } = error as { refusal: unknown };
  if (typeof refusal !== 'object' || refusal === null) return null;
  const { field, message } = refusal as { field?: unknown; message?: unknown };
  return typeof field === 'string' && typeof message === 'string' && message
    ? { field, message }
    : null;
}
