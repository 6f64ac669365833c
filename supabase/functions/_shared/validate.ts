// The checks the functions make of what a caller sends: each written once. The UUID pattern is the
// site's own (src/lib/uuid.ts, imported by its path like the formatters: it imports nothing); the
// email shape is the one the site's forms check (src/lib/validation.ts).
import { isUuid } from '../../../src/lib/uuid.ts';

export { isUuid };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address as the forms accept it (and at most 255 characters, like the database's columns). */
export const isEmail = (text: string): boolean => text.length <= 255 && EMAIL.test(text);
