// The demo images, drawn as SVG in code: rally landscapes chosen from words in each file name
// (alps, lake, pass, vineyard, town, convoy ...), sponsor logo marks and portrait silhouettes.
// No <text>: fonts differ between machines, and the images must be identical everywhere.
import { type Random, randomFor } from './random';

export interface Size {
  width: number;
  height: number;
}

const fmt = (value: number) => Number(value.toFixed(1));

function hasAny(words: string, list: readonly string[]): boolean {
  return list.some((word) => words.includes(word));
}

const MOUNTAIN_WORDS = ['alps', 'pass', 'glacier', 'summit', 'col-', 'stelvio', 'furka', 'grimsel', 'gotthard', 'bonette', 'larche', 'forclaz', 'barcelonnette', 'bormio', 'mountain', 'bolzano', 'napoleon', 'thunderstorm'];
const WATER_WORDS = ['lake', 'lac-', 'beach', 'ferry', 'shuttle', 'coast', 'reservoir', 'shoreline', 'promenade', 'waterfront', 'swim', 'dover', 'portsmouth', 'folkestone', 'como', 'garda', 'annecy', 'geneva', 'lucerne', 'bellagio', 'riva'];
const HILL_WORDS = ['vineyard', 'champagne', 'burgundy', 'loire', 'forest', 'lanes', 'normandy', 'rhine', 'valley', 'reims', 'picnic', 'mist'];
const TOWN_WORDS = ['town', 'square', 'cathedral', 'castle', 'chateau', 'turin', 'luxembourg', 'london', 'strasbourg', 'arrival', 'dinner', 'party', 'finish', 'hotel', 'village', 'meetup', 'auction'];
const CAR_WORDS = ['convoy', 'cars', 'mini', 'fuel', 'repairs', 'drive', 'ferry', 'shuttle', 'bends', 'hairpins', 'switchbacks', 'descent', 'crossing', 'arrival', 'rally', 'workshop', 'garage', 'sponsor'];
const PEOPLE_WORDS = ['team', 'family', 'families', 'volunteers', 'cheque', 'picnic', 'dinner', 'party', 'crews', 'meetup', 'auction', 'checkpoint'];
const WINDING_WORDS = ['pass', 'hairpins', 'switchbacks', 'bends', 'descent', 'col-', 'napoleon'];

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ground: string;
  water: string;
}

function paletteFor(words: string, random: Random): Palette {
  if (hasAny(words, ['night', 'dusk', 'thunderstorm']))
    return { skyTop: '#0f172a', skyBottom: '#475569', sun: '#e2e8f0', far: '#334155', near: '#1e293b', ground: '#1f2937', water: '#1e3a5f' };
  if (hasAny(words, ['sunrise', 'dawn', 'sunset', 'golden', 'morning']))
    return { skyTop: '#fb923c', skyBottom: '#fde68a', sun: '#fff7ed', far: '#9a6b8f', near: '#5b4b6b', ground: '#4d5b3a', water: '#f59e0b' };
  if (hasAny(words, ['mist', 'rain', 'glacier']))
    return { skyTop: '#94a3b8', skyBottom: '#e2e8f0', sun: '#f8fafc', far: '#a3b1c2', near: '#64748b', ground: '#5f7a5a', water: '#7c9cb5' };
  return random.pick<Palette>([
    { skyTop: '#38bdf8', skyBottom: '#e0f2fe', sun: '#fef9c3', far: '#7c9cc4', near: '#3f5f7f', ground: '#4d7c0f', water: '#0ea5e9' },
    { skyTop: '#60a5fa', skyBottom: '#dbeafe', sun: '#fffbeb', far: '#8aa4c8', near: '#4b6584', ground: '#3f6212', water: '#0284c7' },
    { skyTop: '#0ea5e9', skyBottom: '#f0f9ff', sun: '#fefce8', far: '#94a3b8', near: '#52667a', ground: '#65a30d', water: '#0369a1' },
  ]);
}

