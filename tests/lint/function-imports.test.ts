// Each Edge Function deploys from supabase/functions alone: `supabase functions deploy --use-api`
// cannot upload a file imported from outside it (supabase/cli#3467: "failed to read file: open
// ../common/index.ts: invalid argument"). This walks what each function loads, from its
// index.ts: static imports, `import type`, re-exports, dynamic imports, `import('…')` types,
// `/// <reference path>` and the JSX runtime a `@jsxImportSource` pragma names. Every one must be
// a file under supabase/functions, or an `npm:`, `jsr:` or `node:` specifier. The code the site
// shares with the functions is in supabase/functions/_shared/formats (eslint.layers.js). And each
// function type-checks under Deno, which nothing else checks (tsconfig.json leaves them to Deno).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { DENO_DIR, denoBinary } from '../../supabase/emulator';

const FUNCTIONS = path.resolve('supabase/functions');
const PACKAGE_SCHEMES = ['npm:', 'jsr:', 'node:'];
/** An `import()` of a computed name: the walk cannot follow it, so it refuses it. */
const COMPUTED = '<computed>';

/** What one module names as its imports, as written, in the order they appear. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = source.referencedFiles.map((reference) => reference.fileName);
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push(argument && ts.isStringLiteralLike(argument) ? argument.text : COMPUTED);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const pragma of text.matchAll(/@jsxImportSource(?:Types)?\s+(\S+)/g))
    found.push(`${pragma[1]}/jsx-runtime`);
  return found;
}

type Escape = { fn: string; file: string; specifier: string; why: string };

/** Everything the function `name` (functionsDir/name/index.ts) loads that would not deploy with it. */
function escapesOf(functionsDir: string, name: string): Escape[] {
  const escapes: Escape[] = [];
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      const escape = (why: string) =>
        escapes.push({ fn: name, file: path.relative(process.cwd(), file), specifier, why });
      if (PACKAGE_SCHEMES.some((scheme) => specifier.startsWith(scheme))) continue;
      if (specifier === COMPUTED) {
        escape('a computed import, which cannot be followed');
        continue;
      }
      if (!/^\.{0,2}\//.test(specifier)) {
        escape('neither a file under supabase/functions nor an npm:, jsr: or node: specifier');
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      if (path.relative(functionsDir, target).startsWith('..')) {
        escape('outside supabase/functions');
      } else if (!existsSync(target) || !statSync(target).isFile()) {
        escape('no such file (Deno takes the name as written, with its extension)');
      } else if (/\.tsx?$/.test(target)) {
        walk(target);
      }
    }
  };
  walk(path.join(functionsDir, name, 'index.ts'));
  return escapes;
}

/** The functions Supabase deploys: each folder but `_shared` and the like (a leading `_`). */
function functionNames(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
}

describe('every Edge Function imports only what deploys with it', () => {
  const names = functionNames(FUNCTIONS);

  test('each function folder has its index.ts', () => {
    expect(names.length).toBeGreaterThan(10);
    for (const name of names)
      expect(existsSync(path.join(FUNCTIONS, name, 'index.ts')), name).toBe(true);
  });

  test.each(names)('%s', (name) => {
    expect(escapesOf(FUNCTIONS, name)).toEqual([]);
  });
});

test('every Edge Function type-checks under Deno', { timeout: 180_000 }, () => {
  // The emulator's Deno and npm cache, and its flags: no config or lock file of the project's.
  const entries = functionNames(FUNCTIONS).map((name) => path.join(FUNCTIONS, name, 'index.ts'));
  const check = spawnSync(
    denoBinary(),
    ['check', '--quiet', '--no-config', '--node-modules-dir=none', '--no-lock', ...entries],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        DENO_DIR,
        DENO_NO_PACKAGE_JSON: '1',
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
    },
  );
  expect(check.status, check.stderr || String(check.error)).toBe(0);
});

describe('the walk', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'function-imports-'));
  const functionsDir = path.join(root, 'supabase/functions');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  // The site's formatter, as the functions once imported it, and a module of the functions' own.
  write('src/lib/money.ts', 'export const formatMoney = (pence: number) => `£${pence / 100}`;\n');
  write('supabase/functions/_shared/http.ts', "export { serve } from 'jsr:@std/http@1';\n");

  test('fails on a crafted function, naming it and each file that reaches outside', () => {
    write(
      'supabase/functions/leaky/index.ts',
      [
        "import { serve } from '../_shared/http.ts';",
        "import type { Stripe } from 'stripe';",
        "export * from './receipt.tsx';",
        "const later = await import('../../../src/lib/money.ts');",
        "const computed = await import(`../${'x'}.ts`);",
        "export type Money = import('../../../src/lib/money.ts').Pence;",
        "import { helper } from './helper';",
        'serve(later, computed);',
      ].join('\n'),
    );
    write(
      'supabase/functions/leaky/receipt.tsx',
      "/** @jsxImportSource react */\nimport { formatMoney } from '../../../src/lib/money.ts';\nexport const receipt = formatMoney;\n",
    );
    write('supabase/functions/leaky/helper.ts', 'export const helper = 1;\n');
    const refused = escapesOf(functionsDir, 'leaky').map(({ fn, file, specifier, why }) => ({
      fn,
      file: path.relative(root, path.resolve(file)),
      specifier,
      why,
    }));
    const index = 'supabase/functions/leaky/index.ts';
    const receipt = 'supabase/functions/leaky/receipt.tsx';
    expect(refused).toEqual([
      { fn: 'leaky', file: index, specifier: 'stripe', why: expect.stringMatching(/^neither/) },
      {
        fn: 'leaky',
        file: receipt,
        specifier: '../../../src/lib/money.ts',
        why: 'outside supabase/functions',
      },
      {
        fn: 'leaky',
        file: receipt,
        specifier: 'react/jsx-runtime',
        why: expect.stringMatching(/^neither/),
      },
      {
        fn: 'leaky',
        file: index,
        specifier: '../../../src/lib/money.ts',
        why: 'outside supabase/functions',
      },
      {
        fn: 'leaky',
        file: index,
        specifier: COMPUTED,
        why: expect.stringMatching(/^a computed import/),
      },
      {
        fn: 'leaky',
        file: index,
        specifier: '../../../src/lib/money.ts',
        why: 'outside supabase/functions',
      },
      {
        fn: 'leaky',
        file: index,
        specifier: './helper',
        why: expect.stringMatching(/^no such file/),
      },
    ]);
  });

  test('lets through files under supabase/functions and npm:, jsr: and node: specifiers', () => {
    write(
      'supabase/functions/tidy/index.ts',
      [
        "import Stripe from 'npm:stripe@23.1.0';",
        "import { serve } from '../_shared/http.ts';",
        "import { join } from 'node:path';",
        "import { assert } from 'jsr:@std/assert@1';",
        'serve(Stripe, join, assert);',
      ].join('\n'),
    );
    expect(escapesOf(functionsDir, 'tidy')).toEqual([]);
  });
});
