// The field rules the forms and the settings check a value by, each written once with its
// message (lib/validation.ts holds what every page needs: the email rule, the date and web
// address tests, the form's helpers and the refusals). Kept apart so the public entry does not
// carry the rules only the sign-up and sponsorship forms and the admin use; the database's copies
// (private.is_phone, the settings trigger) are pinned to these by tests/lint/field-rules.test.ts.
import { characterCount, isDate, WEB_URL, type FieldRule } from './validation';

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

/**
 * The same, below zero too: a content row's number field (a sort order of -1 puts a row first).
 * The settings take only wholeNumber, as their trigger does.
 */
export const signedWholeNumber = (example = '12'): FieldRule => ({
  test: (value) => /^-?[0-9]{1,9}$/.test(value.trim()),
  message: wholeNumber(example).message,
});

/** An amount typed in pounds, whole or to the penny ('420', '420.50'), that fits in pence. */
export const poundsAmount: FieldRule = {
  test: (value) => /^[0-9]{1,7}(\.[0-9]{1,2})?$/.test(value.trim()),
  message: 'Please enter an amount in pounds, such as 250 or 250.50.',
};

/**
 * Funds raised, as a past tour keeps them: pounds with or without '£' and thousands commas
 * ('£12,500', '12500', '£950.50'), up to £9,999,999.99 so the pence fit. The database's copy is
 * private.is_raised_amount (tests/lint/field-rules.test.ts runs both on the same cases).
 */
export const raisedAmount: FieldRule = {
  test: (value) =>
    /^£?([0-9]{1,3}(,[0-9]{3})?|[0-9],[0-9]{3},[0-9]{3}|[0-9]{1,7})(\.[0-9]{1,2})?$/.test(
      value.trim(),
    ),
  message: 'Please enter an amount in pounds, such as £12,500.',
};

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
