// An image from the media bucket (an upload or a seed image) on a public page: its WebP width
// variants in srcset when its name announces them (src/config/media.ts), so a phone downloads a
// tile-sized file instead of the uploaded original; the original stays the fallback `src`.
import type { ImgHTMLAttributes } from 'react';
import { mediaSources } from '../config/media';
import { mediaUrl } from '../data/client';

export function MediaImage({
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet' | 'width' | 'height'> & {
  /** A path in the media bucket or a full URL. */
  src: string;
  alt: string;
  /** The slot's width at each breakpoint, e.g. '(min-width: 640px) 50vw, 100vw'. */
  sizes: string;
  /** The box the page reserves (its aspect ratio); the file's own size when omitted. */
  width?: number;
  height?: number;
  /** The page's largest paint: fetched first and never lazily. */
  priority?: boolean;
}) {
  const url = mediaUrl(src);
  const sources = mediaSources(url);
  return (
    <img
      {...rest}
      src={url}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width ?? sources.width}
      height={height ?? sources.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? undefined : 'async'}
    />
  );
}