function ridge(random: Random, size: Size, baseY: number, amplitude: number, peaks: number): string {
  const points: string[] = [`0,${size.height}`, `0,${fmt(baseY)}`];
  const step = size.width / peaks;
  for (let index = 0; index <= peaks; index += 1) {
    const x = index * step;
    points.push(`${fmt(x + step * random.between(0.1, 0.4))},${fmt(baseY - amplitude * random.between(0.5, 1))}`);
    points.push(`${fmt(x + step * random.between(0.6, 0.9))},${fmt(baseY - amplitude * random.between(0, 0.3))}`);
  }
  points.push(`${size.width},${size.height}`);
  return points.join(' ');
}

function mountains(random: Random, size: Size, palette: Palette, horizon: number): string {
  const far = ridge(random, size, horizon, size.height * 0.42, random.integer(3, 5));
  const near = ridge(random, size, horizon + size.height * 0.05, size.height * 0.28, random.integer(2, 4));
  // Snow caps: the far ridge clipped to its top band, drawn in white.
  const snowLine = horizon - size.height * 0.26;
  return `<polygon points="${far}" fill="${palette.far}"/>
<clipPath id="snow"><rect x="0" y="0" width="${size.width}" height="${fmt(snowLine)}"/></clipPath>
<polygon points="${far}" fill="#f8fafc" clip-path="url(#snow)" opacity="0.95"/>
<polygon points="${near}" fill="${palette.near}"/>`;
}

function hills(random: Random, size: Size, palette: Palette, horizon: number, withRows: boolean): string {
  const layers: string[] = [];
  for (let layer = 0; layer < 3; layer += 1) {
    const y = horizon + layer * size.height * 0.07;
    const wave = size.height * random.between(0.04, 0.09);
    const d = `M0 ${fmt(y)} C ${fmt(size.width * 0.25)} ${fmt(y - wave)}, ${fmt(size.width * 0.5)} ${fmt(y + wave)}, ${fmt(size.width * 0.75)} ${fmt(y - wave / 2)} S ${size.width} ${fmt(y)}, ${size.width} ${fmt(y)} L ${size.width} ${size.height} L 0 ${size.height} Z`;
    layers.push(`<path d="${d}" fill="${palette.ground}" opacity="${fmt(0.55 + layer * 0.2)}"/>`);
  }
  if (withRows) {
    for (let row = 0; row < 9; row += 1) {
      const y = horizon + size.height * 0.12 + row * size.height * 0.035;
      layers.push(`<line x1="0" y1="${fmt(y)}" x2="${size.width}" y2="${fmt(y + size.height * 0.02)}" stroke="#365314" stroke-width="${fmt(size.height * 0.006)}" stroke-dasharray="${fmt(size.width * 0.012)} ${fmt(size.width * 0.008)}" opacity="0.7"/>`);
    }
  }
  for (let tree = 0; tree < random.integer(4, 10); tree += 1) {
    const x = random.between(0, size.width);
    const y = horizon + random.between(0, size.height * 0.12);
    const h = size.height * random.between(0.05, 0.1);
    layers.push(`<polygon points="${fmt(x)},${fmt(y - h)} ${fmt(x - h * 0.3)},${fmt(y)} ${fmt(x + h * 0.3)},${fmt(y)}" fill="#14532d"/>`);
  }
  return layers.join('\n');
}

function lake(random: Random, size: Size, palette: Palette, top: number): string {
  const height = size.height * random.between(0.14, 0.22);
  const glints: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    const x = random.between(0, size.width * 0.9);
    const y = top + random.between(4, height - 4);
    glints.push(`<line x1="${fmt(x)}" y1="${fmt(y)}" x2="${fmt(x + size.width * random.between(0.03, 0.09))}" y2="${fmt(y)}" stroke="#ffffff" stroke-width="2" opacity="0.45"/>`);
  }
  return `<rect x="0" y="${fmt(top)}" width="${size.width}" height="${fmt(height)}" fill="${palette.water}"/>
${glints.join('\n')}`;
}

