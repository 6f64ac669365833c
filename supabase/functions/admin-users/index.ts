// The administrators, for administrators: list them, invite another by email, remove one. The
// caller's JWT must belong to an administrator (the database's is_admin() decides, as it does for
// every table); the work is then done with the service role key, which the browser never holds:
// GoTrue's /invite emails the link (it lands on the site's set-password page), and the SQL
// functions of supabase/schemas/admin.sql grant and remove the role, never the last one.
//
// POST { action: 'list' }                       → { administrators: [...] }
// POST { action: 'invite', email, redirectTo }  → { outcome: 'invited' | 'promoted' | 'notified', email }
//   An existing account is promoted: silently when it was an administrator before; anyone else is
//   told by email that they were made an administrator (nobody gains the role unknowingly).
// POST { action: 'remove', id }                 → { outcome: 'removed' }
// Refusals are _shared/http.ts's { error, field? } with 400, 403, 404, 409 or 429.
import { callRpc } from '../_shared/database.ts';
import { administratorGranted, sendEmail } from '../_shared/email.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { isEmail, isUuid } from '../_shared/validate.ts';

type Body = Record<string, unknown>;

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
  if (!email) throw new Refusal(400, 'Email is required.', 'email');
  if (!isEmail(email)) throw new Refusal(400, 'Please enter a valid email address.', 'email');
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
      throw new Refusal(409, `${email} is already an administrator.`, 'email');
    if (granted === 'granted') {
      try {
        await sendEmail(await administratorGranted(email));
      } catch (failure) {
        console.error('The administrator email failed', failure);
        throw new Refusal(
          502,
          `${email} is now an administrator, but the email telling them could not be sent.`,
        );
      }
    }
    return json(200, { outcome: granted === 'granted' ? 'notified' : 'promoted', email });
  }
  if (invited.status === 429)
    throw new Refusal(429, 'Too many emails were sent. Please try again later.');
  if (invited.status === 400 || invited.status === 422)
    throw new Refusal(400, 'Please enter a valid email address.', 'email');
  console.error('The invitation failed', invited.status, answer);
  throw new Refusal(502, 'The invitation could not be sent. Please try again.');
}

async function remove(body: Body): Promise<Response> {
  if (typeof body.id !== 'string' || !isUuid(body.id))
    throw new Refusal(400, 'Expected { action: "remove", id: <uuid> }');
  const outcome = await callRpc<string>('remove_administrator', { target: body.id });
  if (outcome === 'last')
    throw new Refusal(
      409,
      'The last administrator cannot be removed. Invite another administrator first.',
    );
  if (outcome === 'not-admin') throw new Refusal(404, 'This person is not an administrator.');
  return json(200, { outcome });
}

serve(
  {
    name: 'admin-users',
    callers: ['admin'],
    refused: 'Only an administrator may manage administrators',
    failure: 'The administrators could not be changed. Please try again.',
  },
  async ({ body }) => {
    if (body.action === 'list') return await list();
    if (body.action === 'invite') return await invite(body);
    if (body.action === 'remove') return await remove(body);
    throw new Refusal(400, 'Expected an action: list, invite or remove');
  },
);
