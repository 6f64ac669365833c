// @vitest-environment node
// Public routes must render on a server (issue 5 prerenders them): no window, document or storage
// during render, data left to effects so the HTML carries the loading states.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { publicStaticPaths } from '../config/paths';
import { AppProviders, AppRoutes } from './App';
import { preloadRoute } from './routes';

async function renderOnServer(url: string) {
  await preloadRoute(url);
  const html = renderToString(
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return html;
}

describe('server rendering', { timeout: 30_000 }, () => {
  it('renders every public route without a browser', async () => {
    expect(typeof window).toBe('undefined');
    for (const url of [...publicStaticPaths, '/2026-rally']) {
      const html = await renderOnServer(url);
      expect(html, url).toContain('<h1');
      expect(html, url).toContain('© 2026 Europe Rally');
    }
  });

  it('renders the home page countdown without a time and the 404 for unknown paths', async () => {
    // Each unit of the countdown shows '--' (React's own output always contains '<!-- -->').
    const home = await renderOnServer('/');
    expect(home.match(/<dd [^>]*data-unit="(days|hours|minutes|seconds)">--<\/dd>/g)).toHaveLength(
      4,
    );
    expect(await renderOnServer('/nowhere')).toContain('Page Not Found');
  });
});
