import { describe, expect, it } from 'vitest';
import { readDate } from './settingRead';
import { settingValueError } from './settingValue';

const rule = { label: 'Capacity', required: true };

describe('settingValueError (the same rules as the database trigger)', () => {
  it.each([
    ['integer', 'eleven-ish', 'Capacity must be a whole number, such as 12.'],
    ['integer', '-3', 'Capacity must be a whole number, such as 12.'],
    ['integer', ' 12 ', null],
    ['date', '2026-02-30', 'Capacity must be a date (YYYY-MM-DD).'],
    ['date', '2026-06-22', null],
    ['url', 'javascript:alert(1)', 'Capacity must be a web address starting with https://.'],
    ['url', 'https://give.example.org/rally?x=1', null],
    ['email', 'info at rally', 'Capacity must be an email address, such as info@example.org.'],
    ['email', 'info@europerally.org.uk', null],
    ['phone', 'call us', 'Capacity must be a phone number (digits, spaces, brackets, + and -).'],
    ['phone', '+44 (0)20 7946 0321', null],
    ['text', 'two\nlines', 'Capacity must be one line of at most 200 characters.'],
    ['text', '   ', 'Capacity is required.'],
    [
      'image',
      'javascript:alert(1)',
      'Capacity must be an image from the media library or a web address starting with https://.',
    ],
    [
      'image',
      '../private/x.webp',
      'Capacity must be an image from the media library or a web address starting with https://.',
    ],
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
  });
});
