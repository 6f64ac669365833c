import { describe, expect, it } from 'vitest';
import { readDate } from './settingRead';
import { settingValueError } from './settingValue';
import { email } from './validation';
import { date, mediaImage, oneLine, phone, webAddress, wholeNumber } from './field-rules';

const rule = { label: 'Capacity', required: true };

describe('settingValueError (the field rules, as the database trigger applies them)', () => {
  it.each([
    ['integer', 'eleven-ish', wholeNumber().message],
    ['integer', '-3', wholeNumber().message],
    ['integer', ' 12 ', null],
    ['date', '2026-02-30', date.message],
    ['date', '2026-06-22', null],
    ['url', 'javascript:alert(1)', webAddress.message],
    ['url', 'https://give.example.org/rally?x=1', null],
    ['email', 'info at rally', email.message],
    ['email', 'info@europerally.org.uk', null],
    ['phone', 'call us', phone.message],
    ['phone', '------', phone.message],
    ['phone', '+44 (0)20 7946 0321', null],
    ['phone', '020.7946.0321', null],
    ['text', 'two\nlines', oneLine.message],
    ['text', '   ', 'Capacity is required.'],
    ['longtext', 'x'.repeat(2001), 'Please shorten this to 2,000 characters or fewer.'],
    ['image', 'javascript:alert(1)', mediaImage.message],
    ['image', '../private/x.webp', mediaImage.message],
    ['image', 'seed/heroes/alps.1920x1080.webp', null],
    ['image', 'https://images.example.org/hero.jpg', null],
  ] as const)('%s %j → %s', (type, value, message) => {
    expect(settingValueError(type, value, rule)).toBe(message);
  });

  it('lets an optional setting be empty', () => {
    expect(settingValueError('url', '', { label: 'Donate link', required: false })).toBeNull();
  });

  it('reads only real calendar dates', () => {
    expect(readDate('2028-02-29')).toBe('2028-02-29');
    expect(readDate('2026-02-29')).toBeNull();
    expect(readDate(' 2028-02-29')).toBeNull();
  });
});