function town(random: Random, size: Size, baseY: number): string {
  const parts: string[] = [];
  let x = random.between(-20, 20);
  while (x < size.width) {
    const width = size.width * random.between(0.05, 0.1);
    const height = size.height * random.between(0.1, 0.26);
    const colour = random.pick(['#e7d8c9', '#d6c3a5', '#c9b79c', '#f1e4d0', '#b9a48a']);
    parts.push(`<rect x="${fmt(x)}" y="${fmt(baseY - height)}" width="${fmt(width)}" height="${fmt(height)}" fill="${colour}"/>`);
    parts.push(`<polygon points="${fmt(x - 3)},${fmt(baseY - height)} ${fmt(x + width / 2)},${fmt(baseY - height - width * 0.45)} ${fmt(x + width + 3)},${fmt(baseY - height)}" fill="#9a3412"/>`);
    for (let wy = baseY - height + 10; wy < baseY - 14; wy += 18) {
      for (let wx = x + 6; wx < x + width - 10; wx += 14) {
        parts.push(`<rect x="${fmt(wx)}" y="${fmt(wy)}" width="6" height="9" fill="#334155" opacity="0.7"/>`);
      }
    }
    if (random.chance(0.12)) {
      const spire = size.height * 0.14;
      parts.push(`<polygon points="${fmt(x + width / 2 - 6)},${fmt(baseY - height - width * 0.3)} ${fmt(x + width / 2)},${fmt(baseY - height - width * 0.3 - spire)} ${fmt(x + width / 2 + 6)},${fmt(baseY - height - width * 0.3)}" fill="#78716c"/>`);
    }
    x += width + random.between(2, 12);
  }
  return parts.join('\n');
}

function road(random: Random, size: Size, horizon: number, winding: boolean): string {
  const width = size.width * 0.07;
  let d: string;
  if (winding) {
    const turns = random.integer(3, 5);
    const points: string[] = [`M ${fmt(size.width * 0.15)} ${size.height}`];
    for (let turn = 1; turn <= turns; turn += 1) {
      const y = size.height - ((size.height - horizon) * turn) / turns;
      const x = turn % 2 === 0 ? size.width * 0.2 : size.width * 0.8;
      points.push(`Q ${fmt(x)} ${fmt(y + (size.height - horizon) / turns / 2)} ${fmt(size.width * 0.5)} ${fmt(y)}`);
    }
    d = points.join(' ');
  } else {
    const bend = random.between(0.3, 0.7);
    d = `M ${fmt(size.width * random.between(0.2, 0.45))} ${size.height} C ${fmt(size.width * bend)} ${fmt(size.height * 0.8)}, ${fmt(size.width * (1 - bend))} ${fmt(horizon + 40)}, ${fmt(size.width * random.between(0.45, 0.6))} ${fmt(horizon)}`;
  }
  return `<path d="${d}" stroke="#44403c" stroke-width="${fmt(width)}" fill="none" stroke-linecap="round"/>
<path d="${d}" stroke="#fafaf9" stroke-width="${fmt(width * 0.06)}" fill="none" stroke-dasharray="${fmt(width * 0.5)} ${fmt(width * 0.5)}"/>`;
}

export const CAR_COLOURS = ['#dc2626', '#2563eb', '#16a34a', '#facc15', '#f97316', '#e5e7eb', '#0f172a', '#7c3aed'];

