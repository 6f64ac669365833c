// Rebuilds the prerendered public site: calls the static host's build hook (the function secret
// SITE_BUILD_HOOK_URL: Netlify's build hook, Cloudflare Pages' deploy hook or Vercel's deploy
// hook) when published content changed, at most once a minute. The cron job `site-rebuild`
// calls it while a rebuild is wanted (supabase/schemas/site_rebuild.sql); the claim in the database
// decides, so two runs in the same minute never both call the hook. Callers: the service role.
//
// POST {} → 200 { called: true, status } | 200 { called: false, reason }
//         | 502 { error } (the hook failed: recorded, and the next minute tries again)
import { callRpc } from '../_shared/database.ts';
import { json, serve } from '../_shared/http.ts';

/** Long enough for a host that queues the build and answers at once (all three do). */
const HOOK_TIMEOUT_MS = 8000;

type Claim = { claimed: true; covers: string } | { claimed: false; reason: string };

serve({ name: 'site-rebuild', callers: ['service'] }, async () => {
  const claim = await callRpc<Claim>('claim_site_rebuild', {});
  if (!claim.claimed) return json(200, { called: false, reason: claim.reason });

  const hook = Deno.env.get('SITE_BUILD_HOOK_URL')?.trim();
  if (!hook) {
    // Nothing to call: the changes count as handled, so the job stops asking until the next.
    const reason = 'No build hook is configured (SITE_BUILD_HOOK_URL).';
    await callRpc('record_site_rebuild', { covers: claim.covers, accepted: true, error: reason });
    return json(200, { called: false, reason });
  }

  let status: number | null = null;
  let error: string | null = null;
  try {
    // The hosts start a build on an empty POST.
    const response = await fetch(hook, {
      method: 'POST',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
    if (!response.ok) error = `The build hook answered ${status}.`;
  } catch (failure) {
    error = `The build hook could not be reached: ${failure instanceof Error ? failure.message : String(failure)}`;
  }
  await callRpc('record_site_rebuild', {
    covers: claim.covers,
    accepted: error === null,
    status,
    error,
  });
  if (error) {
    console.error(`site-rebuild: ${error}`);
    return json(502, { error: 'The build hook failed; the next minute tries again.' });
  }
  return json(200, { called: true, status });
});
