// Generates every media file supabase/seed.sql refers to (`seed/...webp` images, `seed/...mp4`
// films), deterministically and offline: SVG drawn in code, encoded by sharp (WebP) and a
// WebAssembly H.264 encoder (MP4). Results are cached by content hash, so only the first seed on
// a machine pays for the encoding. Nothing is downloaded and no binary is committed.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CAR_COLOURS, type Size, car, logoSvg, portraitSvg, sceneSvg } from './draw';
import { randomFor } from './random';
import { sizedMedia } from '../../src/config/media';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SEED_SQL = path.join(PROJECT_ROOT, 'supabase/seed.sql');
const DEFAULT_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules/.cache/europe-rally-seed-media');

/** Bump to regenerate every cached file after a change in how images are encoded. */
const GENERATOR_VERSION = '1';

export interface SeedMediaFile {
  /** The object name in the media bucket, e.g. seed/gallery/2024-furka-pass-viewpoint.webp */
  path: string;
  contentType: 'image/webp' | 'video/mp4';
  bytes: Buffer;
}

/** Every bucket path the seed refers to, in order of first appearance. */
export function seedMediaPaths(seedSql: string): string[] {
  const paths = new Set<string>();
  for (const match of seedSql.matchAll(/'(seed\/[a-z0-9][a-z0-9/.-]*\.(?:webp|mp4))'/g)) {
    if (match[1]) paths.add(match[1]);
  }
  return [...paths];
}

export async function readSeedMediaPaths(seedFile = SEED_SQL): Promise<string[]> {
  return seedMediaPaths(await readFile(seedFile, 'utf8'));
}

/** The name without the extension and the size: 'seed/news/lake.1200x675.webp' → 'lake'. */
const baseName = (mediaPath: string) =>
  path.basename(mediaPath).replace(/(\.\d+x\d+)?\.[a-z0-9]+$/, '');

/** The drawing for an image path, chosen by its folder. */
function svgFor(mediaPath: string): string {
  const name = baseName(mediaPath);
  const folder = mediaPath.split('/')[1] ?? '';
  const sizes: Record<string, Size> = {
    gallery: { width: 840, height: 560 },
    sponsors: { width: 480, height: 240 },
    people: { width: 400, height: 400 },
    videos: { width: 960, height: 540 },
  };
  // The size the name announces (src/config/media.ts) wins over the folder's.
  const size = sizedMedia(mediaPath) ?? sizes[folder] ?? { width: 1200, height: 675 };
  if (folder === 'sponsors') return logoSvg(name.replace(/-/g, ' '), size);
  if (folder === 'people') return portraitSvg(name, size);
  return sceneSvg(name, size, folder === 'videos' ? { cars: true } : {});
}

const FILM: Size & { frames: number; frameRate: number } = {
  width: 384,
  height: 216,
  frames: 36,
  frameRate: 12,
};

/** A short film: a car driving across the scene of its name, three seconds long. */
async function encodeFilm(name: string): Promise<Buffer> {
  const background = await sharp(Buffer.from(sceneSvg(name, FILM, { cars: false })))
    .ensureAlpha()
    .raw()
    .toBuffer();
  const random = randomFor(`${name}:car`);
  const carLength = Math.round(FILM.width * 0.22);
  const carSize = { width: carLength + 4, height: Math.round(carLength * 0.62) };
  const carImage = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${carSize.width}" height="${carSize.height}">${car(2, carSize.height - 2, carLength, random.pick(CAR_COLOURS))}</svg>`,
    ),
  )
    .png()
    .toBuffer();

  const { createH264MP4Encoder } = await import('h264-mp4-encoder');
  const encoder = await createH264MP4Encoder();
  encoder.width = FILM.width;
  encoder.height = FILM.height;
  encoder.frameRate = FILM.frameRate;
  encoder.quantizationParameter = 30;
  encoder.speed = 10;
  encoder.outputFilename = `${name}.mp4`;
  encoder.initialize();
  try {
    const travel = FILM.width + carSize.width;
    for (let frame = 0; frame < FILM.frames; frame += 1) {
      const left = Math.round((frame / (FILM.frames - 1)) * travel) - carSize.width;
      const visibleLeft = Math.max(0, left);
      const crop = visibleLeft - left;
      const visibleWidth = Math.min(carSize.width - crop, FILM.width - visibleLeft);
      let pixels = background;
      if (visibleWidth > 0) {
        const piece =
          crop === 0 && visibleWidth === carSize.width
            ? carImage
            : await sharp(carImage)
                .extract({ left: crop, top: 0, width: visibleWidth, height: carSize.height })
                .toBuffer();
        pixels = await sharp(background, { raw: { width: FILM.width, height: FILM.height, channels: 4 } })
          .composite([{ input: piece, left: visibleLeft, top: FILM.height - carSize.height - 6 }])
          .raw()
          .toBuffer();
      }
      encoder.addFrameRgba(pixels);
    }
    encoder.finalize();
    const bytes = Buffer.from(encoder.FS.readFile(encoder.outputFilename));
    encoder.FS.unlink(encoder.outputFilename);
    return bytes;
  } finally {
    encoder.delete();
  }
}

