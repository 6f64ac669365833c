// A prerendered page is the client build's index.html (the shell) with the page's own head tags
// and rendered HTML. The shell is read once (parseShell) into the parts every page shares and
// the SPA's code tags, which the page requests later instead (see loader.ts); each page is then
// put together from those parts (pageHtml).

export type Shell = {
  /** The document up to the end of the head's static tags (charset … stylesheet). */
  head: string;
  /** From </head> up to and including the root element's opening tag. */
  beforeRoot: string;
  /** From the root element's closing tag to the end. */
  afterRoot: string;
  /** The SPA's entry module, as the shell's module script loads it. */
  entry: string;
  /** The modules the shell preloads with it. */
  modules: string[];
};

const ROOT_SLOT = '<!--app-html--></div>';
/** The tags the build puts in the shell for the SPA's code, and the shell's own head defaults. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const SHELL_TITLE = /\s*<title data-shell>[\s\S]*?<\/title>/;
const SHELL_DESCRIPTION = /\s*<meta\s+data-shell\s+name="description"[^>]*>/;

export function parseShell(html: string): Shell {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const slot = html.indexOf(ROOT_SLOT);
  const headEnd = html.indexOf('</head>');
  if (slot < 0) throw new Error(`index.html has no <div id="root">${ROOT_SLOT} slot`);
  if (headEnd < 0 || headEnd > slot) throw new Error('index.html has no </head> before #root');
  // The page's own tags replace the shell's defaults; its code is requested by the loader.
  const head = html
    .slice(0, headEnd)
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(SHELL_TITLE, '')
    .replace(SHELL_DESCRIPTION, '');
  return {
    head,
    beforeRoot: html.slice(headEnd, slot),
    afterRoot: html.slice(slot + ROOT_SLOT.length - '</div>'.length),
    entry,
    modules,
  };
}

/**
 * The empty shell (app.html) with the title and description of a rendered page's head in place of
 * index.html's seed ones, still marked data-shell so the SPA's own replace them: what crawlers and
 * link previews get for a path with no prerendered page names the current edition.
 */
export function shellWithFacts(html: string, pageHead: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(pageHead)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(pageHead)?.[1];
  let shell = html;
  if (title !== undefined)
    shell = shell.replace(SHELL_TITLE, (tag) => tag.replace(/>[\s\S]*?</, () => `>${title}<`));
  if (description !== undefined)
    shell = shell.replace(SHELL_DESCRIPTION, (tag) =>
      tag.replace(/content="[^"]*"/, () => `content="${description}"`),
    );
  return shell;
}

/** React writes a page's head tags one after another; the page lists them one a line. */
export function headLines(tags: string): string[] {
  return tags === '' ? [] : tags.replace(/></g, '>\n<').split('\n');
}

/**
 * The page: the shell's head, then `headTags` (one a line, indented as the shell's own), the
 * rendered `body` inside the root element, and `data` (the prerendered answers' script) after it.
 */
export function pageHtml(
  shell: Shell,
  { headTags, body, data = '' }: { headTags: readonly string[]; body: string; data?: string },
): string {
  const tags = headTags.length ? `    ${headTags.join('\n    ')}\n  ` : '';
  return `${shell.head}${tags}${shell.beforeRoot}${body}${shell.afterRoot.replace(
    '</div>',
    () => `</div>${data}`,
  )}`;
}

/**
 * The not-found page's head: it must not claim a URL of its own (hosts serve it for any unknown
 * path), so its canonical link becomes `noindex` and it has no og:url.
 */
export function notFoundHead(head: string): string {
  return head
    .replace(/<link rel="canonical"[^>]*>/, '<meta name="robots" content="noindex"/>')
    .replace(/<meta property="og:url"[^>]*>/, '');
}
