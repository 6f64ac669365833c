// The inline scripts of a prerendered page, run in a document: the code is requested only after
// the first contentful paint (or a frame, or 3 s), and forms wait until the SPA has taken over.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { guardFormsUntilReady, inlineScript, loadAppAfterFirstPaint } from './loader';

const requested = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
    (node) => node.getAttribute('src') ?? node.getAttribute('href'),
  );

/** A PerformanceObserver that reports paint entries when the test says the page painted. */
function fakePaintTiming() {
  let report: (() => void) | null = null;
  class Observer {
    static supportedEntryTypes = ['paint'];
    constructor(
      callback: (list: { getEntriesByName(name: string): unknown[] }, o: Observer) => void,
    ) {
      report = () =>
        callback(
          { getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) },
          this,
        );
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return () => report?.();
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the loader', () => {
  test('requests the modules and the entry only once the page has painted', () => {
    const paint = fakePaintTiming();
    loadAppAfterFirstPaint(['/assets/site.js'], '/assets/index.js');
    vi.advanceTimersByTime(1000);
    expect(requested()).toEqual([]);
    paint();
    vi.advanceTimersByTime(0);
    expect(requested()).toEqual(['/assets/site.js', '/assets/index.js']);
    vi.advanceTimersByTime(5000);
    expect(requested()).toHaveLength(2);
  });

  test('waits for a frame where there is no paint timing, and 3 s at most', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    loadAppAfterFirstPaint([], '/assets/index.js');
    expect(requested()).toEqual([]);
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    expect(requested()).toEqual(['/assets/index.js']);

    document.head.innerHTML = '';
    fakePaintTiming();
    loadAppAfterFirstPaint([], '/assets/other.js');
    vi.advanceTimersByTime(2999);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual(['/assets/other.js']);
  });

  test('runs as the inline script the build writes, with its arguments as JSON', () => {
    const paint = fakePaintTiming();
    const script = inlineScript(loadAppAfterFirstPaint, [['/a.js'], '/b "c".js'], (code) => code);
    expect(script).toMatch(
      /^<script>\(function[\s\S]*\)\(\["\/a\.js"\],"\/b \\"c\\"\.js"\);<\/script>$/,
    );
    new Function(script.slice('<script>'.length, -'</script>'.length))();
    paint();
    vi.advanceTimersByTime(0);
    expect(requested()).toEqual(['/a.js', '/b "c".js']);
  });

  test('refuses a script that would close its own element', () => {
    expect(() => inlineScript(guardFormsUntilReady, ['</script>'], (code) => code)).toThrow();
  });
});

describe('the form guard', () => {
  test('stops native submits until the document is marked ready', () => {
    // The unit tests share a document: the listener is taken off again at the end.
    const added = vi.spyOn(window, 'addEventListener');
    guardFormsUntilReady('data-test-ready');
    const [type, listener, capture] = added.mock.calls[0] ?? [];
    added.mockRestore();
    const form = document.createElement('form');
    document.body.append(form);
    const submit = () => {
      const event = new Event('submit', { cancelable: true, bubbles: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    document.documentElement.setAttribute('data-test-ready', '');
    expect(submit()).toBe(false);
    document.documentElement.removeAttribute('data-test-ready');
    form.remove();
    if (type && listener) removeEventListener(type, listener, capture);
  });
});
