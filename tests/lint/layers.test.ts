// The layer rule (eslint.layers.js) fails a file that imports from a layer above its own, and
// lets the downward imports through: ESLint runs on fixture files placed in each layer.
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

// import/no-cycle walks the files on disk and fails on a fixture that exists only as text; cycles
// are not what this test is about.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { files: ['src/**/*.ts'], rules: { 'import/no-cycle': 'off' } },
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const fixture = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
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
