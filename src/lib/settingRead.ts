// Reading a stored setting back as what it is (a calendar date, a whole number, a web address):
// what every page needs, kept apart from the form's rules and messages (settingValue.ts), which
// only the admin needs.

/** A web address, as the database's trigger accepts it. */
export const WEB_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/;

/** 'YYYY-MM-DD' as itself when it is a real calendar date, else null. */
export function readDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
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
