import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, AppRoutes } from './app/App';
import { preloadRoute } from './app/routes';
import { readPrerenderedData } from './prerender/protocol';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProviders prerendered={readPrerenderedData()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The head tags the HTML arrives with for a page React draws later (the shell's defaults) give way
// once React adds the page's own.
const shellTags = document.head.querySelectorAll('[data-shell]');
if (shellTags.length) {
  const observer = new MutationObserver(() => {
    if (document.getElementsByTagName('title').length < 2) return;
    shellTags.forEach((tag) => tag.remove());
    observer.disconnect();
  });
  observer.observe(document.head, { childList: true });
}

// Prerendered HTML is adopted (hydrated) once the page's code is loaded, so the first client
// render matches it; an empty shell is simply rendered. The page is already on screen, so the
// adoption is a transition: React does it in short slices and the main thread stays free for the
// visitor in between (one long task otherwise, on a slow phone hundreds of milliseconds). For the
// same reason the page's code is looked up in a task of its own: evaluating this module is
// already the longest task of the page's start (matching the route and preloading its code
// measured about as long as the rest of it).
if (container.firstElementChild) {
  setTimeout(() => {
    void preloadRoute(window.location.pathname).then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
  });
} else {
  createRoot(container).render(app);
}
