// Whether a file's bytes are a well-formed image of a size the site will show, read from its
// structure without decoding a pixel: the PNG chunks (IHDR first, IEND last), the JPEG segments
// (a frame header, a scan, the end-of-image marker), the GIF blocks (down to the trailer) and
// the WebP RIFF container (VP8, VP8L or VP8X). Hosted Supabase Storage stores bytes as they come
// and decodes nothing, so the media-check Edge Function runs this on every uploaded original,
// and the admin's browser runs it before it decodes anything (a decompression bomb is refused
// from its header, before it can fill the tab's memory). One module of formats/, which both import.

/** The most pixels an uploaded image may have: 50 megapixels (a 8660×5773 photo; a current phone's is 12 to 48). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export type ImageCheck =
  { ok: true; type: ImageType; width: number; height: number } | { ok: false; reason: string };

const refuse = (reason: string): ImageCheck => ({ ok: false, reason });
const MALFORMED = 'The file is damaged or not a real image.';

/** Why an image of this size is refused, or null when it is within the limits. */
export function imageSizeProblem(width: number, height: number): string | null {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0))
    return 'The image has no size.';
  if (width * height > MAX_IMAGE_PIXELS)
    return `The image is ${width}×${height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Please resize it first.`;
  return null;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;
const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length &&
  [...text].every((char, index) => b[at + index] === char.charCodeAt(0));

function sized(type: ImageType, width: number, height: number): ImageCheck {
  const problem = imageSizeProblem(width, height);
  return problem ? refuse(problem) : { ok: true, type, width, height };
}

// PNG: the signature, IHDR first (13 bytes, valid depth and colour type), every chunk inside the
// file, at least one IDAT, and IEND as the last chunk (a truncated file has none).
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function checkPng(b: Uint8Array): ImageCheck {
  if (u32be(b, 8) !== 13 || !ascii(b, 12, 'IHDR')) return refuse(MALFORMED);
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const depth = b[24] ?? 0;
  const colour = b[25] ?? 0;
  if (!PNG_DEPTHS[colour]?.includes(depth)) return refuse(MALFORMED);
  const problem = imageSizeProblem(width, height);
  if (problem) return refuse(problem);
  let at = 8;
  let data = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const end = at + 12 + length;
    if (end > b.length) return refuse(MALFORMED);
    if (ascii(b, at + 4, 'IDAT')) data = true;
    if (ascii(b, at + 4, 'IEND'))
      return data ? sized('image/png', width, height) : refuse(MALFORMED);
    at = end;
  }
  return refuse(MALFORMED);
}

// JPEG: segments from SOI up to the first scan, a frame header (SOF0-SOF15 but DHT, JPG, DAC)
// before it, and the end-of-image marker after it (entropy-coded data never holds FF D9).
function checkJpeg(b: Uint8Array): ImageCheck {
  let at = 2;
  let size: { width: number; height: number } | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return refuse(MALFORMED);
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill bytes
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return refuse(MALFORMED);
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return refuse(MALFORMED);
    const frame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) {
      if (length < 8) return refuse(MALFORMED);
      size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xda) {
      if (!size) return refuse(MALFORMED);
      for (let scan = at + 2 + length; scan + 1 < b.length; scan += 1) {
        if (b[scan] === 0xff && b[scan + 1] === 0xd9)
          return sized('image/jpeg', size.width, size.height);
      }
      return refuse(MALFORMED);
    }
    at += 2 + length;
  }
  return refuse(MALFORMED);
}

// GIF: the logical screen, its colour table, then extension and image blocks (each image inside
// the screen) down to the trailer.
function skipSubBlocks(b: Uint8Array, at: number): number {
  let next = at;
  while (next < b.length) {
    const length = b[next] ?? 0;
    next += 1 + length;
    if (length === 0) return next;
  }
  return -1;
}

function checkGif(b: Uint8Array): ImageCheck {
  if (b.length < 13) return refuse(MALFORMED);
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  const problem = imageSizeProblem(width, height);
  if (problem) return refuse(problem);
  const flags = b[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let images = 0;
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return images > 0 ? sized('image/gif', width, height) : refuse(MALFORMED);
    if (block === 0x21) {
      at = skipSubBlocks(b, at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return refuse(MALFORMED);
      const left = u16le(b, at + 1);
      const top = u16le(b, at + 3);
      const frameWidth = u16le(b, at + 5);
      const frameHeight = u16le(b, at + 7);
      if (frameWidth === 0 || frameHeight === 0) return refuse(MALFORMED);
      if (left + frameWidth > width || top + frameHeight > height) return refuse(MALFORMED);
      const local = b[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at = skipSubBlocks(b, at + 1); // after the LZW code size
      images += 1;
    } else {
      return refuse(MALFORMED);
    }
    if (at < 0) return refuse(MALFORMED);
  }
  return refuse(MALFORMED);
}

// WebP: a RIFF container exactly as long as it says, then a VP8 (lossy: key frame start code),
// VP8L (lossless: signature byte) or VP8X (extended: canvas size) chunk.
function checkWebp(b: Uint8Array): ImageCheck {
  if (b.length < 30 || u32le(b, 4) + 8 !== b.length) return refuse(MALFORMED);
  const chunk = u32le(b, 16);
  if (20 + chunk > b.length) return refuse(MALFORMED);
  if (ascii(b, 12, 'VP8 ')) {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return refuse(MALFORMED);
    return sized('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return refuse(MALFORMED);
    const bits = u32le(b, 21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) {
    return sized('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return refuse(MALFORMED);
}

/** The image type the first bytes announce, or null. */
export function imageTypeOf(b: Uint8Array): ImageType | null {
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte))
    return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'image/gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  return null;
}

const CHECKS: Record<ImageType, (b: Uint8Array) => ImageCheck> = {
  'image/png': checkPng,
  'image/jpeg': checkJpeg,
  'image/gif': checkGif,
  'image/webp': checkWebp,
};

/**
 * Checks the whole file as the image type it is stored as: the bytes must be of that type, well
 * formed, and at most MAX_IMAGE_PIXELS.
 */
export function checkImage(bytes: Uint8Array, contentType: string): ImageCheck {
  const found = imageTypeOf(bytes);
  if (!found || found !== contentType) {
    return refuse(
      found
        ? `The file is a ${found.slice(6).toUpperCase()} image but its name says otherwise.`
        : 'The file is not an image (JPG, PNG, GIF or WebP).',
    );
  }
  return CHECKS[found](bytes);
}

/** Whether the content type is one checkImage reads. */
export function isCheckedImageType(contentType: string): contentType is ImageType {
  return Object.hasOwn(CHECKS, contentType);
}

// Films are not decoded anywhere on the site's side; their container's first bytes must match.
const FILM_SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'video/mp4': (b) => ascii(b, 4, 'ftyp'),
  'video/webm': (b) => [0x1a, 0x45, 0xdf, 0xa3].every((byte, i) => b[i] === byte),
};

/** Whether a film's first bytes are of its type (null: not a film type this knows). */
export function filmMatches(bytes: Uint8Array, contentType: string): boolean | null {
  const signature = FILM_SIGNATURES[contentType];
  return signature ? signature(bytes) : null;
}
