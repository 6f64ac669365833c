// The layers of src/, lowest first. A module may import from its own layer and the layers below
// it, never from one above: eslint (import/no-restricted-paths) refuses the upward import, and
// tests/lint/layers.test.ts proves that it does. Pages and the admin are side by side: neither
// imports the other. The admin has layers of its own, for the same reason.
//
//   config → lib → data → components → pages | admin → app
//   admin:  admin/ui → admin/list → admin/media → admin/crud → the managers, registry and screens

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
