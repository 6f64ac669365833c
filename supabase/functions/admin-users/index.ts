// The administrators, for administrators: list them, invite another by email, remove one. The
// caller's JWT must belong to an administrator (the database's is_admin() decides, as it does for
// every table); the work is then done with the service role key, which the browser never holds:
// GoTrue's /invite emails the link (it lands on the site's set-password page), and the SQL
// functions of migration 20260310000000 grant and remove the role, never the last one.
//
// POST { action: 'list' }                       → { administrators: [...] }
// POST { action: 'invite', email, redirectTo }  → { outcome: 'invited' | 'promoted' | 'notified', email }
//   An existing account is promoted: silently when it was an administrator before; anyone else is
//   told by email that they were made an administrator (nobody gains the role unknowingly).
// POST { action: 'remove', id }                 → { outcome: 'removed' }
// Refusals are { error, field? } with 400, 403, 404, 409 or 429.
import { callRpc, callerIsAdmin } from '../_shared/database.ts';
import { administratorGranted, sendEmail } from '../_shared/email.ts';
import { json, preflight } from '../_shared/http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same shape the admin's form checks (src/lib/validation.ts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Body = { action?: unknown; email?: unknown; redirectTo?: unknown; id?: unknown };

async function list(): Promise<Response> {
  return json(200, { administrators: await callRpc('list_administrators', {}) });
}

/** GoTrue's invite with the service role; redirect_to is checked by GoTrue's allow-list. */
async function gotrueInvite(email: string, redirectTo: string): Promise<Response> {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
  return fetch(`${Deno.env.get('SUPABASE_URL')}/auth/v1/invite${query}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

async function invite(body: Body): Promise<Response> {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) return json(400, { error: 'Email is required.', field: 'email' });
  if (email.length > 255 || !EMAIL.test(email))
    return json(400, { error: 'Please enter a valid email address.', field: 'email' });
  const redirectTo = typeof body.redirectTo === 'string' ? body.redirectTo : '';
  const invited = await gotrueInvite(email, redirectTo);
  const answer = (await invited.json().catch(() => ({}))) as { code?: string; msg?: string };
  if (invited.ok) {
    // A new account (or one invited before and not yet accepted) becomes an administrator now;
    // it can do nothing until its owner follows the link and chooses a password.
    await callRpc('grant_administrator', { target_email: email });
    return json(200, { outcome: 'invited', email });
  }
  if (invited.status === 422 && answer.code === 'email_exists') {
    // Someone who already has an account: the role is all they need. A former administrator
    // gets it back silently; anyone else learns by email that they now administer the site.
    const granted = await callRpc<string>('grant_administrator', { target_email: email });
    if (granted === 'already')
      return json(409, { error: `${email} is already an administrator.`, field: 'email' });
    if (granted === 'granted') {
      try {
        await sendEmail(administratorGranted(email));
      } catch (failure) {
        console.error('The administrator email failed', failure);
        return json(502, {
          error: `${email} is now an administrator, but the email telling them could not be sent.`,
        });
      }
    }
    return json(200, { outcome: granted === 'granted' ? 'notified' : 'promoted', email });
  }
  if (invited.status === 429)
    return json(429, { error: 'Too many emails were sent. Please try again later.' });
  if (invited.status === 400 || invited.status === 422)
    return json(400, { error: 'Please enter a valid email address.', field: 'email' });
  console.error('The invitation failed', invited.status, answer);
  return json(502, { error: 'The invitation could not be sent. Please try again.' });
}

async function remove(body: Body): Promise<Response> {
  if (typeof body.id !== 'string' || !UUID.test(body.id))
    return json(400, { error: 'Expected { action: "remove", id: <uuid> }' });
  const outcome = await callRpc<string>('remove_administrator', { target: body.id });
  if (outcome === 'last')
    return json(409, {
      error: 'The last administrator cannot be removed. Invite another administrator first.',
    });
  if (outcome === 'not-admin') return json(404, { error: 'This person is not an administrator.' });
  return json(200, { outcome });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json(405, { error: 'Use POST' });
  if (!(await callerIsAdmin(req)))
    return json(403, { error: 'Only an administrator may manage administrators' });
  let body: Body;
  try {
    body = ((await req.json()) ?? {}) as Body;
  } catch {
    return json(400, { error: 'The body must be JSON' });
  }
  try {
    if (body.action === 'list') return await list();
    if (body.action === 'invite') return await invite(body);
    if (body.action === 'remove') return await remove(body);
    return json(400, { error: 'Expected an action: list, invite or remove' });
  } catch (failure) {
    console.error('admin-users failed', failure);
    return json(500, { error: 'The administrators could not be changed. Please try again.' });
  }
});
