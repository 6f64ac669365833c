// The site's own images (public/media/*.webp, drawn by scripts/generate-images.ts) are also served
// at these widths as AVIF and WebP: the build writes them (vite.config.ts) and <ResponsiveImage>
// lists them in srcset, both from this one rule.
export const responsiveWidths = [400, 800, 1280] as const;
export const responsiveFormats = ['avif', 'webp'] as const;
export type ResponsiveFormat = (typeof responsiveFormats)[number];

/** The widths an image of `width` pixels is offered at (never wider than the original). */
export function widthsFor(width: number): number[] {
  return [...responsiveWidths.filter((candidate) => candidate < width), width];
}

/** `/media/car.webp` at 400 px as AVIF → `/media/car-400w.avif`. */
export function variantUrl(src: string, width: number, format: ResponsiveFormat): string {
  return `${src.replace(/\.webp$/, '')}-${width}w.${format}`;
}

/** Matches a variant's path: base path (without extension), width, format. */
export const variantPattern = /^(\/media\/[\w-]+)-(\d+)w\.(avif|webp)$/;

/** The social card made at build time (src/prerender/social-card.ts): 1200×630, as the networks ask. */
export const socialImage = { path: '/og-image.png', width: 1200, height: 630 } as const;
