// Hostile image files for the upload checks (supabase/functions/_shared/formats/image-check.ts), made
// byte by byte so each breaks exactly one rule, and real small images made with sharp. Used by
// the unit tests beside image-check.ts and by tests/contract/hostile-files.test.ts.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** One PNG chunk with its length and a correct CRC, so only what the test means is wrong. */
function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...Buffer.from(type, 'latin1'), ...data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

function ihdr(width: number, height: number, depth: number, colour: number): number[] {
  return chunk('IHDR', new Uint8Array([...u32(width), ...u32(height), depth, colour, 0, 0, 0]));
}

/**
 * A well-formed PNG of black 1-bit pixels: a decompression bomb when large, since its zeros
 * deflate about a thousand to one (8000×8000 is 64 megapixels, 8 MB decoded, a few KB stored;
 * a browser decodes it to 256 MB of RGBA).
 */
export function blackPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const row = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(row * height));
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...ihdr(width, height, 1, 0),
    ...chunk('IDAT', pixels),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

/** A real 1×1 PNG whose header claims another size: the pixels cannot be what it announces. */
export function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  const pixels = deflateSync(Buffer.from([0, 0]));
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...ihdr(width, height, 1, 0),
    ...chunk('IDAT', pixels),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

/** An HTML page behind the PNG signature: it passes a check of the first bytes alone. */
export function htmlBehindPngSignature(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...Buffer.from('<html><script>alert(document.cookie)</script></html>'),
  ]);
}

export const HTML_PAGE = new Uint8Array(
  Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
);

/** A real image of a plain colour, made with sharp (EXIF orientation 1 to 8 when given). */
export async function realImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
  orientation?: number,
): Promise<Uint8Array<ArrayBuffer>> {
  let image = sharp({ create: { width, height, channels: 3, background: '#345' } })[format]();
  if (orientation) image = image.withMetadata({ orientation });
  return new Uint8Array(await image.toBuffer());
}
