// _redirects, in Netlify's format (Cloudflare Pages reads it too). A file that exists is served
// as it is, so these rules only decide what a path without one gets: known routes their page,
// everything else (unknown paths, /admin, articles published after the build) the empty shell,
// whose SPA then renders the right screen.
import { paths } from '../config/paths';

export const SHELL_FILE = 'app.html';

/** `currentYear`: the current edition's, whose page /rally leads to. */
export function redirectsFile(routes: readonly string[], currentYear: number): string {
  return [
    // The generic address of the current edition's page, for links that outlive an edition.
    `${paths.rallyAlias}  ${paths.rallyPage(currentYear)}  302`,
    ...routes.filter((route) => route !== '/').map((route) => `${route}  ${route}/index.html  200`),
    `/*  /${SHELL_FILE}  200`,
    '',
  ].join('\n');
}
