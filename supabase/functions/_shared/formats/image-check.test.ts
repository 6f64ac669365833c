// The upload checks' reading of image structure (image-check.ts), which the media-check Edge
// Function and the admin's browser share: real images pass with their size, and each hostile
// file is refused with the reason the administrator is shown.
import { describe, expect, test } from 'vitest';
import {
  blackPng,
  HTML_PAGE,
  htmlBehindPngSignature,
  pngClaiming,
  realImage,
} from '../../../../tests/support/crafted-images';
import { checkImage, filmMatches, imageSizeProblem, MAX_IMAGE_PIXELS } from './image-check';

const TOO_MANY = /limit is 50 megapixels/;
const DAMAGED = 'The file is damaged or not a real image.';

describe('checkImage', () => {
  test.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'passes a real %s with its size',
    async (format) => {
      const bytes = await realImage(format, 30, 20);
      expect(checkImage(bytes, `image/${format}`)).toEqual({
        ok: true,
        type: `image/${format}`,
        width: 30,
        height: 20,
      });
    },
  );

  test('reads a JPEG’s stored size, whatever its EXIF orientation', async () => {
    const bytes = await realImage('jpeg', 40, 30, 6);
    expect(checkImage(bytes, 'image/jpeg')).toMatchObject({ ok: true, width: 40, height: 30 });
  });

  test('refuses a decompression bomb from its header: 64 megapixels in a few KB', () => {
    const bomb = blackPng(8000, 8000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(checkImage(bomb, 'image/png')).toEqual({
      ok: false,
      reason: expect.stringMatching(TOO_MANY),
    });
  });

  test('passes the largest size allowed and refuses one pixel row more', () => {
    expect(checkImage(blackPng(10_000, 5_000), 'image/png')).toMatchObject({ ok: true });
    expect(checkImage(blackPng(10_000, 5_001), 'image/png')).toMatchObject({ ok: false });
  });

  test('refuses a PNG claiming 65535×65535 and one claiming no size', () => {
    expect(checkImage(pngClaiming(65_535, 65_535), 'image/png')).toEqual({
      ok: false,
      reason:
        'The image is 65535×65535 pixels; the limit is 50 megapixels. Please resize it first.',
    });
    expect(checkImage(pngClaiming(0, 0), 'image/png')).toEqual({
      ok: false,
      reason: 'The image has no size.',
    });
  });

  test('refuses a truncated JPEG, PNG, GIF and WebP', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      const whole = await realImage(format, 64, 48);
      const cut = whole.slice(0, Math.floor(whole.length * 0.6));
      expect(checkImage(cut, `image/${format}`), format).toEqual({ ok: false, reason: DAMAGED });
    }
  });

  test('refuses an HTML page named .png, also behind the PNG signature', () => {
    expect(checkImage(HTML_PAGE, 'image/png')).toEqual({
      ok: false,
      reason: 'The file is not an image (JPG, PNG, GIF or WebP).',
    });
    expect(checkImage(htmlBehindPngSignature(), 'image/png')).toEqual({
      ok: false,
      reason: DAMAGED,
    });
  });

  test('refuses an image of another type than its name says', async () => {
    const png = await realImage('png', 10, 10);
    expect(checkImage(png, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'The file is a PNG image but its name says otherwise.',
    });
  });

  test('reads nothing past the end of a file that stops inside a header', () => {
    const signatureOnly = blackPng(10, 10).slice(0, 9);
    expect(checkImage(signatureOnly, 'image/png')).toEqual({ ok: false, reason: DAMAGED });
    expect(checkImage(new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg')).toEqual({
      ok: false,
      reason: DAMAGED,
    });
  });
});

test('imageSizeProblem: 50 megapixels at most, and a size', () => {
  expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
  expect(imageSizeProblem(8660, 5773)).toBeNull();
  expect(imageSizeProblem(8660, 5774)).toMatch(TOO_MANY);
  expect(imageSizeProblem(0, 10)).toBe('The image has no size.');
});

test('filmMatches: a film’s first bytes must be of its type', () => {
  const mp4 = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]);
  expect(filmMatches(mp4, 'video/mp4')).toBe(true);
  expect(filmMatches(HTML_PAGE, 'video/mp4')).toBe(false);
  expect(filmMatches(HTML_PAGE, 'image/png')).toBeNull();
});
