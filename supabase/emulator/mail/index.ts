// The local mail catcher under /local/mail (the Supabase CLI has Inbucket/Mailpit on port 54324):
//   GET    /local/mail                       the inbox page (?to=<address> for one recipient)
//   GET    /local/mail/messages[?to=]        the caught emails as JSON, newest first (the newest 500)
//   GET    /local/mail/messages/<id>         one email
//   DELETE /local/mail/messages[?to=]        forget them (all, or one recipient's)
//   GET    /local/mail/stats                 what the email API took and delivered (stats.ts)
//   DELETE /local/mail/stats                 start counting afresh
//   /local/mail/api/emails, /emails/batch    the Resend-compatible API Edge Functions send through
//                                            (email-api.ts; the server routes it as its own API)
// Reading and clearing need the service role key, or a page on the site's or a loopback origin
// (local-services/access.ts, the webhook inbox's rule); the counts, the service role key.
import { isBrowserNavigation, mayManageLocalData } from '../local-services/access';
import type { ApiContext, ApiHandler, ApiRequest, ApiResponse } from '../types';
import { inboxPage, messageFrame } from './inbox-page';
import { emailApiStats, resetEmailApiStats } from './stats';
import { clearMail, findMail, listMail } from './store';

export { emailApiBodyLimit, handleEmailApi } from './email-api';

export const MAIL_PREFIX = '/local/mail';
export const EMAIL_API_PREFIX = `${MAIL_PREFIX}/api`;

const json = (status: number, body: unknown): ApiResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

function html(req: ApiRequest, body: string, csp: string): ApiResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
    },
    body: req.method === 'HEAD' ? null : body,
  };
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; frame-ancestors 'none'";
// Emails are untrusted HTML: no scripts, no forms, their own origin; only their links may leave.
const FRAME_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-ancestors 'self'";

function forbidden(): ApiResponse {
  return json(403, {
    error: 'forbidden',
    message:
      "Reading the local mail needs the service role key or a page on the site's or a loopback origin",
  });
}

async function readOrClear(
  req: ApiRequest,
  ctx: ApiContext,
  segments: string[],
): Promise<ApiResponse> {
  const recipient = req.url.searchParams.get('to');
  const page = segments.length === 0;
  const frame = segments.length === 3 && segments[2] === 'html';
  if (!mayManageLocalData(req, ctx.config) && !((page || frame) && isBrowserNavigation(req))) {
    return forbidden();
  }
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (page && read)
    return html(req, inboxPage(await listMail(ctx, recipient), recipient, MAIL_PREFIX), PAGE_CSP);
  if (segments[0] !== 'messages') return json(404, { error: 'not_found', message: 'Not found' });
  if (segments.length === 1) {
    if (read) return json(200, await listMail(ctx, recipient));
    if (req.method === 'DELETE') return json(200, { deleted: await clearMail(ctx, recipient) });
    return json(405, { error: 'method_not_allowed', message: 'Use GET or DELETE' });
  }
  const message = await findMail(ctx, segments[1] ?? '');
  if (!message || segments.length > 3 || (segments.length === 3 && !frame) || !read) {
    return json(404, { error: 'not_found', message: 'No such email' });
  }
  return frame ? html(req, messageFrame(message), FRAME_CSP) : json(200, message);
}

/** The email API's counts: the service role key only, as the other controls of the stand-in. */
function stats(req: ApiRequest, ctx: ApiContext): ApiResponse {
  if (req.claims?.role !== 'service_role') {
    return json(403, {
      error: 'forbidden',
      message: "The email API's counts need the service role key",
    });
  }
  if (req.method === 'GET' || req.method === 'HEAD') return json(200, emailApiStats(ctx));
  if (req.method === 'DELETE') return json(200, resetEmailApiStats(ctx));
  return json(405, { error: 'method_not_allowed', message: 'Use GET or DELETE' });
}

function pathSegments(req: ApiRequest): string[] | null {
  try {
    return req.path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

export const handleMail: ApiHandler = async (req, ctx) => {
  const segments = pathSegments(req);
  if (!segments) return json(404, { error: 'not_found', message: 'Not found' });
  if (segments.length === 1 && segments[0] === 'stats') return stats(req, ctx);
  return readOrClear(req, ctx, segments);
};
