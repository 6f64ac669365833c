// The public site's byte budget and what it must never load, read from a production build's Vite
// manifest. scripts/test.sh runs it on the build the end-to-end tests used; on its own:
//   npm run build && BUILD_OUT_DIR=dist npx tsx --test tests/budget/*.test.ts
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { e2e } from '../e2e/servers';

const KB = 1000;
const budget = { entryJs: 90 * KB, entryCss: 15 * KB };

/**
 * Strings that survive minification and appear only in the code we keep out of public pages
 * (the last test proves each still occurs in its library).
 */
const forbidden = [
  { what: 'supabase-js auth', marker: 'grant_type=password', library: '@supabase/auth-js' },
  { what: 'supabase-js realtime', marker: 'phx_join', library: '@supabase/realtime-js' },
  { what: 'supabase-js storage', marker: 'StorageApiError', library: '@supabase/storage-js' },
  { what: 'the Quill editor', marker: 'ql-editor', library: 'quill' },
] as const;

/** A string lucide-react's runtime keeps through minification (its missing-icon error). */
const ICON_MARKER = '[lucide]';

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const outDir = process.env.BUILD_OUT_DIR || e2e.buildDir;
const manifestPath = path.join(outDir, '.vite', 'manifest.json');

function readManifest(): Record<string, Chunk> {
  assert.ok(
    existsSync(manifestPath),
    `${manifestPath} is missing: build first (BUILD_OUT_DIR=${outDir} npm run build)`,
  );
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
}

/** Admin-only code: the admin area, and the article preview (an admin route joining a public
 * page with the admin's sign-in, so it lives in src/app). */
const ADMIN_ONLY = ['src/admin/', 'src/app/ArticlePreviewPage.tsx'];
const isAdmin = (chunk: Chunk) =>
  ADMIN_ONLY.some((prefix) => chunk.src?.startsWith(prefix) ?? false);

/** Manifest keys reachable from `start`, following static imports and, if asked, lazy ones. */
function reachable(manifest: Record<string, Chunk>, start: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    if (lazy)
      chunk.dynamicImports
        ?.filter((next) => !isAdmin(manifest[next] ?? { file: '' }))
        .forEach(visit);
  };
  visit(start);
  return seen;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe(`the public bundle in ${outDir}`, () => {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find(
    (key) => manifest[key]?.isEntry && key.endsWith('index.html'),
  );

  test('has the public entry (index.html) in its manifest', () => {
    assert.ok(entryKey, `no entry for index.html in ${manifestPath}`);
  });

  test(`loads at most ${kb(budget.entryJs)} of JavaScript (gzip) up front`, () => {
    const files = [...reachable(manifest, entryKey ?? '', false)].map(
      (key) => manifest[key]?.file ?? '',
    );
    const total = files
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipBytes(file), 0);
    assert.ok(total > 0, 'found no entry JavaScript');
    assert.ok(
      total <= budget.entryJs,
      `entry JavaScript is ${kb(total)} gzip (${files.join(', ')})`,
    );
  });

  test(`loads at most ${kb(budget.entryCss)} of CSS (gzip) up front`, () => {
    const css = new Set(
      [...reachable(manifest, entryKey ?? '', false)].flatMap((key) => manifest[key]?.css ?? []),
    );
    const total = [...css].reduce((sum, file) => sum + gzipBytes(file), 0);
    assert.ok(total <= budget.entryCss, `entry CSS is ${kb(total)} gzip (${[...css].join(', ')})`);
  });

  // Each file is a request and a <link rel="modulepreload"> the browser inserts on the main
  // thread while it adopts the page: vite.config.ts groups the pages' shared code in one chunk.
  test('loads each public page in at most 3 files besides the entry', () => {
    const entryFiles = reachable(manifest, entryKey ?? '', false);
    const pages = (manifest[entryKey ?? '']?.dynamicImports ?? []).filter(
      (key) => !isAdmin(manifest[key] ?? { file: '' }),
    );
    assert.ok(pages.length >= 10, `found ${pages.length} lazy public pages`);
    for (const page of pages) {
      const own = [...reachable(manifest, page, false)].filter((key) => !entryFiles.has(key));
      const files = own.map((key) => manifest[key]?.file);
      assert.ok(files.length <= 3, `${page} loads ${files.length} files: ${files.join(', ')}`);
    }
  });

  test('keeps supabase-js auth, realtime and storage and the editor out of every public route', () => {
    const publicFiles = [...reachable(manifest, entryKey ?? '', true)]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'));
    const found = publicFiles.flatMap((file) => {
      const code = readFileSync(path.join(outDir, file), 'utf8');
      return forbidden
        .filter(({ marker }) => code.includes(marker))
        .map(({ what }) => `${what} in ${file}`);
    });
    assert.deepEqual(found, []);
  });

  // The entry is at the edge of its budget, and an icon's runtime is 1.2 KB of it: the app shell's
  // spinner draws its own arc (src/components/Spinner.tsx); pages' icons load with the pages.
  test('keeps the icon library (lucide-react) out of the entry', () => {
    const entryFiles = [...reachable(manifest, entryKey ?? '', false)]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'));
    const found = entryFiles.filter((file) =>
      readFileSync(path.join(outDir, file), 'utf8').includes(ICON_MARKER),
    );
    assert.deepEqual(found, []);
    const icons = path.join('node_modules', 'lucide-react', 'dist');
    const recognised = readdirSync(icons, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.m?js$/.test(file))
      .some((file) => readFileSync(path.join(icons, file), 'utf8').includes(ICON_MARKER));
    assert.ok(recognised, `"${ICON_MARKER}" no longer occurs in lucide-react: choose a new marker`);
  });

  test('still recognises each kept-out library by its marker', () => {
    for (const { library, marker } of forbidden) {
      const dir = path.join('node_modules', library, 'dist');
      const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        /\.m?js$/.test(file),
      );
      const found = sources.some((file) =>
        readFileSync(path.join(dir, file), 'utf8').includes(marker),
      );
      assert.ok(found, `"${marker}" no longer occurs in ${library}: choose a new marker`);
    }
  });
});
