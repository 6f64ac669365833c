// The page template: the client build's shell read once, then each page put together from it.
import { describe, expect, test } from 'vitest';
import { headLines, notFoundHead, pageHtml, parseShell, shellWithFacts } from './template';

const SHELL = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title data-shell>2026 Europe Rally</title>
    <meta
      data-shell
      name="description"
      content="The default description."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/site-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>
`;

describe('the shell', () => {
  test('gives the entry and its preloads, and a head without them or the default tags', () => {
    const shell = parseShell(SHELL);
    expect(shell.entry).toBe('/assets/index-abc.js');
    expect(shell.modules).toEqual(['/assets/site-def.js']);
    expect(shell.head).toBe(`<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  `);
  });

  test.each([
    ['no entry script', SHELL.replace(/<script type="module"[^\n]*\n/, '')],
    ['no root slot', SHELL.replace('<!--app-html-->', '')],
  ])('is refused with %s', (_, html) => {
    expect(() => parseShell(html)).toThrow();
  });

  test('as app.html takes the current edition’s title and description, still the shell’s', () => {
    const home =
      '<title>2027 Europe Rally</title><meta name="description" content="Join the 2027 Europe Rally, 20-26 June 2027 &amp; $1."/>';
    const shell = shellWithFacts(SHELL, home);
    expect(shell).toContain('<title data-shell>2027 Europe Rally</title>');
    expect(shell).toMatch(
      /<meta\s+data-shell\s+name="description"\s+content="Join the 2027 Europe Rally, 20-26 June 2027 &amp; \$1\."/,
    );
    expect(shell).not.toContain('2026');
    // Everything else is the shell as built: the SPA's code tags are still there.
    expect(parseShell(shell)).toEqual(parseShell(SHELL));
  });
});

describe('a page', () => {
  const shell = parseShell(SHELL);

  test('has its head tags one a line, its body in #root and its data after it', () => {
    const html = pageHtml(shell, {
      headTags: ['<script>go()</script>', ...headLines('<title>News</title><meta name="x"/>')],
      body: '<main>Hello</main>',
      data: '<script type="application/json" id="prerendered-data">{}</script>',
    });
    expect(html).toBe(`<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
      <script>go()</script>
    <title>News</title>
    <meta name="x"/>
  </head>
  <body>
    <div id="root"><main>Hello</main></div><script type="application/json" id="prerendered-data">{}</script>
  </body>
</html>
`);
  });

  test('keeps text that looks like a replacement pattern as it is', () => {
    expect(pageHtml(shell, { headTags: [], body: "<p>$& $' $1</p>" })).toContain(
      `<div id="root"><p>$& $' $1</p></div>`,
    );
  });

  test('of the not-found kind claims no URL: noindex instead of canonical, no og:url', () => {
    const head =
      '<title>Not found</title><link rel="canonical" href="/x"/><meta property="og:url" content="/x"/>';
    expect(notFoundHead(head)).toBe(
      '<title>Not found</title><meta name="robots" content="noindex"/>',
    );
  });
});
