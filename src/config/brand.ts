// The rally's logo mark, drawn in code: an amber badge with a road winding up to a chequered
// flag. The header and footer draw it with React (src/components/LogoMark.tsx); the favicon
// (scripts/generate-images.ts) and the social card (src/prerender/social-card.ts) take the same
// shapes as SVG markup, so the mark is defined once.

/** One shape of the mark, on a 48 × 48 grid. */
export type LogoShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx?: number; fill: string }
  | {
      kind: 'path';
      d: string;
      fill?: string;
      stroke?: string;
      strokeWidth?: number;
      dash?: string;
    };

export const LOGO_VIEWBOX = 48;

const badge = '#fbbf24';
const road = '#0a1424';
const line = '#fde68a';

/** The flag's chequers: two rows of four, dark on the badge. */
const chequers: LogoShape[] = [0, 1, 2, 3].flatMap((column) =>
  [0, 1].flatMap((row) =>
    (column + row) % 2 === 0
      ? [
          {
            kind: 'rect' as const,
            x: 25 + column * 4,
            y: 8 + row * 4,
            width: 4,
            height: 4,
            fill: road,
          },
        ]
      : [],
  ),
);

export const LOGO_SHAPES: readonly LogoShape[] = [
  { kind: 'rect', x: 0, y: 0, width: 48, height: 48, rx: 12, fill: badge },
  // The road: from the bottom edge, one sweep left and one right, up to the flag's pole.
  {
    kind: 'path',
    d: 'M14 48 C14 38 34 38 32 30 C30 23 16 26 23 17',
    stroke: road,
    strokeWidth: 7,
  },
  {
    kind: 'path',
    d: 'M14 48 C14 38 34 38 32 30 C30 23 16 26 23 17',
    stroke: line,
    strokeWidth: 1.5,
    dash: '3 3',
  },
  // The flag: its pole, then the chequered cloth.
  { kind: 'rect', x: 23, y: 6, width: 2, height: 14, rx: 1, fill: road },
  { kind: 'rect', x: 25, y: 8, width: 16, height: 8, fill: '#ffffff' },
  ...chequers,
];

const attr = (name: string, value: string | number | undefined) =>
  value === undefined ? '' : ` ${name}="${value}"`;

/** The mark as SVG markup of `size` pixels (a `<g>` when `standalone` is false). */
export function logoMarkSvg({ size = LOGO_VIEWBOX, standalone = true } = {}): string {
  const shapes = LOGO_SHAPES.map((shape) =>
    shape.kind === 'rect'
      ? `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}"${attr('rx', shape.rx)} fill="${shape.fill}"/>`
      : `<path d="${shape.d}" fill="${shape.fill ?? 'none'}"${attr('stroke', shape.stroke)}${attr('stroke-width', shape.strokeWidth)}${attr('stroke-dasharray', shape.dash)} stroke-linecap="round"/>`,
  ).join('');
  const scale = size / LOGO_VIEWBOX;
  return standalone
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOGO_VIEWBOX} ${LOGO_VIEWBOX}" width="${size}" height="${size}">${shapes}</svg>`
    : `<g transform="scale(${scale})">${shapes}</g>`;
}
