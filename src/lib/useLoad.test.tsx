// useLoad's two rules. Its failure policy: a load that fails never takes away what is shown (the
// screen keeps its data and says the last load failed; with nothing shown yet it shows `empty`).
// And it hands its loader an AbortSignal and aborts it once the answer is no longer wanted:
// without it, a screen that left kept its request and the REST client's retries going (the unit
// tests share one jsdom per worker, and such a retry landed in another file's stubbed fetch).
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoad } from './useLoad';

function pendingLoader() {
  const signals: AbortSignal[] = [];
  const load = (signal?: AbortSignal) => {
    if (signal) signals.push(signal);
    return new Promise<string>(() => {});
  };
  return { signals, load };
}

/** A loader whose answers the test gives in turn: an array of values, or an Error to fail with. */
function scriptedLoader(answers: (string[] | Error)[]) {
  let call = 0;
  return () => {
    const answer = answers[call++];
    if (answer === undefined) return Promise.reject(new Error('no answer scripted'));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
}

describe('useLoad: a failed load never takes away what is shown', () => {
  beforeEach(() => {
    // useLoad logs every failure; these tests fail on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the rows shown when a reload fails, says it failed, and clears that on success', async () => {
    const load = scriptedLoader([['first'], new Error('offline'), ['second']]);
    const { result } = renderHook(() => useLoad<string[]>('rows', load, { empty: [] }));
    await waitFor(() => expect(result.current.data).toEqual(['first']));
    expect(result.current.failed).toBe(false);

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.data).toEqual(['first']);
    expect(result.current.loading).toBe(false);

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['second']));
    expect(result.current.failed).toBe(false);
  });

  it('shows the empty value, not a spinner forever, when the first load fails', async () => {
    const load = scriptedLoader([new Error('offline')]);
    const { result } = renderHook(() => useLoad<string[]>('rows', load, { empty: [] }));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.data).toEqual([]);
    expect(result.current.loading).toBe(false);
  });

  it('keeps the previous key’s rows on a failed new key only with keepPrevious, marked stale', async () => {
    const kept = scriptedLoader([['page 1'], new Error('offline')]);
    const withKeep = renderHook(
      ({ key }) => useLoad<string[]>(key, kept, { empty: [], keepPrevious: true }),
      { initialProps: { key: 'page-1' } },
    );
    await waitFor(() => expect(withKeep.result.current.data).toEqual(['page 1']));
    withKeep.rerender({ key: 'page-2' });
    await waitFor(() => expect(withKeep.result.current.failed).toBe(true));
    expect(withKeep.result.current.data).toEqual(['page 1']);
    expect(withKeep.result.current.stale).toBe(true);

    const dropped = scriptedLoader([['page 1'], new Error('offline')]);
    const without = renderHook(({ key }) => useLoad<string[]>(key, dropped, { empty: [] }), {
      initialProps: { key: 'page-1' },
    });
    await waitFor(() => expect(without.result.current.data).toEqual(['page 1']));
    without.rerender({ key: 'page-2' });
    await waitFor(() => expect(without.result.current.failed).toBe(true));
    expect(without.result.current.data).toEqual([]);
  });
});

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
