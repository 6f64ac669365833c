import { describe, expect, test } from 'vitest';
import { galleryImageToRow, galleryManager } from './gallery';
import { sponsorsManager } from './sponsors';
import { newsManager } from './news';
import { publicDb } from '../../data/client';
import { mediaFile, webAddress, wholeNumber } from '../../lib/field-rules';
import { parseInteger, richTextIsBlank, todayLocal, validate, yearText } from '../crud/form-rules';

describe('form defaults', () => {
  test('use Draft, sort order 0 and the current year', () => {
    const defaults = galleryManager.defaults();
    expect(defaults).toMatchObject({
      published: false,
      sort_order: '0',
      year: String(new Date().getFullYear()),
    });
  });

  test('date today as YYYY-MM-DD in local time, not UTC', () => {
    // 23:30 local on 31 December is still that day, whatever UTC says.
    expect(todayLocal(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
    expect(newsManager.defaults().published_date).toBe(todayLocal());
  });

  test("start a sponsor at 'Tier 3'", () => {
    expect(sponsorsManager.defaults().tier).toBe('Tier 3');
  });
});

describe('edit pre-fill', () => {
  test('turns empty optional columns into empty strings', () => {
    const values = sponsorsManager.fromRow(
      {
        id: '1',
        name: 'Acme',
        tier: 'Tier 2',
        logo_url: null,
        logo_alt: '',
        logo_decorative: false,
        website_url: null,
        published: true,
        sort_order: 4,
        created_at: '',
        updated_at: '',
        deleted_at: null,
        deleted_by: null,
      },
      publicDb,
    );
    expect(values).toEqual({
      name: 'Acme',
      tier: 'Tier 2',
      logo_url: '',
      logo_alt: '',
      logo_decorative: false,
      website_url: '',
      sort_order: '4',
      published: true,
    });
  });

  test('a missing year becomes the current year', () => {
    expect(yearText(null)).toBe(String(new Date().getFullYear()));
    expect(yearText(undefined)).toBe(String(new Date().getFullYear()));
    expect(yearText(2019)).toBe('2019');
  });
});

describe('parsing and validation', () => {
  test('reads whole numbers as integers and refuses anything else', () => {
    expect(parseInteger(' 2024 ')).toBe(2024);
    expect(parseInteger('-3')).toBe(-3);
    expect(() => parseInteger('20.5')).toThrow();
    expect(() => parseInteger('12abc')).toThrow();
    const row = galleryImageToRow({
      ...galleryManager.defaults(),
      title: ' T ',
      url: 'a.webp',
      year: '2019',
      sort_order: '7',
    });
    expect(row).toMatchObject({
      title: 'T',
      year: 2019,
      sort_order: 7,
      category: null,
      published: false,
    });
  });

  test('puts a message on each invalid field', () => {
    const values = { ...sponsorsManager.defaults(), sort_order: '1.5', website_url: 'example' };
    expect(validate(sponsorsManager.fields, values, sponsorsManager.validate)).toEqual({
      name: 'Name is required.',
      sort_order: wholeNumber('0').message,
      website_url: webAddress.message,
    });
  });

  test('takes a sort order below zero, which puts a row first', () => {
    const values = { ...sponsorsManager.defaults(), name: 'First', sort_order: '-1' };
    expect(validate(sponsorsManager.fields, values, sponsorsManager.validate)).toEqual({});
  });

  test('accepts full URLs and bucket paths in media fields, but not loose text', () => {
    expect(mediaFile.test('https://cdn.example.com/a.webp')).toBe(true);
    expect(mediaFile.test('seed/gallery/alps-01.webp')).toBe(true);
    expect(mediaFile.test('not a picture')).toBe(false);
    expect(mediaFile.test('javascript:alert(1)')).toBe(false);
    expect(mediaFile.test('../private/registrations.mp4')).toBe(false);
  });

  test('treats an empty editor as blank content', () => {
    expect(richTextIsBlank('<p><br></p>')).toBe(true);
    expect(richTextIsBlank('<p>Hi</p>')).toBe(false);
    expect(
      validate(newsManager.fields, { ...newsManager.defaults(), content: '<p><br></p>' }).content,
    ).toBe('Content is required.');
  });
});
