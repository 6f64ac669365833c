// The declared content type comes from the uploader, so it proves nothing. For the image and
// video types we know, the first bytes must match, or a script renamed to .png gets stored and
// served as an image.

type Signature = (bytes: Buffer) => boolean;

const startsWith =
  (...magic: number[]): Signature =>
  (bytes) =>
    bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);

const ascii = (bytes: Buffer, start: number, text: string) =>
  bytes.length >= start + text.length &&
  bytes.toString('latin1', start, start + text.length) === text;

const SIGNATURES: Record<string, Signature> = {
  'image/jpeg': startsWith(0xff, 0xd8, 0xff),
  'image/png': startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/gif': (bytes) => ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'),
  'image/webp': (bytes) => ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP'),
  'image/avif': (bytes) => ascii(bytes, 4, 'ftyp') && ascii(bytes, 8, 'avi'),
  'video/mp4': (bytes) => ascii(bytes, 4, 'ftyp'),
  'video/quicktime': (bytes) => ascii(bytes, 4, 'ftyp') || ascii(bytes, 4, 'moov'),
  'video/webm': startsWith(0x1a, 0x45, 0xdf, 0xa3),
};

/**
 * False when the content type is one we can recognise and the bytes are not of that type.
 * Other types (documents, text) are not judged here; the bucket's allowed types decide those.
 */
export function contentMatchesType(mimeType: string, bytes: Buffer): boolean {
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const signature = SIGNATURES[essence];
  if (signature) return signature(bytes);
  if (essence.startsWith('image/') || essence.startsWith('video/')) return bytes.length > 0;
  return true;
}
