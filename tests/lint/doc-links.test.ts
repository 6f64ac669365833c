// The README and docs/ point at each other and at the code by relative links; this keeps every one
// of them alive: each relative link names a file (or folder) that exists and, in a Markdown file,
// a heading that exists (GitHub's anchors). The README's "where to go next" links every doc, so
// a new guide cannot be written and never found.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const DOCS = 'docs';
const files = ['README.md', ...readdirSync(DOCS).map((name) => path.join(DOCS, name))].filter(
  (file) => file.endsWith('.md'),
);

/** The Markdown outside fenced code blocks and code spans (links there are examples). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers, a repeated heading's with -1, -2 … as GitHub adds. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading = ''] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading.replace(/`/g, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The relative links of a Markdown file: inline ones and reference definitions. */
function relativeLinks(file: string): string[] {
  const text = prose(readFileSync(file, 'utf8'));
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    ([, target = '']) => target,
  );
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    ([, target = '']) => target,
  );
  return [...inline, ...defined].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function problem(file: string, target: string): string | null {
  const [pathPart = '', anchor] = target.split('#', 2);
  const resolved = pathPart
    ? path.normalize(path.join(path.dirname(file), decodeURIComponent(pathPart)))
    : file;
  if (!existsSync(resolved)) return `${file}: ${target} (no file ${resolved})`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory())
    return null;
  return anchors(resolved).has(anchor) ? null : `${file}: ${target} (no heading #${anchor})`;
}

describe('the documentation', () => {
  test('finds the README and the guides in docs/', () => {
    expect(files).toContain('README.md');
    expect(files.length).toBeGreaterThan(5);
  });

  test.each(files)('%s links only to files and headings that exist', (file) => {
    const broken = relativeLinks(file)
      .map((target) => problem(file, target))
      .filter(Boolean);
    expect(broken).toEqual([]);
  });

  test('the README links every guide in docs/', () => {
    const linked = new Set(
      relativeLinks('README.md').map((target) => path.normalize(target.split('#')[0] ?? '')),
    );
    const unlinked = files.filter((file) => file !== 'README.md' && !linked.has(file));
    expect(unlinked).toEqual([]);
  });

  test('the README stays short: at most 150 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  test('GitHub anchors are computed as GitHub computes them', () => {
    expect(slug('Money and refunds')).toBe('money-and-refunds');
    expect(slug("The organiser's year, screen by screen")).toBe(
      'the-organisers-year-screen-by-screen',
    );
    expect(slug('Changing the schema')).toBe('changing-the-schema');
    expect(slug('npm test: what runs')).toBe('npm-test-what-runs');
  });
});
