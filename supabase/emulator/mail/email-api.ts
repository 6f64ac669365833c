// A Resend-compatible email API in front of the mail catcher, so Edge Functions send email the same
// way locally and in production: `POST {EMAIL_API_URL}/emails` with `Authorization: Bearer <key>`
// and `{from, to, subject, html, text, cc, bcc, reply_to, headers, tags}` answers `{id}`;
// `GET {EMAIL_API_URL}/emails/<id>` reads one back. Errors use Resend's `{statusCode, name, message}`.
//
// An `Idempotency-Key` header (at most 256 characters) is honoured as Resend honours it for 24
// hours: a repeat of the same request answers the first one's `{id}` and delivers nothing; the
// same key with a different request is refused (409 invalid_idempotent_request). The mailings'
// sender relies on it: a recipient claimed again after a crash is sent with the same key.
import { createHash } from 'node:crypto';
import type { ApiContext, ApiRequest, ApiResponse, Db } from '../types';
import { deliverMail, findMail, type MailMessage } from './store';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_MAX = 256;

/** A key seen: the request's digest, and the email's id (null while the first is being sent). */
type SeenKey = { digest: string; id: string | null; at: number };

/** The keys seen per emulator, in the order first seen. */
const idempotencyKeys = new WeakMap<Db, Map<string, SeenKey>>();

function keysOf(db: Db): Map<string, SeenKey> {
  let keys = idempotencyKeys.get(db);
  if (!keys) {
    keys = new Map();
    idempotencyKeys.set(db, keys);
  }
  // Forget the keys older than the window (the oldest come first).
  const now = Date.now();
  for (const [key, seen] of keys) {
    if (now - seen.at < IDEMPOTENCY_WINDOW_MS) break;
    keys.delete(key);
  }
  return keys;
}

function resendJson(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

function resendError(statusCode: number, name: string, message: string): ApiResponse {
  return resendJson(statusCode, { statusCode, name, message });
}

// `address@domain` or `Name <address@domain>`, as Resend accepts them.
const ADDRESS = /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

type Field = { ok: true; value: string[] } | { ok: false; error: ApiResponse };

function addresses(body: Record<string, unknown>, name: string): Field {
  const raw = body[name];
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  const list = Array.isArray(raw) ? raw : [raw];
  if (
    list.length > 50 ||
    !list.every((a): a is string => typeof a === 'string' && ADDRESS.test(a.trim()))
  ) {
    return {
      ok: false,
      error: resendError(
        422,
        'validation_error',
        `Invalid \`${name}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
      ),
    };
  }
  return { ok: true, value: list.map((a) => a.trim()) };
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function tags(value: unknown): { name: string; value: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag: unknown) =>
    typeof tag === 'object' && tag !== null && 'name' in tag && typeof tag.name === 'string'
      ? [
          {
            name: tag.name,
            value: 'value' in tag && typeof tag.value === 'string' ? tag.value : '',
          },
        ]
      : [],
  );
}

function checkKey(req: ApiRequest, ctx: ApiContext): ApiResponse | null {
  const key = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (!key) {
    return resendError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  }
  return key === ctx.config.emailApiKey
    ? null
    : resendError(403, 'invalid_api_key', 'API key is invalid');
}

async function send(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const key = req.headers['idempotency-key']?.trim();
  if (key === undefined || key === '') return sendOnce(req, ctx);
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    return resendError(
      400,
      'invalid_idempotency_key',
      `The key must be between 1-${IDEMPOTENCY_KEY_MAX} chars.`,
    );
  }
  const keys = keysOf(ctx.db);
  const digest = createHash('sha256').update(req.body).digest('hex');
  const seen = keys.get(key);
  if (seen && seen.digest !== digest) {
    return resendError(
      409,
      'invalid_idempotent_request',
      'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
    );
  }
  if (seen && seen.id === null) {
    return resendError(
      409,
      'concurrent_idempotent_requests',
      'Same idempotency key used while original request is still in progress.',
    );
  }
  if (seen) return resendJson(200, { id: seen.id });
  const held = { digest, id: null as string | null, at: Date.now() };
  keys.set(key, held);
  const answer = await sendOnce(req, ctx).catch((failure: unknown) => {
    keys.delete(key);
    throw failure;
  });
  // Only a delivered email holds its key: a refused request may be corrected and sent again.
  if (answer.status === 200) held.id = (JSON.parse(String(answer.body)) as { id: string }).id;
  else keys.delete(key);
  return answer;
}

async function sendOnce(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  let body: unknown;
  try {
    body = JSON.parse(req.body.toString('utf8'));
  } catch {
    return resendError(422, 'validation_error', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return resendError(422, 'validation_error', 'The request body must be a JSON object.');
  }
  const fields = body as Record<string, unknown>;
  const missing = ['from', 'to', 'subject'].filter((name) => {
    const value = fields[name];
    return (
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
    );
  });
  if (missing.length > 0) {
    return resendError(
      422,
      'missing_required_field',
      `Missing \`${missing.join('`, `')}\` field${missing.length > 1 ? 's' : ''}.`,
    );
  }
  const html = typeof fields.html === 'string' ? fields.html : null;
  const text = typeof fields.text === 'string' ? fields.text : null;
  if (html === null && text === null) {
    return resendError(422, 'validation_error', 'Missing `html` or `text` field.');
  }
  if (typeof fields.subject !== 'string') {
    return resendError(422, 'validation_error', 'The `subject` field must be a string.');
  }
  const from = addresses(fields, 'from');
  const to = addresses(fields, 'to');
  const cc = addresses(fields, 'cc');
  const bcc = addresses(fields, 'bcc');
  const replyTo = addresses(fields, 'reply_to');
  for (const field of [from, to, cc, bcc, replyTo]) if (!field.ok) return field.error;
  const list = (field: Field) => (field.ok ? field.value : []);
  const message = await deliverMail(ctx, {
    from: list(from)[0] ?? '',
    to: list(to),
    cc: list(cc),
    bcc: list(bcc),
    reply_to: list(replyTo),
    subject: fields.subject,
    html,
    text,
    headers: stringRecord(fields.headers),
    tags: tags(fields.tags),
    sent_by: 'email-api',
  });
  return resendJson(200, { id: message.id });
}

/** Resend's "retrieve email" shape. */
function retrieved(message: MailMessage): Record<string, unknown> {
  return {
    object: 'email',
    id: message.id,
    to: message.to,
    from: message.from,
    created_at: message.created_at,
    subject: message.subject,
    html: message.html,
    text: message.text,
    cc: message.cc,
    bcc: message.bcc,
    reply_to: message.reply_to,
    last_event: 'delivered',
    tags: message.tags,
  };
}

/** `segments` are the path below the API's base, e.g. ['emails'] or ['emails', '<id>']. */
export async function handleEmailApi(
  req: ApiRequest,
  ctx: ApiContext,
  segments: string[],
): Promise<ApiResponse> {
  if (segments[0] !== 'emails' || segments.length > 2) {
    return resendError(404, 'not_found', 'The requested endpoint does not exist.');
  }
  const refused = checkKey(req, ctx);
  if (refused) return refused;
  if (segments.length === 1 && req.method === 'POST') return send(req, ctx);
  if (segments.length === 2 && req.method === 'GET') {
    const message = await findMail(ctx, segments[1] ?? '');
    return message
      ? resendJson(200, retrieved(message))
      : resendError(404, 'not_found', 'Email not found');
  }
  return resendError(405, 'method_not_allowed', 'Method is not allowed for the requested path.');
}
