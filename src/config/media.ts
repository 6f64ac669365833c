// The files the media library takes, by extension, with the content type each is stored as.
// The browser's file picker, the upload check and the file kinds read this list; the database
// keeps its own copies (the media bucket's allowed types in supabase/config.toml and
// supabase/schemas/media.sql, the upload policy's extensions), which tests/lint/constants.test.ts compares with it.
export const MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;
export type MediaKind = 'image' | 'video';

const extensions = Object.keys(MEDIA_TYPES) as MediaExtension[];

/** The extensions of each kind: { image: ['jpg', …], video: ['mp4', 'webm'] }. */
export const MEDIA_EXTENSIONS: Record<MediaKind, readonly MediaExtension[]> = {
  image: extensions.filter((extension) => MEDIA_TYPES[extension].startsWith('image/')),
  video: extensions.filter((extension) => MEDIA_TYPES[extension].startsWith('video/')),
};

/** The file picker's `accept`: every extension and every content type. */
export const MEDIA_ACCEPT = [
  ...extensions.map((extension) => `.${extension}`),
  ...new Set(Object.values(MEDIA_TYPES)),
].join(',');

// Width variants of uploaded images. The admin makes them when it uploads (a Worker in the
// browser: src/admin/media/variants.worker.ts), the seed makes them for the demo images
// (supabase/seed-media), and public pages list them in srcset, all from the names below, so a
// page needs nothing but the image's path: an original is '<stem>.<width>x<height>.<ext>' and
// its variants '<stem>.w<width>.webp'. A path without the size (a pasted address, a file
// uploaded before variants existed) is shown as it is.

/** The widths variants are made at: a phone's tile (1x, 2x), a laptop column, a wide hero. */
export const MEDIA_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** WebP quality of the variants (0-1): about 40 KB for a 640-px-wide photo. */
export const MEDIA_VARIANT_QUALITY = 0.72;

/** The widths an image of `width` pixels gets variants at: the standard ones below it, and its own. */
export function mediaVariantWidths(width: number): number[] {
  const below = MEDIA_VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const largest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1] ?? width;
  return width <= largest ? [...below, width] : below;
}

const SIZED_NAME = /^(.*)\.(\d{1,5})x(\d{1,5})\.([A-Za-z0-9]+)$/;

/** 'a/b.jpg' of 4000×3000 → 'a/b.4000x3000.jpg'. */
export function sizedMediaPath(path: string, width: number, height: number): string {
  const dot = path.lastIndexOf('.');
  const slash = path.lastIndexOf('/');
  const stem = dot > slash ? path.slice(0, dot) : path;
  const extension = dot > slash ? path.slice(dot) : '';
  return `${stem}.${width}x${height}${extension}`;
}

/** 'a/b.4000x3000.jpg', 640 → 'a/b.4000x3000.w640.webp'. */
export function mediaVariantPath(sizedPath: string, width: number): string {
  const dot = sizedPath.lastIndexOf('.');
  return `${sizedPath.slice(0, dot)}.w${width}.webp`;
}

export type SizedMedia = {
  width: number;
  height: number;
  variants: { width: number; path: string }[];
};

/**
 * The size and variants a path's name announces (the path may be a full URL without a query), or
 * null when it announces none.
 */
export function sizedMedia(path: string): SizedMedia | null {
  const match = SIZED_NAME.exec(path);
  if (!match || /\.w\d+$/.test(match[1] ?? '')) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!(width > 0 && height > 0)) return null;
  return {
    width,
    height,
    variants: mediaVariantWidths(width).map((candidate) => ({
      width: candidate,
      path: mediaVariantPath(path, candidate),
    })),
  };
}

/** srcset and the intrinsic size for a media path or URL, or nothing when it announces none. */
export function mediaSources(src: string): { srcSet?: string; width?: number; height?: number } {
  const sized = sizedMedia(src);
  if (!sized || sized.variants.length === 0) return {};
  return {
    srcSet: sized.variants.map((variant) => `${variant.path} ${variant.width}w`).join(', '),
    width: sized.width,
    height: sized.height,
  };
}

/**
 * One file for a slot of `width` CSS pixels where srcset cannot be used (a video's poster): the
 * smallest variant at least that wide, else the largest, else the path itself.
 */
export function mediaVariantFor(path: string, width: number): string {
  const variants = sizedMedia(path)?.variants ?? [];
  const fits = variants.find((variant) => variant.width >= width) ?? variants.at(-1);
  return fits?.path ?? path;
}
