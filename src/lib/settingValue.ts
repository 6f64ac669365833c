// What a setting's value may be, by its type: the field rules (validation.ts), which the
// database's trigger (private.validate_site_setting) applies too, with the same messages: it is
// the one that cannot be skipped. (Reading a stored value back: settingRead.ts.)
import {
  email,
  fieldProblem,
  isTooLong,
  requiredMessage,
  shortenMessage,
  type FieldRule,
} from './validation';
import { date, mediaImage, oneLine, phone, webAddress, wholeNumber } from './field-rules';

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

/** Each type's rule (a long text has none but the length every value has). */
const RULES: Record<SettingType, FieldRule | null> = {
  text: oneLine,
  longtext: null,
  integer: wholeNumber(),
  date,
  url: webAddress,
  email,
  phone,
  image: mediaImage,
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
  if (isTooLong(value, 2000)) return shortenMessage('this', 2000);
  const rule = RULES[type];
  return (
    fieldProblem(value, {
      required: required ? requiredMessage(label) : undefined,
      rules: rule ? [rule] : [],
    }) ?? null
  );
}
