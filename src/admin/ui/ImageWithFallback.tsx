import { useState, type ImgHTMLAttributes } from 'react';
import { mediaUrl } from '../../data/client';

// Drawn here rather than downloaded: a neutral picture frame for any preview that fails to load.
const FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e2e8f0"/><path d="M120 210l60-70 45 50 30-35 65 55z" fill="#94a3b8"/><circle cx="255" cy="110" r="22" fill="#94a3b8"/></svg>',
)}`;

/** An admin preview: bucket paths resolve to public URLs; a broken image shows the fallback. */
export function ImageWithFallback({
  src,
  alt,
  ...img
}: { src: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const resolved = mediaUrl(src);
  return (
    <img
      {...img}
      src={failedSrc === resolved ? FALLBACK_IMAGE : resolved}
      alt={alt}
      onError={() => setFailedSrc(resolved)}
      data-fallback={failedSrc === resolved || undefined}
    />
  );
}
