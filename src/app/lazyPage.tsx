import { createElement, lazy, type ComponentType } from 'react';

export type LazyPage = {
  Page: ComponentType;
  /** Starts (or reuses) the download; resolves when the page can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * A route page loaded on demand. Once preloaded it renders synchronously, which hydration of
 * prerendered HTML needs: the client's first render must match the server's markup.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Deferred = lazy(start);
  function Page() {
    return loaded ? createElement(loaded) : createElement(Deferred);
  }
  return {
    Page,
    preload: () => start().then(() => undefined),
  };
}
