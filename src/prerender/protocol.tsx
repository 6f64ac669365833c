// Data a page's first view shows, loaded at build time and shipped inside the prerendered HTML,
// so that readers without JavaScript, search engines and the first paint see the page complete
// (its news, its photos). The browser starts from the same answers, which makes its first render
// match the HTML, then loads them again: what the build saw may be out of date.
import { createContext, useContext, type ReactNode } from 'react';
import { inlineJson } from '../lib/text';

/**
 * The attribute on <html> that says the SPA has taken the page over (src/app/lazyPage.tsx sets
 * it): until then a prerendered page's forms do not submit (src/prerender/loader.ts), and
 * end-to-end tests wait for it as a visitor waits for the page.
 */
export const READY_ATTRIBUTE = 'data-ready';

/** The id of the <script type="application/json"> element that carries the answers. */
export const PRERENDERED_DATA_ID = 'prerendered-data';

export type PrerenderedData = {
  /** Answers by key. The browser empties it once it has adopted the page (see App.tsx). */
  values: Map<string, unknown>;
  /** Server only: the loads a render asked for that have no answer yet. */
  wanted?: Map<string, () => Promise<unknown>>;
};

const PrerenderedContext = createContext<PrerenderedData>({ values: new Map() });

export function PrerenderedDataProvider({
  data,
  children,
}: {
  data: PrerenderedData;
  children: ReactNode;
}) {
  return <PrerenderedContext.Provider value={data}>{children}</PrerenderedContext.Provider>;
}

export function usePrerenderedData(): PrerenderedData {
  return useContext(PrerenderedContext);
}

/**
 * The build-time answer to `load` under `key`, if there is one. Without one, a server render
 * notes the load so that the next render pass has its answer. `key` names the request, arguments
 * included; the same key must always mean the same request.
 */
export function usePrerendered<T>(
  key: string | undefined,
  load: () => Promise<T>,
): { value: T } | undefined {
  const { values, wanted } = usePrerenderedData();
  if (key === undefined) return undefined;
  // The value was produced by this same `load` at build time.
  if (values.has(key)) return { value: values.get(key) as T };
  if (wanted && !wanted.has(key)) wanted.set(key, load);
  return undefined;
}

/** The answers as the HTML carries them: JSON that cannot close its <script> element. */
export function prerenderedDataScript(values: Map<string, unknown>): string {
  if (values.size === 0) return '';
  const json = inlineJson(Object.fromEntries(values));
  return `<script type="application/json" id="${PRERENDERED_DATA_ID}">${json}</script>`;
}

/** In the browser: the answers the prerendered page arrived with (none for the SPA shell). */
export function readPrerenderedData(): PrerenderedData {
  const text = document.getElementById(PRERENDERED_DATA_ID)?.textContent;
  if (!text) return { values: new Map() };
  try {
    return { values: new Map(Object.entries(JSON.parse(text) as Record<string, unknown>)) };
  } catch (error) {
    console.warn('Ignoring unreadable prerendered data', error);
    return { values: new Map() };
  }
}
