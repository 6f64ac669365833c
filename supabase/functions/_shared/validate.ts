// The checks the functions make of what a caller sends: each written once. The UUID's and the
// email address's shapes are the site's own (formats/, which the site imports as well).
import { hasEmailAddressShape } from './formats/email-address.ts';
import { isUuid } from './formats/uuid.ts';

export { isUuid };

/** An address as the forms accept it (and at most 255 characters, like the database's columns). */
export const isEmail = (text: string): boolean => text.length <= 255 && hasEmailAddressShape(text);
