// What a setting's value may be, by its type: the admin form's check, with the same rules and
// messages as the database's trigger (private.validate_site_setting, migration 20260302000000),
// which is the one that cannot be skipped. (Reading a stored value back: settingRead.ts.)

import { readDate, WEB_URL } from './settingRead';

export const SETTING_TYPES = [
  'text',
  'longtext',
  'integer',
  'date',
  'url',
  'email',
  'phone',
  'image',
] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export function isSettingType(type: string): type is SettingType {
  return (SETTING_TYPES as readonly string[]).includes(type);
}

const RULES: Record<SettingType, { test: (value: string) => boolean; message: string } | null> = {
  text: {
    test: (v) => !/[\r\n]/.test(v) && v.length <= 200,
    message: 'must be one line of at most 200 characters.',
  },
  longtext: null,
  integer: { test: (v) => /^[0-9]{1,9}$/.test(v), message: 'must be a whole number, such as 12.' },
  date: { test: (v) => readDate(v) !== null, message: 'must be a date (YYYY-MM-DD).' },
  url: {
    test: (v) => WEB_URL.test(v),
    message: 'must be a web address starting with https://.',
  },
  email: {
    test: (v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) && v.length <= 320,
    message: 'must be an email address, such as info@example.org.',
  },
  phone: {
    test: (v) => /^\+?[0-9 ()-]{6,30}$/.test(v),
    message: 'must be a phone number (digits, spaces, brackets, + and -).',
  },
  image: {
    test: (v) =>
      WEB_URL.test(v) ||
      (/^[A-Za-z0-9][A-Za-z0-9._/-]*\.(webp|jpe?g|png|gif|avif)$/.test(v) && !v.includes('..')),
    message: 'must be an image from the media library or a web address starting with https://.',
  },
};

/**
 * Why `value` cannot be stored for a setting named `label` of this type, or null when it can.
 * The value is judged trimmed, as the database stores it.
 */
export function settingValueError(
  type: SettingType,
  value: string,
  { label, required }: { label: string; required: boolean },
): string | null {
  const v = value.trim();
  if (v === '') return required ? `${label} is required.` : null;
  if (v.length > 2000) return `${label} must be at most 2000 characters.`;
  const rule = RULES[type];
  return rule && !rule.test(v) ? `${label} ${rule.message}` : null;
}
