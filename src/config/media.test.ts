import { describe, expect, test } from 'vitest';
import {
  mediaSources,
  mediaVariantFor,
  mediaVariantWidths,
  sizedMedia,
  sizedMediaPath,
} from './media';

describe('the names of uploaded images and their variants', () => {
  test('an original carries its size; variants sit beside it at the standard widths below it and its own', () => {
    const path = sizedMediaPath('2026/03/alps-k3j9x2.jpg', 4000, 3000);
    expect(path).toBe('2026/03/alps-k3j9x2.4000x3000.jpg');
    expect(sizedMedia(`https://x.supabase.co/storage/v1/object/public/media/${path}`)).toEqual({
      width: 4000,
      height: 3000,
      variants: [320, 640, 960, 1280, 1920].map((width) => ({
        width,
        path: `https://x.supabase.co/storage/v1/object/public/media/2026/03/alps-k3j9x2.4000x3000.w${width}.webp`,
      })),
    });
    expect(mediaVariantWidths(840)).toEqual([320, 640, 840]);
  });

  test('a name without a size (a pasted address, an older upload, a variant) announces nothing', () => {
    for (const path of ['2026/03/alps.jpg', 'https://example.com/a.png', 'a.4000x3000.w640.webp'])
      expect(sizedMedia(path)).toBeNull();
    expect(mediaSources('2026/03/alps.jpg')).toEqual({});
  });

  test('srcset lists each variant by its width; a poster takes the smallest that fills its slot', () => {
    expect(mediaSources('seed/news/a.1200x675.webp')).toEqual({
      srcSet:
        'seed/news/a.1200x675.w320.webp 320w, seed/news/a.1200x675.w640.webp 640w, seed/news/a.1200x675.w960.webp 960w, seed/news/a.1200x675.w1200.webp 1200w',
      width: 1200,
      height: 675,
    });
    expect(mediaVariantFor('seed/videos/v.960x540.webp', 640)).toBe(
      'seed/videos/v.960x540.w640.webp',
    );
    expect(mediaVariantFor('poster.jpg', 640)).toBe('poster.jpg');
  });
});
