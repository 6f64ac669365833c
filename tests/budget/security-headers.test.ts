// The static host's headers of a production build (dist/_headers, build/write-headers.ts):
// a policy that allows exactly the inline scripts the pages carry and never 'unsafe-inline' or
// 'unsafe-eval' for scripts, the other security headers on every path, immutable assets and
// revalidated pages. The browser side (no violation on any page) is tests/e2e/security-headers.spec.ts.
//   npm run build && BUILD_OUT_DIR=dist npx tsx --test tests/budget/security-headers.test.ts
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  headersFor,
  inlineScriptHashes,
  parseHeaders,
  renderHeaders,
} from '../../build/security-headers';
import { e2e } from '../e2e/servers';

const outDir = process.env.BUILD_OUT_DIR || e2e.buildDir;
const rules = parseHeaders(readFileSync(path.join(outDir, '_headers'), 'utf8'));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}assets${path.sep}`));
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/));
  return found.find(([key]) => key === name)?.slice(1) ?? [];
}

describe('the headers library', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  test('hashes the scripts a browser runs, exactly as written, and no data or external one', () => {
    const html = [
      '<script>go()</script>',
      '<script type="module">import("/a.js")</script>',
      '<script type="application/ld+json">{"@type":"Event"}</script>',
      '<script type="application/json" id="data">{}</script>',
      '<script type="module" src="/assets/index.js"></script>',
      "<SCRIPT TYPE='text/javascript'>\n  é()\n</SCRIPT>",
    ].join('');
    assert.deepEqual(inlineScriptHashes(html), [
      sha('go()'),
      sha('import("/a.js")'),
      sha('\n  é()\n'),
    ]);
  });

  test('matches paths as Netlify does and joins a header two rules give', () => {
    const rules = parseHeaders(
      renderHeaders(
        [
          { path: '/*', headers: [['X-A', '1']] },
          { path: '/news/:id', headers: [['X-A', '2']] },
          { path: '/assets/*', headers: [['Cache-Control', 'immutable']] },
        ],
        'a comment\nover two lines',
      ),
    );
    assert.equal(headersFor(rules, '/news/abc').get('x-a'), '1, 2');
    assert.equal(headersFor(rules, '/news/abc/more').get('x-a'), '1');
    assert.equal(headersFor(rules, '/assets/x.js').get('cache-control'), 'immutable');
    assert.equal(headersFor(rules, '/assetsx').get('cache-control'), undefined);
  });
});

describe('dist/_headers', () => {
  const policy = headersFor(rules, '/gallery').get('content-security-policy') ?? '';

  test('allows every inline script of every page by its hash, and no other inline script', () => {
    const scripts = directive(policy, 'script-src');
    const files = htmlFiles(outDir);
    assert.ok(files.length >= 14, `only ${files.length} HTML files`);
    const hashes = new Set(files.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))));
    assert.ok(hashes.size >= 2, 'the loader and the submit guard are hashed');
    for (const hash of hashes) assert.ok(scripts.includes(hash), `${hash} is missing`);
    assert.deepEqual(
      scripts.filter((source) => source.startsWith("'sha256-")).sort(),
      [...hashes].sort(),
    );
    assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"));
    assert.ok(!directive(policy, 'style-src').includes("'unsafe-inline'"));
  });

  test('forbids framing, plugins and base tags, and names the Supabase project', () => {
    assert.deepEqual(directive(policy, 'frame-ancestors'), ["'none'"]);
    assert.deepEqual(directive(policy, 'object-src'), ["'none'"]);
    assert.deepEqual(directive(policy, 'base-uri'), ["'none'"]);
    assert.ok(directive(policy, 'connect-src').includes(e2e.emulatorUrl));
    assert.ok(directive(policy, 'frame-src').includes('https://www.youtube-nocookie.com'));
  });

  test('sends the security headers on every path, pages, assets and unknown paths alike', () => {
    for (const pathname of ['/', '/admin/dashboard', '/assets/index.js', '/no-such-page']) {
      const headers = headersFor(rules, pathname);
      assert.equal(headers.get('x-content-type-options'), 'nosniff', pathname);
      assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', pathname);
      assert.equal(headers.get('strict-transport-security'), 'max-age=31536000', pathname);
      assert.match(headers.get('permissions-policy') ?? '', /camera=\(\)/, pathname);
      assert.ok(headers.get('content-security-policy'), pathname);
    }
  });

  test('caches hashed assets for a year and has pages revalidated, never both', () => {
    assert.equal(
      headersFor(rules, '/assets/index-abc123.js').get('cache-control'),
      'public, max-age=31536000, immutable',
    );
    for (const pathname of ['/', '/gallery', '/gallery/', '/app.html', '/404.html']) {
      assert.equal(
        headersFor(rules, pathname).get('cache-control'),
        'public, max-age=0, must-revalidate',
        pathname,
      );
    }
  });
});
