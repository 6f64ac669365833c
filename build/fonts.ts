// The site's typeface pair, self-hosted: Inter (text) and Space Grotesk (headings), both OFL-1.1,
// from their @fontsource-variable packages. The build cuts each variable WOFF2 down to the
// characters the site's own text uses and to the weights the pages set, so the pair costs about
// 35 KB instead of the packages' 70 KB for their whole Latin files (measured: Inter 48.3 → 21.8 KB
// at 400–700, Space Grotesk 22.3 → 13.2 KB at 500–700). A character outside the subset (an
// organiser's "ö") is drawn from the metric-matched local fallback declared in src/styles.css.
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

export type SiteFont = {
  /** The file name src/styles.css asks for: `@fonts/<file>`. */
  file: string;
  /** The package's variable Latin file. */
  source: string;
  /** The weights the pages use, kept as a variable range. */
  weights: { min: number; max: number };
};

export const SITE_FONTS: readonly SiteFont[] = [
  {
    file: 'inter.woff2',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weights: { min: 400, max: 700 },
  },
  {
    file: 'space-grotesk.woff2',
    source: '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2',
    weights: { min: 500, max: 700 },
  },
];

const require = createRequire(import.meta.url);

/** Where the source text lives: the pages' copy, and the demo content and settings. */
const TEXT_SOURCES = ['src', 'supabase/seed.sql', 'supabase/migrations'];

function textFiles(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => {
    const child = path.join(entry, name);
    if (statSync(child).isDirectory()) return textFiles(child);
    return /\.(tsx?|sql)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [child] : [];
  });
}

/**
 * Printable ASCII (any text an organiser types in English) and every other character the site's
 * sources spell (£, –, ’, é …), letters and punctuation only: an emoji is left to the system.
 */
export function subsetCharacters(root: string): string {
  const chars = new Set<string>();
  for (let code = 0x20; code < 0x7f; code += 1) chars.add(String.fromCharCode(code));
  for (const entry of TEXT_SOURCES) {
    for (const file of textFiles(path.join(root, entry))) {
      for (const char of readFileSync(file, 'utf8')) {
        if (
          char > '\u007f' &&
          /[\p{L}\p{P}\p{S}\p{N}]/u.test(char) &&
          !/\p{Extended_Pictographic}/u.test(char)
        )
          chars.add(char);
      }
    }
  }
  return [...chars].sort().join('');
}

/** Writes every font's subset into `outDir` (a cache folder the build's `@fonts` alias points at). */
export async function writeSubsetFonts(root: string, outDir: string): Promise<void> {
  const characters = subsetCharacters(root);
  mkdirSync(outDir, { recursive: true });
  for (const font of SITE_FONTS) {
    const source = readFileSync(require.resolve(font.source, { paths: [root] }));
    const subset = await subsetFont(source, characters, {
      targetFormat: 'woff2',
      variationAxes: { wght: font.weights },
    });
    writeFileSync(path.join(outDir, font.file), subset);
  }
}
