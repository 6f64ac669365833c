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
