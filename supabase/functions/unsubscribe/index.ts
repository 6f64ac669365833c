// The List-Unsubscribe address of every marketing email (RFC 8058; _shared/unsubscribe.ts makes
// it): `<functions>/unsubscribe?s=<secret>`.
//
// POST with the body `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded or
//   multipart/form-data, as a mail client sends it) → unsubscribes the secret's address
//   (public.unsubscribe, how 'one-click'), with no sign-in and no confirmation step, and answers
//   200 `{ ok: true }`, never a redirect (RFC 8058 §3.2). A wrong secret answers the same: the
//   answer tells nothing about the address. Without that body: 400.
// GET (the link opened in a browser, or a scanner following it) → 303 to the site's page
//   `/unsubscribe/<secret>`, which does the unsubscribing itself; a GET changes nothing here, so a
//   link scanner cannot unsubscribe anyone.
//
// Anyone may call it (supabase/config.toml: verify_jwt = false; a mail client has no token): the
// 256-bit secret is the key, and the calls are counted per network (30 an hour) by the database,
// with the caller's address as the gateway appends it to x-forwarded-for.
import { callRpc, RpcFailed } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { unsubscribePage } from '../_shared/unsubscribe.ts';

const secretOf = (request: Request): string =>
  (new URL(request.url).searchParams.get('s') ?? '').slice(0, 200);

/** The caller's address: the last hop of x-forwarded-for, the one the gateway wrote. */
const networkOf = (request: Request): string | null =>
  (request.headers.get('x-forwarded-for') ?? '').split(',').pop()?.trim().slice(0, 64) || null;

/** The RFC 8058 body, in either of the two content types a mail client may send. */
async function isOneClick(request: Request, body: string): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return false;
  try {
    const form = await new Response(body, { headers: { 'content-type': type } }).formData();
    return form.get('List-Unsubscribe') === 'One-Click';
  } catch {
    return false;
  }
}

serve(
  {
    name: 'unsubscribe',
    body: 'text',
    limit: 4 * 1024,
    failure: 'The address could not be unsubscribed. Please try again.',
    get: (request) =>
      new Response(null, {
        status: 303,
        headers: { location: unsubscribePage(secretOf(request)) },
      }),
  },
  async ({ request, text }) => {
    if (!(await isOneClick(request, text)))
      throw new Refusal(400, 'The body must be List-Unsubscribe=One-Click.');
    try {
      await callRpc<boolean>('unsubscribe', {
        secret: secretOf(request),
        how: 'one-click',
        network: networkOf(request),
      });
    } catch (failure) {
      if (failure instanceof RpcFailed && failure.status === 429)
        throw new Refusal(429, 'Too many requests from this network. Please try again later.');
      throw failure;
    }
    return json(200, { ok: true });
  },
);
