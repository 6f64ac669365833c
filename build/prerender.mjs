// The last step of `npm run build`: runs src/prerender/site.ts from the server bundle that
// `vite build --ssr src/prerender/site.ts` wrote into <out>/.ssr, then deletes that bundle.
//   BUILD_OUT_DIR=dist node build/prerender.mjs
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const outDir = process.env.BUILD_OUT_DIR || 'dist';
const ssrDir = path.join(outDir, '.ssr');
const entry = path.join(ssrDir, 'site.js');
const log = (message) => console.error(`prerender: ${message}`);

if (!existsSync(entry)) {
  log(`${entry} is missing: run \`vite build --ssr src/prerender/site.ts\` first`);
  process.exit(1);
}
const { prerenderSite } = await import(pathToFileURL(path.resolve(entry)).href);
await prerenderSite(outDir, log);
rmSync(ssrDir, { recursive: true, force: true });