/** A side-on classic car, `length` wide, its wheels resting on y. */
export function car(x: number, y: number, length: number, colour: string, facingLeft = false): string {
  const h = length * 0.32;
  const wheel = length * 0.11;
  const flip = facingLeft ? ` transform="translate(${fmt(2 * x + length)} 0) scale(-1 1)"` : '';
  return `<g${flip}>
<path d="M ${fmt(x)} ${fmt(y - wheel)} L ${fmt(x)} ${fmt(y - h * 0.75)} Q ${fmt(x + length * 0.05)} ${fmt(y - h)} ${fmt(x + length * 0.2)} ${fmt(y - h)} L ${fmt(x + length * 0.3)} ${fmt(y - h)} L ${fmt(x + length * 0.42)} ${fmt(y - h * 1.55)} L ${fmt(x + length * 0.72)} ${fmt(y - h * 1.55)} L ${fmt(x + length * 0.86)} ${fmt(y - h)} L ${fmt(x + length * 0.97)} ${fmt(y - h * 0.9)} Q ${fmt(x + length)} ${fmt(y - h * 0.6)} ${fmt(x + length)} ${fmt(y - wheel)} Z" fill="${colour}" stroke="#1f2937" stroke-width="${fmt(length * 0.012)}"/>
<path d="M ${fmt(x + length * 0.45)} ${fmt(y - h * 1.45)} L ${fmt(x + length * 0.56)} ${fmt(y - h * 1.45)} L ${fmt(x + length * 0.56)} ${fmt(y - h * 1.05)} L ${fmt(x + length * 0.36)} ${fmt(y - h * 1.05)} Z M ${fmt(x + length * 0.6)} ${fmt(y - h * 1.45)} L ${fmt(x + length * 0.7)} ${fmt(y - h * 1.45)} L ${fmt(x + length * 0.8)} ${fmt(y - h * 1.05)} L ${fmt(x + length * 0.6)} ${fmt(y - h * 1.05)} Z" fill="#bfdbfe"/>
<circle cx="${fmt(x + length * 0.22)}" cy="${fmt(y - wheel)}" r="${fmt(wheel)}" fill="#111827"/>
<circle cx="${fmt(x + length * 0.78)}" cy="${fmt(y - wheel)}" r="${fmt(wheel)}" fill="#111827"/>
<circle cx="${fmt(x + length * 0.22)}" cy="${fmt(y - wheel)}" r="${fmt(wheel * 0.45)}" fill="#9ca3af"/>
<circle cx="${fmt(x + length * 0.78)}" cy="${fmt(y - wheel)}" r="${fmt(wheel * 0.45)}" fill="#9ca3af"/>
<circle cx="${fmt(x + length * 0.5)}" cy="${fmt(y - h * 0.6)}" r="${fmt(length * 0.06)}" fill="#ffffff" stroke="#1f2937" stroke-width="1"/>
</g>`;
}

function person(x: number, baseY: number, height: number, colour: string): string {
  const head = height * 0.14;
  return `<circle cx="${fmt(x)}" cy="${fmt(baseY - height + head)}" r="${fmt(head)}" fill="#f1c27d"/>
<path d="M ${fmt(x - height * 0.2)} ${fmt(baseY)} L ${fmt(x - height * 0.17)} ${fmt(baseY - height * 0.62)} Q ${fmt(x)} ${fmt(baseY - height * 0.78)} ${fmt(x + height * 0.17)} ${fmt(baseY - height * 0.62)} L ${fmt(x + height * 0.2)} ${fmt(baseY)} Z" fill="${colour}"/>`;
}

