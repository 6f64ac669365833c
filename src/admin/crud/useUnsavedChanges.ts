import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type NavigationHold = {
  /** An in-app link the administrator followed while the form had unsaved changes. */
  held: string | null;
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

/**
 * While a form has unsaved changes: the browser asks before the tab closes or reloads, and
 * in-app links are held until the caller's dialog proceeds or resets. (The site uses a plain
 * BrowserRouter, which has no navigation blocker, so links are intercepted before the router.)
 */
export function useUnsavedChanges(dirty: boolean): NavigationHold {
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
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
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    held,
    proceed() {
      if (held) navigate(held);
      setHeld(null);
    },
    reset() {
      setHeld(null);
    },
  };
}
