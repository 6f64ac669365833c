// The layers of src/, lowest first. A module may import from its own layer and the layers below
// it, never from one above: eslint (import/no-restricted-paths) refuses the upward import, and
// tests/lint/layers.test.ts proves that it does. Pages and the admin are side by side: neither
// imports the other. The admin has layers of its own, for the same reason.
//
//   formats → config → lib → data → components → pages | admin → app
//   admin:  admin/ui → admin/list → admin/media → admin/crud → the managers, registry and screens
//
// Beside them, the edges between the project's top folders (boundaryZones, at the end):
//   - The Edge Functions deploy from supabase/functions alone: `supabase functions deploy
//     --use-api` fails on a file imported from outside it (supabase/cli#3467). What the site and
//     the functions both need (money in pence, dates, UUIDs, email addresses, image checks) lives
//     once in FORMATS, runtime-neutral TypeScript that imports nothing but its own modules and
//     uses no Deno, Node or DOM API. The site imports that folder and nothing else of
//     supabase/functions; the functions import neither the site nor the emulator
//     (tests/lint/function-imports.test.ts walks what each one deploys).
//   - The local Supabase stand-in (supabase/emulator) is reached over HTTP and its documented
//     /local/* controls (supabase/emulator/README.md). The site and the functions never import it;
//     tests and scripts import its one entry, EMULATOR_ENTRY, and nothing else of it.

/** Each layer's folders (or files), lowest first; entries in one inner list are peers. */
export const layers = [
  // The site's facts and its static copy: they import nothing of ours but each other.
  { name: 'config', paths: ['src/config', 'src/content'] },
  // Helpers and hooks that know no table, and the prerendered-data protocol they read.
  { name: 'lib', paths: ['src/lib', 'src/prerender/protocol.tsx'] },
  // One module per entity, the REST client, the row types.
  { name: 'data', paths: ['src/data'] },
  // Shared UI.
  { name: 'components', paths: ['src/components'] },
  // Public pages and the admin area, peers that never import each other.
  [
    { name: 'pages', paths: ['src/pages'] },
    { name: 'admin', paths: ['src/admin'] },
  ],
  // Routes, providers, the browser and server entries and the build's prerendering.
  { name: 'app', paths: ['src/app', 'src/main.tsx', 'src/prerender'] },
];

/** The admin's own layers, lowest first (the rest of src/admin is above them all). */
export const adminLayers = [
  { name: 'admin/ui', paths: ['src/admin/ui'] },
  // An admin list's view in the URL and its controls.
  { name: 'admin/list', paths: ['src/admin/list'] },
  // The media library, a list of files built from those controls.
  { name: 'admin/media', paths: ['src/admin/media'] },
  { name: 'admin/crud', paths: ['src/admin/crud'] },
  {
    name: 'admin screens',
    paths: ['src/admin/managers', 'src/admin/screens', 'src/admin/auth', 'src/admin/registry.tsx'],
  },
];

const levels = (list) => list.map((level) => (Array.isArray(level) ? level : [level]));

/**
 * A zone for every layer and each path above it (and each peer), in the shape of
 * import/no-restricted-paths. A file that counts as a lower layer inside a higher layer's
 * folder (src/prerender/protocol.tsx) is excepted from that folder.
 */
function zonesOf(list) {
  const byLevel = levels(list);
  const lowerFiles = byLevel.flat().flatMap((layer) => layer.paths);
  const zones = [];
  byLevel.forEach((level, index) => {
    const above = byLevel.slice(index + 1).flat();
    for (const layer of level) {
      const peers = level.filter((other) => other !== layer);
      for (const other of [...peers, ...above]) {
        for (const from of other.paths) {
          const except = lowerFiles
            .filter((file) => file !== from && file.startsWith(`${from}/`))
            .filter((file) => !other.paths.includes(file))
            .map((file) => `./${file.slice(from.length + 1)}`);
          zones.push({
            target: layer.paths,
            from,
            ...(except.length ? { except } : {}),
            message: `${layer.name} must not import from ${other.name} (${from}): see eslint.layers.js.`,
          });
        }
      }
    }
  });
  return zones;
}

export const layerZones = [...zonesOf(layers), ...zonesOf(adminLayers)];

/** The code the site shares with the Edge Functions: formats of money, dates, identifiers, files. */
export const FORMATS = 'supabase/functions/_shared/formats';

/** The emulator's one entry for tests and scripts (startEmulator, the test database, its constants). */
export const EMULATOR_ENTRY = 'supabase/emulator/index.ts';

/** The edges between the top folders, in the shape of import/no-restricted-paths (see the top). */
export const boundaryZones = [
  {
    target: 'src',
    from: 'supabase/functions',
    except: [`./${FORMATS.slice('supabase/functions/'.length)}`],
    message: `The site imports nothing of supabase/functions but ${FORMATS}: see eslint.layers.js.`,
  },
  {
    target: 'supabase/functions',
    from: 'src',
    message: `The Edge Functions deploy without src/: what both need lives in ${FORMATS} (see eslint.layers.js).`,
  },
  {
    target: ['src', 'supabase/functions'],
    from: 'supabase/emulator',
    message:
      'The site and the Edge Functions never import the local stand-in: it is reached over HTTP (see eslint.layers.js).',
  },
  {
    // Its tests may import vitest and the test fixtures; what the site and the functions run may not.
    target: `${FORMATS}/**/!(*.test).ts`,
    from: '.',
    except: [`./${FORMATS}`],
    message: `${FORMATS} imports nothing but its own modules: see eslint.layers.js.`,
  },
  {
    target: ['tests', 'scripts'],
    from: 'supabase/emulator',
    except: [`./${EMULATOR_ENTRY.slice('supabase/emulator/'.length)}`],
    message: `Tests and scripts use the emulator through ${EMULATOR_ENTRY}, HTTP and /local/* only: see eslint.layers.js.`,
  },
];

/**
 * What FORMATS may not use besides (no-restricted-imports and no-restricted-globals): no package,
 * no `npm:`, `jsr:` or `node:` specifier (unresolvable, so beyond import/no-restricted-paths), and
 * none of the globals only Deno, Node or a browser has.
 */
export const formatsRules = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: '^(?!\\.\\.?/)',
          message: `${FORMATS} imports nothing but its own modules (no package, npm:, jsr: or node:): see eslint.layers.js.`,
        },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...[
      'Deno',
      'process',
      'Buffer',
      'require',
      'window',
      'document',
      'navigator',
      'location',
      'localStorage',
      'sessionStorage',
    ].map((name) => ({
      name,
      message: `${FORMATS} runs in the browser, Node and Deno alike: it uses no API only one of them has.`,
    })),
  ],
};
