// Draws the poster of the featured film and the sponsor-car photos as SVG and writes them as
// WebP with sharp (called by scripts/generate-film.sh).
import sharp from 'sharp';
import { logoMarkSvg } from '../src/config/brand.ts';

const out = 'public/media';

function poster(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/><stop offset="0.6" stop-color="#172554"/><stop offset="1" stop-color="#1e293b"/>
    </linearGradient>
  </defs>
  <rect width="1280" height="720" fill="url(#sky)"/>
  <polygon points="0,560 220,330 380,470 560,250 760,480 930,310 1280,560 1280,720 0,720" fill="#334155"/>
  <polygon points="520,290 560,250 600,290 580,300 560,285 540,300" fill="#e2e8f0"/>
  <polygon points="890,350 930,310 970,350 950,360 930,345 910,360" fill="#e2e8f0"/>
  <path d="M0,700 C300,600 500,640 640,600 C800,560 1000,600 1280,520" stroke="#f59e0b" stroke-width="14" fill="none" stroke-dasharray="40 26"/>
  <text x="80" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#fcd34d" letter-spacing="6">THE FILM</text>
  <text x="80" y="230" font-family="DejaVu Sans, Arial, sans-serif" font-size="76" font-weight="800" fill="#ffffff">Europe Rally 2025</text>
  <circle cx="640" cy="420" r="56" fill="#fbbf24"/>
  <polygon points="622,390 622,450 672,420" fill="#0f172a"/>
</svg>`;
}

function sponsorCar(body: string, accent: string, backdrop: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <rect width="800" height="600" fill="${backdrop}"/>
  <polygon points="0,380 160,220 300,330 460,170 640,340 800,250 800,600 0,600" fill="#475569" opacity="0.7"/>
  <rect y="440" width="800" height="160" fill="#1e293b"/>
  <rect x="150" y="300" width="500" height="130" rx="40" fill="${body}"/>
  <path d="M240,300 L300,220 L500,220 L570,300 Z" fill="${body}"/>
  <path d="M265,296 L310,235 L395,235 L395,296 Z M410,296 L410,235 L490,235 L545,296 Z" fill="#bae6fd"/>
  <rect x="300" y="330" width="200" height="60" rx="10" fill="#ffffff"/>
  <text x="400" y="370" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="800" fill="${accent}">${label}</text>
  <circle cx="260" cy="440" r="48" fill="#0f172a"/><circle cx="260" cy="440" r="20" fill="#94a3b8"/>
  <circle cx="540" cy="440" r="48" fill="#0f172a"/><circle cx="540" cy="440" r="20" fill="#94a3b8"/>
  <rect x="600" y="330" width="40" height="30" rx="6" fill="#fde68a"/>
</svg>`;
}

// The favicon is the logo mark (src/config/brand.ts).
const favicon = `${logoMarkSvg({ size: 64 })}
`;

const jobs: [string, string, number][] = [
  [poster(), `${out}/rally-2025-poster.webp`, 70],
  [sponsorCar('#dc2626', '#dc2626', '#7dd3fc', 'YOUR LOGO'), `${out}/sponsor-car-1.webp`, 72],
  [sponsorCar('#2563eb', '#1d4ed8', '#fcd34d', 'SPONSOR'), `${out}/sponsor-car-2.webp`, 72],
  [sponsorCar('#059669', '#047857', '#c4b5fd', 'THANK YOU'), `${out}/sponsor-car-3.webp`, 72],
];

for (const [svg, file, quality] of jobs) {
  await sharp(Buffer.from(svg)).webp({ quality }).toFile(file);
}
await import('node:fs/promises').then((fs) => fs.writeFile('public/favicon.svg', favicon));
