// The local static host's build hook (the emulator's default SITE_BUILD_HOOK_URL): a call is
// counted and announced on the emulator's log as SITE_REBUILD_LINE, which `npm start`
// (scripts/start.mjs) watches to prerender the site again. Open to anyone, as a host's build
// hook URL is; reading the count needs the service key or the site's origin.
import type { ApiContext, Db } from '../types';

/** The log line `npm start` waits for; keep the two in step. */
export const SITE_REBUILD_LINE = 'Site rebuild requested through the local build hook';

interface HookCalls {
  calls: number;
  last: string | null;
}

const callsByEmulator = new WeakMap<Db, HookCalls>();

function callsOf(db: Db): HookCalls {
  let calls = callsByEmulator.get(db);
  if (!calls) {
    calls = { calls: 0, last: null };
    callsByEmulator.set(db, calls);
  }
  return calls;
}

export function receiveSiteRebuild(ctx: ApiContext): HookCalls {
  const calls = callsOf(ctx.db);
  calls.calls += 1;
  calls.last = new Date().toISOString();
  ctx.log?.(SITE_REBUILD_LINE);
  return calls;
}

export function siteRebuildCalls(ctx: ApiContext): HookCalls {
  return { ...callsOf(ctx.db) };
}
