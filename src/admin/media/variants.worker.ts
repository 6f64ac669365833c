// Makes the WebP width variants of one uploaded image off the main thread, so a 12 MB phone photo
// never freezes the admin tab: decode with the photo's EXIF orientation applied, then draw each
// width (largest first, each from the one before, which keeps the downscaling sharp) on an
// OffscreenCanvas and encode it. The rules (widths, quality, names) are src/config/media.ts.
import { MEDIA_VARIANT_QUALITY, mediaVariantWidths } from '../../config/media';
import type { VariantReply, VariantRequest } from './variants';

// The DOM library types `self` as a Window; in a dedicated worker it is this much.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<VariantRequest>) => void) | null;
  postMessage(message: VariantReply): void;
};

/** The browser could not decode the file: it is no image to store, unlike a missing encoder. */
class Undecodable extends Error {}

async function makeVariants({ file }: VariantRequest): Promise<void> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(
    (error: unknown) => {
      throw new Undecodable(error instanceof Error ? error.message : String(error));
    },
  );
  const { width, height } = bitmap;
  const widths = mediaVariantWidths(width).sort((a, b) => b - a);
  scope.postMessage({ type: 'size', width, height, total: widths.length });
  let source: CanvasImageSource = bitmap;
  for (const [index, variantWidth] of widths.entries()) {
    const variantHeight = Math.max(1, Math.round((height * variantWidth) / width));
    const canvas = new OffscreenCanvas(variantWidth, variantHeight);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, variantWidth, variantHeight);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: MEDIA_VARIANT_QUALITY });
    // A browser that cannot encode WebP answers PNG: no variants rather than wrong ones.
    if (blob.type !== 'image/webp') throw new Error('This browser cannot encode WebP');
    scope.postMessage({ type: 'variant', width: variantWidth, blob, done: index + 1 });
    source = canvas;
  }
  bitmap.close();
  scope.postMessage({ type: 'done' });
}

scope.onmessage = (event) => {
  makeVariants(event.data).catch((error: unknown) =>
    scope.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      undecodable: error instanceof Undecodable,
    }),
  );
};
