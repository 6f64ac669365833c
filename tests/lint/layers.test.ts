// The layer rule (eslint.layers.js) fails a file that imports from a layer above its own, and
// lets the downward imports through; the boundaries between the top folders hold likewise (the
// site takes only the formats it shares with the Edge Functions, which import nothing outside
// themselves, and nothing but tests and scripts import the emulator, through its entry only).
// ESLint runs on fixture files placed in each folder.
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

// import/no-cycle walks the files on disk and fails on a fixture that exists only as text; cycles
// are not what this test is about.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { files: ['**/*.ts'], rules: { 'import/no-cycle': 'off' } },
});

/** The rules the boundaries use beside the layers' import/no-restricted-paths (eslint.layers.js). */
const BOUNDARY_RULES = [
  'import/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-globals',
];

async function layerErrors(
  filePath: string,
  code: string,
  rules = ['import/no-restricted-paths'],
): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const fixture = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => rules.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('the layer rule', { timeout: 60_000 }, () => {
  test.each([
    [
      'src/lib/fixture.ts',
      "import { publicDb } from '../data/client';",
      'lib must not import from data',
    ],
    [
      'src/config/fixture.ts',
      "import { formatBytes } from '../lib/format';",
      'config must not import from lib',
    ],
    [
      'src/data/fixture.ts',
      "import { Seo } from '../components/Seo';",
      'data must not import from components',
    ],
    [
      'src/components/fixture.ts',
      "import GalleryPage from '../pages/gallery/GalleryPage';",
      'components must not import from pages',
    ],
    [
      'src/pages/fixture.ts',
      "import { adminScreens } from '../admin/registry';",
      'pages must not import from admin',
    ],
    [
      'src/admin/fixture.ts',
      "import GalleryPage from '../pages/gallery/GalleryPage';",
      'admin must not import from pages',
    ],
    [
      'src/lib/fixture.ts',
      "import { render } from '../prerender/entry-server';",
      'lib must not import from app',
    ],
    [
      'src/admin/ui/fixture.ts',
      "import { ContentList } from '../crud/ContentList';",
      'admin/ui must not import from admin/crud',
    ],
    [
      'src/admin/crud/fixture.ts',
      "import { galleryManager } from '../managers/gallery';",
      'admin/crud must not import from admin screens',
    ],
  ])('refuses %s importing upward (%s)', async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  test.each([
    ['src/data/fixture.ts', "import { useLoad } from '../lib/useLoad';"],
    ['src/lib/fixture.ts', "import { usePrerendered } from '../prerender/protocol';"],
    ['src/pages/fixture.ts', "import { Seo } from '../components/Seo';"],
    ['src/admin/crud/fixture.ts', "import { LoadFailed } from '../ui/LoadFailed';"],
    ['src/app/fixture.ts', "import { adminScreens } from '../admin/registry';"],
  ])('lets %s import downward', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('the boundaries between the top folders', { timeout: 60_000 }, () => {
  const formats = 'supabase/functions/_shared/formats';
  test.each([
    [
      'src/data/fixture.ts',
      "import { serve } from '../../supabase/functions/_shared/http.ts';",
      `The site imports nothing of supabase/functions but ${formats}`,
    ],
    [
      'supabase/functions/_shared/fixture.ts',
      "import { formatBytes } from '../../../src/lib/format.ts';",
      'The Edge Functions deploy without src/',
    ],
    [
      `${formats}/fixture.ts`,
      "import { serve } from '../http.ts';",
      `${formats} imports nothing but its own modules`,
    ],
    [
      `${formats}/fixture.ts`,
      "import React from 'npm:react@19.3.1';",
      `${formats} imports nothing but its own modules`,
    ],
    [
      `${formats}/fixture.ts`,
      "import { readFileSync } from 'node:fs';",
      `${formats} imports nothing but its own modules`,
    ],
    [
      `${formats}/fixture.ts`,
      "export const siteUrl = () => Deno.env.get('SITE_URL');",
      'it uses no API only one of them has',
    ],
    [
      `${formats}/fixture.ts`,
      'export const width = () => window.innerWidth;',
      'it uses no API only one of them has',
    ],
    [
      'src/lib/fixture.ts',
      "import { startEmulator } from '../../supabase/emulator';",
      'The site and the Edge Functions never import the local stand-in',
    ],
    [
      'supabase/functions/checkout/fixture.ts',
      "import { signJwt } from '../../emulator/jwt.ts';",
      'The site and the Edge Functions never import the local stand-in',
    ],
    [
      'tests/contract/fixture.ts',
      "import { API_BODY_LIMIT } from '../../supabase/emulator/gateway';",
      'Tests and scripts use the emulator through supabase/emulator/index.ts',
    ],
    [
      'scripts/fixture.ts',
      "import { PgliteDb } from '../supabase/emulator/db';",
      'Tests and scripts use the emulator through supabase/emulator/index.ts',
    ],
  ])('refuses %s: %s', async (file, code, message) => {
    const errors = await layerErrors(file, code, BOUNDARY_RULES);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  test.each([
    ['src/data/fixture.ts', `import { formatMoney } from '../../${formats}/money';`],
    ['src/lib/fixture.ts', `import { isUuid } from '../../${formats}/uuid.ts';`],
    ['supabase/functions/_shared/fixture.ts', "import { formatMoney } from './formats/money.ts';"],
    [`${formats}/fixture.ts`, "import { formatMoney } from './money.ts';"],
    // Its tests run under vitest, with the shared test fixtures.
    [
      `${formats}/fixture.test.ts`,
      "import { describe } from 'vitest';\nimport { realImage } from '../../../../tests/support/crafted-images';",
    ],
    ['tests/contract/fixture.ts', "import { startEmulator } from '../../supabase/emulator';"],
    ['scripts/fixture.ts', "import { loadConfig } from '../supabase/emulator/index.ts';"],
  ])('lets %s: %s', async (file, code) => {
    expect(await layerErrors(file, code, BOUNDARY_RULES)).toEqual([]);
  });
});