async function cached(cacheDir: string, key: string, extension: string, make: () => Promise<Buffer>) {
  const file = path.join(cacheDir, `${createHash('sha1').update(`${GENERATOR_VERSION}\n${key}`).digest('hex')}.${extension}`);
  try {
    return await readFile(file);
  } catch {
    const bytes = await make();
    await mkdir(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return bytes;
  }
}

export async function generateSeedMediaFile(
  mediaPath: string,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<SeedMediaFile> {
  if (mediaPath.endsWith('.mp4')) {
    const name = baseName(mediaPath);
    const bytes = await cached(cacheDir, `film:${name}:${sceneSvg(name, FILM, { cars: false })}`, 'mp4', () => encodeFilm(name));
    return { path: mediaPath, contentType: 'video/mp4', bytes };
  }
  const svg = svgFor(mediaPath);
  const bytes = await cached(cacheDir, svg, 'webp', () =>
    sharp(Buffer.from(svg)).webp({ quality: 75, effort: 0 }).toBuffer(),
  );
  return { path: mediaPath, contentType: 'image/webp', bytes };
}

/**
 * The width variants of a seed image whose name announces its size, as the admin makes them
 * for an upload (src/config/media.ts): the public pages list them in srcset.
 */
async function generateVariants(image: SeedMediaFile, cacheDir: string): Promise<SeedMediaFile[]> {
  const sized = sizedMedia(image.path);
  if (!sized || image.contentType !== 'image/webp') return [];
  const key = createHash('sha1').update(image.bytes).digest('hex');
  return Promise.all(
    sized.variants.map(async (variant) => ({
      path: variant.path,
      contentType: 'image/webp' as const,
      bytes: await cached(cacheDir, `variant:${variant.width}:${key}`, 'webp', () =>
        sharp(image.bytes).resize({ width: variant.width }).webp({ quality: 72, effort: 0 }).toBuffer(),
      ),
    })),
  );
}

/** Generates the files, in the given order (each image's variants after it), with a little parallelism. */
export async function generateSeedMedia(
  mediaPaths: string[],
  options: { cacheDir?: string; concurrency?: number } = {},
): Promise<SeedMediaFile[]> {
  const results: SeedMediaFile[][] = new Array<SeedMediaFile[]>(mediaPaths.length);
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  // Films first: their encoder runs on the main thread while sharp's threads encode the images.
  const order = mediaPaths
    .map((mediaPath, index) => ({ mediaPath, index }))
    .sort((a, b) => Number(b.mediaPath.endsWith('.mp4')) - Number(a.mediaPath.endsWith('.mp4')));
  let next = 0;
  const worker = async () => {
    for (let item = order[next++]; item; item = order[next++]) {
      const file = await generateSeedMediaFile(item.mediaPath, cacheDir);
      results[item.index] = [file, ...(await generateVariants(file, cacheDir))];
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return results.flat();
}
