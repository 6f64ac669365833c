// Field checks shared by the public forms.
import { formatWholeNumber } from './format';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Characters as Postgres counts them (code points), so an emoji is one, not two. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** The message for a value over its limit: 'Please shorten the team name to 200 characters or fewer.' */
export function shortenMessage(what: string, max: number): string {
  return `Please shorten ${what} to ${formatWholeNumber(max)} characters or fewer.`;
}

/** A phone field's hint: the shape isPhone accepts. */
export const PHONE_HINT = 'Include the country code if outside the UK: 7 to 15 digits.';

/** Whether the value, as the form sends it (trimmed), is longer than `max` characters. */
export function isTooLong(value: string, max: number): boolean {
  return characterCount(value.trim()) > max;
}

// The database's private.is_phone (supabase/migrations/20260301000000_organiser.sql) checks the
// same shape: 7 to 15 digits, an optional leading +, spaces, dashes, dots and brackets.
const PHONE = /^\+?[0-9 ().-]+$/;

/** A plausible international phone number, as the forms and the database accept it. */
export function isPhone(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/[^0-9]/g, '').length;
  return PHONE.test(text) && text.length <= 30 && digits >= 7 && digits <= 15;
}
