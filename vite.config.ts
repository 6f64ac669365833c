/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const port = Number(process.env.PORT ?? 5173);

/** robots.txt is generated because its Sitemap line must be absolute, on VITE_SITE_URL. */
function robotsTxt(): Plugin {
  let siteUrl = 'http://localhost:5173';
  return {
    name: 'europe-rally:robots-txt',
    apply: 'build',
    configResolved(config) {
      siteUrl = (config.env.VITE_SITE_URL || siteUrl).replace(/\/+$/, '');
    },
    generateBundle() {
      const source = `User-agent: *\nDisallow: /admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), robotsTxt()],
  server: { port, strictPort: true, host: '127.0.0.1' },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The manifest lets tests/budget check what each public route loads.
    manifest: true,
    // Separate builds (e2e, benches) can run beside `npm start` without emptying its dist/.
    outDir: process.env.BUILD_OUT_DIR || 'dist',
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'emulator',
          environment: 'node',
          include: ['supabase/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // Builds the database each contract test file restores (once per run).
          globalSetup: ['tests/contract/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
