import { createElement, Fragment, lazy, useEffect, type ComponentType } from 'react';
import { READY_ATTRIBUTE } from '../prerender/protocol';

export type LazyPage = {
  Page: ComponentType;
  /** Starts (or reuses) the download; resolves when the page can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * A part of the page loaded on demand (the footer, below the fold). Once preloaded it renders
 * synchronously, which hydration of prerendered HTML needs: the client's first render must match
 * the server's markup. Until then it suspends, so it sits inside a Suspense boundary.
 */
export function lazyPart(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Deferred = lazy(start);
  function Part() {
    return loaded ? createElement(loaded) : createElement(Deferred);
  }
  return {
    Page: Part,
    preload: () => start().then(() => undefined),
  };
}

/** A route page loaded on demand (see lazyPart), marking the document ready once hydrated. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  const part = lazyPart(load);
  function Page() {
    return createElement(Fragment, null, createElement(part.Page), createElement(ReadyMark));
  }
  return { Page, preload: part.preload };
}

/**
 * Marks the document (`<html data-ready>`, READY_ATTRIBUTE) once React has taken the page over:
 * its effect runs after those of the page beside it, which (inside the layout's Suspense
 * boundary) hydrates in a pass of its own, after the header and footer. A prerendered page is on
 * screen before that; until then its forms must not submit natively (guardFormsUntilReady in
 * src/prerender/loader.ts), and end-to-end tests wait for the mark as a visitor waits for the page.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute(READY_ATTRIBUTE, '');
  }, []);
  return null;
}
