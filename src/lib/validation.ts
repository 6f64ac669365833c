// The field rules' core, each rule written once with its message: the public forms, the admin's
// forms, the settings and the server's refusals all use these (the rules only some forms and the
// admin use are in field-rules.ts). The database holds its own copies (private.is_email,
// private.is_phone and the settings trigger, private.validate_site_setting);
// tests/lint/field-rules.test.ts runs those copies against these rules on the same values, so they
// cannot drift apart. The email address's shape is the Edge Functions' too (formats/email-address.ts).
import { hasEmailAddressShape } from '../../supabase/functions/_shared/formats/email-address';
import { formatWholeNumber } from './format';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A rule: whether a (non-blank) value passes, judged trimmed, and what to say when it does not. */
export type FieldRule = { readonly test: (value: string) => boolean; readonly message: string };

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
  test: (value) => hasEmailAddressShape(value.trim()) && characterCount(value.trim()) <= 320,
  message: 'Please enter a valid email address.',
};

/** A web address with a dotted host name, as links on the site need it. */
export const WEB_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/;

/** A real calendar date written YYYY-MM-DD (what date inputs give). */
export function isDate(value: string): boolean {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}

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
