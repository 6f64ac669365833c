// The field rules' accept and refuse cases, shared by their unit test (src/lib/validation.test.ts)
// and by tests/lint/field-rules.test.ts, which holds the database's and the Edge Functions'
// copies of the rules to the same cases.
import { email, type FieldRule } from '../../src/lib/validation';
import {
  date,
  mediaFile,
  mediaImage,
  oneLine,
  phone,
  raisedAmount,
  webAddress,
  wholeNumber,
} from '../../src/lib/field-rules';

export const RULE_CASES: readonly {
  name: string;
  rule: FieldRule;
  message: string;
  accepts: readonly string[];
  refuses: readonly string[];
}[] = [
  {
    name: 'email',
    rule: email,
    message: 'Please enter a valid email address.',
    accepts: [
      'jo@example.org',
      ' jo.bloggs+rally@mail.example.co.uk ',
      `${'a'.repeat(308)}@example.org`,
    ],
    refuses: [
      'jo',
      'jo@example',
      'jo @example.org',
      'jo@@example.org',
      `${'a'.repeat(309)}@example.org`,
    ],
  },
  {
    name: 'phone',
    rule: phone,
    message: 'Please enter a valid phone number (7 to 15 digits).',
    accepts: [
      '07700 900123',
      '+44 (0)20 7946 0321',
      '020.7946.0321',
      '1234567',
      '+123456789012345',
    ],
    refuses: [
      '123456',
      '------',
      'call us',
      '+44 20 7946 0958 0000 0000',
      '07700 900123 ext. 4',
      '44+7700900123',
    ],
  },
  {
    name: 'web address',
    rule: webAddress,
    message: 'Please enter a web address starting with https://.',
    accepts: ['https://give.example.org/rally?x=1', 'http://example.org', 'https://a.b#top'],
    refuses: [
      'example.org',
      'javascript:alert(1)',
      'https://localhost',
      'https://exa mple.org',
      'ftp://example.org',
    ],
  },
  {
    name: 'whole number',
    rule: wholeNumber(),
    message: 'Please enter a whole number, such as 12.',
    accepts: ['0', ' 12 ', '999999999'],
    refuses: ['-3', '2.5', '1,000', 'twelve', '1000000000'],
  },
  {
    name: 'date',
    rule: date,
    message: 'Please enter a date (YYYY-MM-DD).',
    accepts: ['2026-06-22', '2028-02-29'],
    refuses: ['2026-02-29', '2026-13-01', '22 June 2026', '2026-6-22'],
  },
  {
    name: 'media file',
    rule: mediaFile,
    message:
      'Please choose a file from the media library or enter a web address starting with https://.',
    accepts: ['seed/gallery/alps-01.webp', 'uploads/film.mp4', 'https://cdn.example.com/a.webp'],
    refuses: [
      'not a picture',
      '../private/x.webp',
      'a/../../b.webp',
      '/etc/passwd.txt',
      'javascript:alert(1)',
    ],
  },
  {
    name: 'media image',
    rule: mediaImage,
    message:
      'Please choose an image from the media library or enter a web address starting with https://.',
    accepts: [
      'seed/heroes/alps.1920x1080.webp',
      'a.jpeg',
      'a.avif',
      'https://images.example.org/hero',
    ],
    refuses: ['uploads/film.mp4', '../private/x.webp', 'hero', 'javascript:alert(1)'],
  },
  {
    name: 'funds raised',
    rule: raisedAmount,
    message: 'Please enter an amount in pounds, such as £12,500.',
    accepts: ['£12,500', '12500', '£950.50', '£0', '9,999,999.99', ' £1,000 '],
    refuses: ['£12,50', '12.5k', 'about £5,000', '£10,000,000', '£1.234', '-£5', '£ 5', 'TBC'],
  },
  {
    name: 'one line',
    rule: oneLine,
    message: 'Please keep this to one line of at most 200 characters.',
    accepts: ['PO Box 1, London', '😀'.repeat(200)],
    refuses: ['PO Box 1\nLondon', 'a\rb', 'x'.repeat(201)],
  },
];
