// useLoad hands its loader an AbortSignal and aborts it once the answer is no longer wanted:
// without it, a screen that left kept its request and the REST client's retries going (the unit
// tests share one jsdom per worker, and such a retry landed in another file's stubbed fetch).
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './useLoad';

function pendingLoader() {
  const signals: AbortSignal[] = [];
  const load = (signal?: AbortSignal) => {
    if (signal) signals.push(signal);
    return new Promise<string>(() => {});
  };
  return { signals, load };
}

describe('useLoad', () => {
  it('aborts the running load when the screen goes away', async () => {
    const { signals, load } = pendingLoader();
    const { unmount } = renderHook(() => useLoad('one', load, { empty: '' }));
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    unmount();
    expect(signals[0]?.aborted).toBe(true);
  });

  it('aborts the previous key’s load when a new key replaces it, and keeps the new one', async () => {
    const { signals, load } = pendingLoader();
    const { rerender } = renderHook(({ key }) => useLoad(key, load, { empty: '' }), {
      initialProps: { key: 'page-1' },
    });
    await waitFor(() => expect(signals).toHaveLength(1));
    rerender({ key: 'page-2' });
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });
});
