// Writes robots.txt into the build. It is generated rather than kept in public/ because its
// Sitemap line must be an absolute URL on the deployment's own origin (VITE_SITE_URL).
import type { Plugin } from 'vite';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    '',
    `Sitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

export function robotsPlugin(): Plugin {
  let siteUrl = 'http://localhost:5173';
  return {
    name: 'europe-rally:robots-txt',
    apply: 'build',
    configResolved(config) {
      siteUrl = config.env.VITE_SITE_URL || siteUrl;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) });
    },
  };
}
