// Guards unsaved changes against leaving: closing or reloading the tab (the browser's own
// question), in-app links and the browser's Back and Forward buttons (our dialog).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type NavigationHold = {
  /**
   * Where the administrator tried to go while the form had unsaved changes: an in-app link's
   * path, or a step through the browser's history (-1 for Back).
   */
  held: string | number | null;
  proceed(): void;
  reset(): void;
};

/** The in-app destination of a plain left click on a same-origin link, if any. */
function linkDestination(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self'))
    return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The history entry's position, which react-router's BrowserRouter keeps in its state. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/**
 * While a form has unsaved changes: the browser asks before the tab closes or reloads, and
 * in-app links and Back/Forward are held until the caller's dialog proceeds or resets. (The site
 * uses a plain BrowserRouter, which has no navigation blocker, so links are intercepted before
 * the router, and a history step is undone before the router hears of it: our popstate listener
 * runs first, in the capture phase, stops the router's, and steps back to the form's entry.)
 */
export function useUnsavedChanges(dirty: boolean): NavigationHold {
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | number | null>(null);
  /** A history step we make ourselves: undoing one, or proceeding with a held one. */
  const ownStep = useRef<'undo' | 'proceed' | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const here = historyIndex();
    function onPopState(event: PopStateEvent) {
      if (ownStep.current === 'proceed') {
        ownStep.current = null;
        return; // the router follows it
      }
      event.stopImmediatePropagation();
      if (ownStep.current === 'undo') {
        ownStep.current = null;
        return;
      }
      const there = historyIndex();
      const step = here !== null && there !== null ? there - here : -1;
      if (step === 0) return;
      ownStep.current = 'undo';
      window.history.go(-step);
      setHeld(step);
    }
    window.addEventListener('popstate', onPopState, true);
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
    }
    function onClick(event: MouseEvent) {
      const destination = linkDestination(event);
      if (!destination) return;
      event.preventDefault();
      event.stopPropagation();
      setHeld(destination);
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture phase on the document runs before React's listeners on the root element.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    held,
    proceed() {
      if (typeof held === 'number') {
        ownStep.current = 'proceed';
        window.history.go(held);
      } else if (held) navigate(held);
      setHeld(null);
    },
    reset() {
      setHeld(null);
    },
  };
}
