// The shape of an email address the rally accepts: one @, a dot after it, no spaces. The site's
// email rule (src/lib/validation.ts: at most 320 characters, the database's private.is_email) and
// the admin-users Edge Function (at most GoTrue's 255) read this one pattern;
// tests/lint/field-rules.test.ts holds the database's copy equal to it.
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the text, as it is (not trimmed), has an email address's shape. */
export function hasEmailAddressShape(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}
