// The social card (og-image.png, 1200×630): the hero's colours, the Alps and the route, and
// the logo mark (src/config/brand.ts), drawn as SVG and rasterised by sharp at build time.
import { logoMarkSvg } from '../config/brand';
import { socialImage } from '../config/images';

export const socialCardSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${socialImage.width}" height="${socialImage.height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#020617"/><stop offset="0.55" stop-color="#172554"/><stop offset="1" stop-color="#0f172a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.2" cy="0.2" r="0.45">
      <stop offset="0" stop-color="#f59e0b" stop-opacity="0.45"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <rect width="1200" height="630" fill="url(#sun)"/>
  <polygon points="0,470 200,270 350,390 520,200 720,400 880,250 1200,480 1200,630 0,630" fill="#334155"/>
  <polygon points="480,240 520,200 560,240 540,252 520,236 500,252" fill="#e2e8f0"/>
  <polygon points="840,290 880,250 920,290 900,302 880,286 860,302" fill="#e2e8f0"/>
  <path d="M0,610 C280,520 480,560 600,520 C760,470 960,520 1200,440" stroke="#f59e0b" stroke-width="14" fill="none" stroke-dasharray="40 26"/>
  <g transform="translate(80 80)">${logoMarkSvg({ size: 150, standalone: false })}</g>
</svg>`;

/** Writes the card as a palette PNG to `file`. */
export async function writeSocialCard(file: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  await sharp(Buffer.from(socialCardSvg)).png({ compressionLevel: 9, palette: true }).toFile(file);
}
