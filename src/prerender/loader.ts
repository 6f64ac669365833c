// The two scripts a prerendered page carries inline, written as real functions: the build
// serializes each one with its arguments and minifies it (inlineScript), so what runs in the
// page is this code. They run before any module, so they reference nothing outside themselves.

/**
 * Requests the SPA's code once the page has been painted with content: the bandwidth and the
 * main thread go to the HTML, the stylesheet and the first images, and the code (which then
 * adopts the page) follows. "Painted" is the browser's first-contentful-paint entry: a frame
 * callback alone can run before the body is drawn (a slow phone's first frame may be blank), and
 * code requested then competes with the first paint. Browsers without paint timing wait for a
 * frame instead. Modules are requested together, as the shell's own tags would. The timer
 * covers a tab opened in the background, which never paints.
 */
export function loadAppAfterFirstPaint(modules: readonly string[], entry: string): void {
  let started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  const soon = () => setTimeout(start);
  const Observer = window.PerformanceObserver;
  if (Observer && (Observer.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new Observer((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        soon();
      }
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(soon);
  setTimeout(start, 3000);
}

/**
 * A form submitted before the SPA has taken the page over (`readyAttribute` on <html>, set by
 * src/app/lazyPage.tsx) must not submit natively: that would put what was typed in the URL.
 */
export function guardFormsUntilReady(readyAttribute: string): void {
  addEventListener(
    'submit',
    (event) => {
      if (!document.documentElement.hasAttribute(readyAttribute)) event.preventDefault();
    },
    true,
  );
}

/** Plain JSON arguments of an inline script. */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/**
 * The <script> element that calls `run(...args)`: the function's own source, called with the
 * arguments as JSON, then minified. The same function and arguments always give the same text
 * (a Content-Security-Policy can allow it by its hash).
 */
export function inlineScript<A extends Json[]>(
  run: (...args: A) => void,
  args: A,
  minify: (code: string) => string,
): string {
  const call = `(${run.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')});`;
  // JSON and the functions above cannot contain '</script', but say so if that ever changes.
  const code = minify(call).trim();
  if (/<\/script/i.test(code)) throw new Error('an inline script must not contain </script');
  return `<script>${code}</script>`;
}