/** A rally landscape for a file name such as `2024-grimsel-pass-reservoir`. */
export function sceneSvg(name: string, size: Size, options: { cars?: boolean } = {}): string {
  const random = randomFor(name);
  const words = name.toLowerCase();
  const palette = paletteFor(words, random);
  const horizon = size.height * random.between(0.5, 0.62);
  const isMountain = hasAny(words, MOUNTAIN_WORDS) || (!hasAny(words, TOWN_WORDS) && random.chance(0.4));
  const hasWater = hasAny(words, WATER_WORDS);
  const isTown = hasAny(words, TOWN_WORDS);
  const isHills = hasAny(words, HILL_WORDS) || (!isMountain && !isTown);
  const withCars = options.cars ?? (hasAny(words, CAR_WORDS) || random.chance(0.5));
  const withPeople = hasAny(words, PEOPLE_WORDS);

  const layers: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>`,
    `<rect width="${size.width}" height="${size.height}" fill="url(#sky)"/>`,
    `<circle cx="${fmt(size.width * random.between(0.15, 0.85))}" cy="${fmt(size.height * random.between(0.12, 0.3))}" r="${fmt(size.height * 0.07)}" fill="${palette.sun}" opacity="0.9"/>`,
  ];
  for (let cloud = 0; cloud < random.integer(1, 4); cloud += 1) {
    const cx = random.between(0, size.width);
    const cy = random.between(size.height * 0.08, size.height * 0.3);
    const w = size.width * random.between(0.06, 0.12);
    layers.push(`<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(w)}" ry="${fmt(w * 0.3)}" fill="#ffffff" opacity="0.7"/>`);
  }
  if (isMountain) layers.push(mountains(random, size, palette, horizon));
  layers.push(`<rect x="0" y="${fmt(horizon)}" width="${size.width}" height="${fmt(size.height - horizon)}" fill="${palette.ground}"/>`);
  if (hasWater) layers.push(lake(random, size, palette, horizon));
  if (isHills) layers.push(hills(random, size, palette, horizon + (hasWater ? size.height * 0.12 : 0), hasAny(words, ['vineyard', 'champagne', 'burgundy', 'reims'])));
  if (isTown) layers.push(town(random, size, horizon + size.height * (hasWater ? 0.2 : 0.08)));
  layers.push(road(random, size, horizon + size.height * 0.1, hasAny(words, WINDING_WORDS)));
  if (withCars) {
    const count = hasAny(words, ['convoy', 'cars', 'crews', 'lined']) ? random.integer(3, 4) : random.integer(1, 2);
    const length = size.width * 0.16;
    for (let index = 0; index < count; index += 1) {
      const x = size.width * 0.06 + index * length * 1.15 + random.between(0, size.width * 0.05);
      layers.push(car(x, size.height * random.between(0.9, 0.96), length, random.pick(CAR_COLOURS), random.chance(0.3)));
    }
  }
  if (withPeople) {
    const count = random.integer(3, 7);
    for (let index = 0; index < count; index += 1) {
      layers.push(person(size.width * (0.5 + index * 0.065), size.height * 0.97, size.height * random.between(0.22, 0.3), random.pick(['#1d4ed8', '#b91c1c', '#047857', '#6d28d9', '#0f766e', '#c2410c'])));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">
${layers.join('\n')}
</svg>`;
}

/** A sponsor's logo mark: an emblem and a wordmark of bars (no fonts), in the sponsor's colours. */
export function logoSvg(name: string, size: Size): string {
  const random = randomFor(name);
  const [primary, secondary] = random.pick([
    ['#1e3a8a', '#f59e0b'],
    ['#7f1d1d', '#fbbf24'],
    ['#065f46', '#a7f3d0'],
    ['#312e81', '#f472b6'],
    ['#0f172a', '#38bdf8'],
    ['#9a3412', '#fde68a'],
  ] as const);
  const cx = size.height * 0.5;
  const cy = size.height * 0.5;
  const r = size.height * 0.34;
  const emblem = random.pick([
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${primary}"/><polygon points="${fmt(cx - r * 0.6)},${fmt(cy + r * 0.35)} ${fmt(cx - r * 0.1)},${fmt(cy - r * 0.45)} ${fmt(cx + r * 0.15)},${fmt(cy - r * 0.05)} ${fmt(cx + r * 0.3)},${fmt(cy - r * 0.25)} ${fmt(cx + r * 0.65)},${fmt(cy + r * 0.35)}" fill="${secondary}"/>`,
    `<polygon points="${[0, 1, 2, 3, 4, 5].map((i) => `${fmt(cx + r * Math.cos((Math.PI / 3) * i))},${fmt(cy + r * Math.sin((Math.PI / 3) * i))}`).join(' ')}" fill="${primary}"/><circle cx="${cx}" cy="${cy}" r="${fmt(r * 0.42)}" fill="${secondary}"/>`,
    `<path d="M ${fmt(cx - r)} ${fmt(cy - r * 0.8)} L ${fmt(cx + r)} ${fmt(cy - r * 0.8)} L ${fmt(cx + r)} ${fmt(cy + r * 0.1)} Q ${fmt(cx + r)} ${fmt(cy + r * 0.8)} ${cx} ${fmt(cy + r * 1.05)} Q ${fmt(cx - r)} ${fmt(cy + r * 0.8)} ${fmt(cx - r)} ${fmt(cy + r * 0.1)} Z" fill="${primary}"/><rect x="${fmt(cx - r * 0.12)}" y="${fmt(cy - r * 0.6)}" width="${fmt(r * 0.24)}" height="${fmt(r * 1.3)}" fill="${secondary}"/>`,
    `<rect x="${fmt(cx - r)}" y="${fmt(cy - r)}" width="${fmt(2 * r)}" height="${fmt(2 * r)}" rx="${fmt(r * 0.3)}" fill="${primary}"/><circle cx="${fmt(cx - r * 0.35)}" cy="${fmt(cy + r * 0.3)}" r="${fmt(r * 0.25)}" fill="${secondary}"/><circle cx="${fmt(cx + r * 0.35)}" cy="${fmt(cy + r * 0.3)}" r="${fmt(r * 0.25)}" fill="${secondary}"/><rect x="${fmt(cx - r * 0.6)}" y="${fmt(cy - r * 0.45)}" width="${fmt(r * 1.2)}" height="${fmt(r * 0.5)}" rx="${fmt(r * 0.1)}" fill="${secondary}"/>`,
  ]);
  const wordStart = size.height * 0.98;
  const bars: string[] = [];
  let x = wordStart;
  const lineY = size.height * 0.36;
  for (const word of name.split(/\s+/).slice(0, 3)) {
    const width = Math.min(word.length * size.height * 0.075, size.width - x - size.height * 0.1);
    if (width <= 0) break;
    bars.push(`<rect x="${fmt(x)}" y="${fmt(lineY)}" width="${fmt(width)}" height="${fmt(size.height * 0.13)}" rx="${fmt(size.height * 0.03)}" fill="${primary}"/>`);
    x += width + size.height * 0.06;
  }
  bars.push(`<rect x="${fmt(wordStart)}" y="${fmt(size.height * 0.56)}" width="${fmt((x - wordStart) * 0.6)}" height="${fmt(size.height * 0.07)}" rx="${fmt(size.height * 0.03)}" fill="${secondary}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">
<rect width="${size.width}" height="${size.height}" fill="#ffffff"/>
${emblem}
${bars.join('\n')}
</svg>`;
}

