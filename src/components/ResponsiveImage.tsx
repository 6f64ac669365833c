import { responsiveFormats, variantUrl, widthsFor } from '../config/images';

/**
 * One of the site's own images (public/media/*.webp) as a <picture>: AVIF, then WebP, each at
 * the widths of src/config/images.ts, with its size reserved (width and height) and, unless it is
 * the page's main image, loaded only when it nears the viewport.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** The image that is the page's largest paint: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}) {
  const srcSet = (format: (typeof responsiveFormats)[number]) =>
    widthsFor(width)
      .map((candidate) => `${variantUrl(src, candidate, format)} ${candidate}w`)
      .join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <img
        src={src}
        srcSet={srcSet('webp')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
