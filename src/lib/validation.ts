// Field checks shared by the public forms.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
