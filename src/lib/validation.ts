// Field checks shared by the public forms.

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
