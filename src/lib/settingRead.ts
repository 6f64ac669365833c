// Reading a stored setting back as what it is (a calendar date, a whole number, a web address):
// what every page needs, kept apart from the form's rules and messages (settingValue.ts), which
// only the admin needs. The rules themselves are the forms' (validation.ts).
import { isDate, WEB_URL } from './validation';

/** 'YYYY-MM-DD' as itself when it is a real calendar date, else null. */
export function readDate(value: string): string | null {
  return value === value.trim() && isDate(value) ? value : null;
}

/** A stored whole number, or null. */
export function readInteger(value: string): number | null {
  return /^[0-9]{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** A stored URL, or null (blank or not a web address). */
export function readUrl(value: string): string | null {
  const v = value.trim();
  return WEB_URL.test(v) ? v : null;
}