/** A head-and-shoulders silhouette (two for a couple) on a soft background. */
export function portraitSvg(name: string, size: Size): string {
  const random = randomFor(name);
  const background = random.pick(['#dbeafe', '#fce7f3', '#dcfce7', '#fef3c7', '#ede9fe', '#e0f2fe']);
  const people = name.includes('-and-') || name.includes('whitfield') ? 2 : 1;
  const figures: string[] = [];
  for (let index = 0; index < people; index += 1) {
    const cx = people === 1 ? size.width / 2 : size.width * (index === 0 ? 0.34 : 0.66);
    const scale = people === 1 ? 1 : 0.8;
    const headR = size.width * 0.16 * scale;
    const headY = size.height * 0.42 + (index === 1 ? size.height * 0.03 : 0);
    const skin = random.pick(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
    const hair = random.pick(['#2d1b0e', '#4b2e1a', '#a0522d', '#d6b370', '#6b7280', '#111827']);
    const top = random.pick(['#1d4ed8', '#b91c1c', '#047857', '#6d28d9', '#0f766e', '#334155']);
    figures.push(`<ellipse cx="${fmt(cx)}" cy="${fmt(size.height * 1.02)}" rx="${fmt(size.width * 0.3 * scale)}" ry="${fmt(size.height * 0.3 * scale)}" fill="${top}"/>
<rect x="${fmt(cx - headR * 0.4)}" y="${fmt(headY + headR * 0.7)}" width="${fmt(headR * 0.8)}" height="${fmt(headR * 0.8)}" fill="${skin}"/>
<circle cx="${fmt(cx)}" cy="${fmt(headY)}" r="${fmt(headR)}" fill="${skin}"/>
<path d="M ${fmt(cx - headR * 1.05)} ${fmt(headY)} Q ${fmt(cx - headR)} ${fmt(headY - headR * 1.35)} ${fmt(cx)} ${fmt(headY - headR * 1.1)} Q ${fmt(cx + headR)} ${fmt(headY - headR * 1.35)} ${fmt(cx + headR * 1.05)} ${fmt(headY)} Q ${fmt(cx + headR * 0.6)} ${fmt(headY - headR * 0.5)} ${fmt(cx)} ${fmt(headY - headR * 0.55)} Q ${fmt(cx - headR * 0.6)} ${fmt(headY - headR * 0.5)} ${fmt(cx - headR * 1.05)} ${fmt(headY)} Z" fill="${hair}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">
<rect width="${size.width}" height="${size.height}" fill="${background}"/>
${figures.join('\n')}
</svg>`;
}
