// The network for page tests that stand in at fetch (never by mocking a data module: the unit
// project shares one module registry per worker): each rpc, table or Edge Function answers by the
// last segment of its path, and every request is kept with its parsed body.
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

export type NetworkAnswer =
  | { status?: number; body: unknown }
  | (() => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>)
  /** Never answers: the page stays in its loading or sending state. */
  | 'hang';

export type NetworkCall = { name: string; body: unknown };

export function stubNetwork(answers: Record<string, NetworkAnswer | undefined>): NetworkCall[] {
  const calls: NetworkCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const name = url.pathname.split('/').pop() ?? '';
    const raw = input instanceof Request ? await input.text() : init?.body;
    calls.push({ name, body: typeof raw === 'string' && raw ? JSON.parse(raw) : undefined });
    const given = answers[name];
    if (given === 'hang') return new Promise<Response>(() => {});
    const answer = typeof given === 'function' ? await given() : given;
    if (!answer) return new Response('{"message":"no answer in this test"}', { status: 500 });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/**
 * A file's afterEach: unmounts what the test drew, lets the requests its last render started reach
 * the stand-in (the data client calls fetch a few promises after a load begins), then puts the
 * real fetch back. Else they would reach past the stand-in to the network, which
 * src/test/hermetic.ts fails the test for.
 */
export async function restoreNetwork(): Promise<void> {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
}
