// The main thread's side of the variants Worker (variants.worker.ts): one Worker per image,
// progress as each width is ready, and null when the file is not one to make variants of (a
// film, an animated GIF) or the browser cannot (no Worker, OffscreenCanvas or WebP encoder):
// the original is then uploaded alone and shown as it is. A file the browser cannot decode is
// refused (MediaRefusedError): it would be stored and shown as a broken image.
import { MediaRefusedError } from '../../data/media';

export type VariantRequest = { file: Blob };
export type VariantReply =
  | { type: 'size'; width: number; height: number; total: number }
  | { type: 'variant'; width: number; blob: Blob; done: number }
  | { type: 'done' }
  | { type: 'error'; message: string; undecodable: boolean };

export type PreparedImage = {
  /** The original's size as shown (EXIF orientation applied). */
  width: number;
  height: number;
  variants: { width: number; blob: Blob }[];
};

/** JPEG, PNG and WebP photos get variants; GIFs may be animated and films are not images. */
const VARIANT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function canMakeVariants(contentType: string): boolean {
  return (
    VARIANT_TYPES.has(contentType) &&
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined'
  );
}

export function prepareImage(
  file: Blob,
  onProgress: (done: number, total: number) => void,
): Promise<PreparedImage | null> {
  if (!canMakeVariants(file.type)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./variants.worker.ts', import.meta.url), {
      type: 'module',
    });
    const prepared: PreparedImage = { width: 0, height: 0, variants: [] };
    let total = 0;
    const finish = (result: PreparedImage | null) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<VariantReply>) => {
      const reply = event.data;
      if (reply.type === 'size') {
        prepared.width = reply.width;
        prepared.height = reply.height;
        total = reply.total;
        onProgress(0, total);
      } else if (reply.type === 'variant') {
        prepared.variants.push({ width: reply.width, blob: reply.blob });
        onProgress(reply.done, total);
      } else if (reply.type === 'done') {
        finish(prepared);
      } else if (reply.undecodable) {
        worker.terminate();
        reject(new MediaRefusedError('The image could not be read: the file is damaged.'));
      } else {
        console.warn('Image variants not made:', reply.message);
        finish(null);
      }
    };
    worker.onerror = (event) => {
      console.warn('Image variants not made:', event.message);
      finish(null);
    };
    worker.postMessage({ file } satisfies VariantRequest);
  });
}
