import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import { boundaryZones, FORMATS, formatsRules, layerZones } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.cache',
      '.data',
      '.data-*',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              importNames: ['default', 'icons'],
              message: 'Import icons by name from lucide-react.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures are called with `use` (not React's) and must destructure `{}` to need nothing;
    // the contract tests' `useTestEmulator()` is a vitest helper, not a React hook.
    files: ['tests/e2e/**', 'tests/contract/**', 'playwright.config.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // The layers of src/ and the edges between the top folders (eslint.layers.js): no module
    // imports from a layer above its own; the site imports only the formats it shares with the
    // Edge Functions, the functions nothing of the site, and nothing the emulator but its entry.
    files: [
      'src/**/*.{ts,tsx}',
      'supabase/functions/**/*.{ts,tsx}',
      'tests/**/*.{ts,tsx}',
      'scripts/**/*.{ts,mjs}',
    ],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...layerZones, ...boundaryZones] }],
    },
  },
  {
    // The formats the site shares with the Edge Functions: runtime-neutral, their own imports only.
    files: [`${FORMATS}/**/*.ts`],
    ignores: [`${FORMATS}/**/*.test.ts`],
    rules: formatsRules,
  },
  {
    // No import cycles: a cycle means two modules are really one, or that
    // what they share belongs in a third. (The Edge Functions are Deno modules, resolved by Deno.)
    files: [
      'src/**/*.{ts,tsx}',
      'supabase/emulator/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'tests/**/*.ts',
    ],
    plugins: { import: importPlugin },
    settings: {
      // The modules it follows are TypeScript: parse them as such, or it sees no imports at all.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages cannot import our modules back: never parse them (pglite's bundle alone took a minute).
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Public code must never reach into the admin area (it would pull the admin into the public bundle).
    files: ['src/pages/**', 'src/components/**', 'src/lib/**', 'src/config/**', 'src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/admin/**', '@/admin/**'],
              message: 'Public code must not import from src/admin.',
            },
          ],
          paths: [
            {
              name: 'lucide-react',
              importNames: ['default', 'icons'],
              message: 'Import icons by name.',
            },
          ],
        },
      ],
    },
  },
);
