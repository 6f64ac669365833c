// Runs before every file of the vitest `unit` project (vite.config.ts): jest-dom's matchers,
// Testing Library's wait, a blank document per file, and the hermetic network (./hermetic.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installHermeticNetwork, takeRefusedRequests } from './hermetic';

installHermeticNetwork();

/** Fails the test (or, after the file's last test, the file) that tried to reach the network. */
function failOnRefusedRequests() {
  const refused = takeRefusedRequests();
  if (refused.length > 0) throw new Error(refused.join('\n'));
}

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a 2-core machine running the
// contract suites beside these, a screen's first render after its (stubbed) load took over a
// second, and three tests that pass alone failed on the wait, not on what they check.
configure({ asyncUtilTimeout: 5_000 });

// The unit project runs its files in one shared jsdom per worker (isolate: false in
// vite.config.ts). Each file starts from a blank document, empty storage and the same address,
// so no file sees what another left behind. (Files under `@vitest-environment node` have none.)
beforeAll(() => {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  failOnRefusedRequests();
});

afterAll(failOnRefusedRequests);
