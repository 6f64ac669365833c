// A Resend-compatible email API in front of the mail catcher, so Edge Functions send email the same
// way locally and in production (EMAIL_API_URL = <emulator>/local/mail/api, Bearer EMAIL_API_KEY):
//   POST /emails         {from, to, subject, html, text, cc, bcc, reply_to, headers, tags} → {id}
//   POST /emails/batch   an array of 1 to 100 such emails → {data: [{id}, …]}, in their order
//   GET  /emails/<id>    one email, in Resend's "retrieve email" shape
// Errors use Resend's `{statusCode, name, message}` (https://resend.com/docs/api-reference/errors).
//
// As Resend's (each rule's page is named where it is applied below):
// - Rate limit: EMAIL_API_RATE_LIMIT requests a second (default 2) across every caller, as Resend
//   counts per team. Every answer to a call with the key carries `ratelimit-limit`,
//   `ratelimit-remaining` and `ratelimit-reset`; above the rate, 429 rate_limit_exceeded with
//   `retry-after` (rate-limit.ts). A batch is one request, however many emails it holds.
// - Idempotency-Key (at most 256 characters), kept 24 hours, on both sending routes: a repeat of
//   the same request answers the first one's answer and delivers nothing; the same key with
//   another request (another body, or the other route) is refused, 409 invalid_idempotent_request;
//   a repeat while the first is still being delivered, 409 concurrent_idempotent_requests. A
//   refused request leaves its key free, so it may be corrected and sent again.
// - The batch is validated whole (`x-batch-validation: strict`, the default): one invalid email
//   refuses the batch with that email's error and nothing is delivered. `permissive` delivers the
//   valid ones and lists the others as `errors: [{index, message}]`. `attachments` and
//   `scheduled_at` are refused in a batch: Resend documents them as unsupported there.
// - Body limits (gateway.ts asks emailApiBodyLimit): 64 KiB for POST /emails, as ever; 16 MiB for
//   a batch, room for 100 emails of a real mailing (100 KiB of HTML each, its text part and the
//   JSON's escaping) and far inside Resend's 40 MB for one email. Above them, 413.
// What the API took and delivered is counted for benchmarks (stats.ts, GET /local/mail/stats).
import { createHash } from 'node:crypto';
import type { ApiContext, ApiHandler, ApiRequest, ApiResponse, Db } from '../types';
import { SlidingWindowLimit, rateLimitHeaders } from './rate-limit';
import { countAccepted, countDelivered, countRequest } from './stats';
import { deliverMails, findMail, type MailMessage, type NewMailMessage } from './store';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_MAX = 256;

/** https://resend.com/docs/api-reference/emails/send-batch-emails: "up to 100 emails". */
export const BATCH_MAX = 100;

export const EMAIL_BODY_LIMIT = 64 * 1024;
export const EMAIL_BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/** The body limit of a call to the API; `path` is below its prefix, e.g. '/emails/batch'. */
export function emailApiBodyLimit(method: string, path: string): number {
  return method === 'POST' && path.replace(/\/+$/, '') === '/emails/batch'
    ? EMAIL_BATCH_BODY_LIMIT
    : EMAIL_BODY_LIMIT;
}

interface ResendError {
  statusCode: number;
  name: string;
  message: string;
}

function resendJson(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

function resendError(statusCode: number, name: string, message: string): ApiResponse {
  return resendJson(statusCode, { statusCode, name, message } satisfies ResendError);
}

const validationError = (message: string): ResendError => ({
  statusCode: 422,
  name: 'validation_error',
  message,
});

// ---- One email's fields, as Resend checks them --------------------------------------------------

// `address@domain` or `Name <address@domain>`, as Resend accepts them.
const ADDRESS = /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

type Checked<T> = { ok: true; value: T } | { ok: false; error: ResendError };

function addresses(fields: Record<string, unknown>, name: string): Checked<string[]> {
  const raw = fields[name];
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  const list = Array.isArray(raw) ? raw : [raw];
  if (
    list.length > 50 ||
    !list.every((a): a is string => typeof a === 'string' && ADDRESS.test(a.trim()))
  ) {
    return {
      ok: false,
      error: validationError(
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

/** One email of a request (the body of POST /emails, or an item of a batch) for the catcher. */
function checkEmail(body: unknown): Checked<NewMailMessage> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: validationError('The request body must be a JSON object.') };
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
    return {
      ok: false,
      error: {
        statusCode: 422,
        name: 'missing_required_field',
        message: `Missing \`${missing.join('`, `')}\` field${missing.length > 1 ? 's' : ''}.`,
      },
    };
  }
  const html = typeof fields.html === 'string' ? fields.html : null;
  const text = typeof fields.text === 'string' ? fields.text : null;
  if (html === null && text === null) {
    return { ok: false, error: validationError('Missing `html` or `text` field.') };
  }
  if (typeof fields.subject !== 'string') {
    return { ok: false, error: validationError('The `subject` field must be a string.') };
  }
  const from = addresses(fields, 'from');
  const to = addresses(fields, 'to');
  const cc = addresses(fields, 'cc');
  const bcc = addresses(fields, 'bcc');
  const replyTo = addresses(fields, 'reply_to');
  if (!from.ok) return from;
  if (!to.ok) return to;
  if (!cc.ok) return cc;
  if (!bcc.ok) return bcc;
  if (!replyTo.ok) return replyTo;
  return {
    ok: true,
    value: {
      from: from.value[0] ?? '',
      to: to.value,
      cc: cc.value,
      bcc: bcc.value,
      reply_to: replyTo.value,
      subject: fields.subject,
      html,
      text,
      headers: stringRecord(fields.headers),
      tags: tags(fields.tags),
      sent_by: 'email-api',
    },
  };
}

/** Fields the batch route does not take (the send-batch-emails page's "Limitations"). */
const NOT_IN_A_BATCH = ['attachments', 'scheduled_at'];

function checkBatchItem(item: unknown): Checked<NewMailMessage> {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const unsupported = NOT_IN_A_BATCH.find(
      (name) => (item as Record<string, unknown>)[name] !== undefined,
    );
    if (unsupported) {
      return {
        ok: false,
        error: validationError(
          `The \`${unsupported}\` field is not supported by the batch endpoint: send this email with POST /emails.`,
        ),
      };
    }
  }
  return checkEmail(item);
}

function parseJson(req: ApiRequest): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(req.body.toString('utf8')) };
  } catch {
    return { ok: false, error: validationError('The request body is not valid JSON.') };
  }
}

// ---- Sending -------------------------------------------------------------------------------------

/** A sending route's answer, and how many emails it accepted (0 when it refused). */
interface SendAnswer {
  response: ApiResponse;
  accepted: number;
}

const refusal = (error: ResendError): SendAnswer => ({
  response: resendError(error.statusCode, error.name, error.message),
  accepted: 0,
});

async function deliver(ctx: ApiContext, emails: NewMailMessage[]): Promise<MailMessage[]> {
  const messages = await deliverMails(ctx, emails);
  countDelivered(ctx, messages);
  return messages;
}

async function sendEmail(req: ApiRequest, ctx: ApiContext): Promise<SendAnswer> {
  const body = parseJson(req);
  if (!body.ok) return refusal(body.error);
  const email = checkEmail(body.value);
  if (!email.ok) return refusal(email.error);
  const [message] = await deliver(ctx, [email.value]);
  return { response: resendJson(200, { id: message?.id }), accepted: 1 };
}

async function sendBatch(req: ApiRequest, ctx: ApiContext): Promise<SendAnswer> {
  const mode = (req.headers['x-batch-validation'] ?? 'strict').trim().toLowerCase();
  if (mode !== 'strict' && mode !== 'permissive') {
    return refusal(
      validationError('The `x-batch-validation` header must be `strict` or `permissive`.'),
    );
  }
  const body = parseJson(req);
  if (!body.ok) return refusal(body.error);
  // Resend's own words for a body that is not an array (resend/resend-php#67).
  if (!Array.isArray(body.value)) {
    return refusal(validationError('The `request.body` field must be an `array`.'));
  }
  const items: unknown[] = body.value;
  if (items.length === 0 || items.length > BATCH_MAX) {
    return refusal(
      validationError(
        `The \`request.body\` field must hold between 1 and ${BATCH_MAX} emails; it holds ${items.length}.`,
      ),
    );
  }
  const checked = items.map(checkBatchItem);
  if (mode === 'strict') {
    const invalid = checked.find((email) => !email.ok);
    if (invalid && !invalid.ok) return refusal(invalid.error);
  }
  const valid = checked.flatMap((email) => (email.ok ? [email.value] : []));
  const messages = valid.length > 0 ? await deliver(ctx, valid) : [];
  const data = messages.map((message) => ({ id: message.id }));
  if (mode === 'strict') return { response: resendJson(200, { data }), accepted: data.length };
  const errors = checked.flatMap((email, index) =>
    email.ok ? [] : [{ index, message: email.error.message }],
  );
  return { response: resendJson(200, { data, errors }), accepted: data.length };
}

// ---- Idempotency-Key (https://resend.com/docs/dashboard/emails/idempotency-keys) ----------------

/**
 * A key seen: its request's digest, the first answer's body (null while it is being delivered)
 * and how many emails that answer accepted. At the default rate limit at most 2 keys a second
 * arrive, so the 24 hours' keys stay bounded.
 */
type SeenKey = { digest: string; answer: string | null; accepted: number; at: number };

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

async function idempotent(
  req: ApiRequest,
  ctx: ApiContext,
  route: string,
  send: () => Promise<SendAnswer>,
): Promise<SendAnswer> {
  const key = req.headers['idempotency-key']?.trim();
  if (key === undefined || key === '') return send();
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    return refusal({
      statusCode: 400,
      name: 'invalid_idempotency_key',
      message: `The key must be between 1-${IDEMPOTENCY_KEY_MAX} chars.`,
    });
  }
  const keys = keysOf(ctx.db);
  // The route is part of the request: a key used for one email is not a batch's key.
  const digest = createHash('sha256').update(`${route}\n`).update(req.body).digest('hex');
  const seen = keys.get(key);
  if (seen && seen.digest !== digest) {
    return refusal({
      statusCode: 409,
      name: 'invalid_idempotent_request',
      message:
        'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
    });
  }
  if (seen && seen.answer === null) {
    return refusal({
      statusCode: 409,
      name: 'concurrent_idempotent_requests',
      message: 'Same idempotency key used while original request is still in progress.',
    });
  }
  if (seen?.answer) {
    return {
      response: {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: seen.answer,
      },
      accepted: seen.accepted,
    };
  }
  const held: SeenKey = { digest, answer: null, accepted: 0, at: Date.now() };
  keys.set(key, held);
  const answer = await send().catch((failure: unknown) => {
    keys.delete(key);
    throw failure;
  });
  // Only a delivered request holds its key: a refused one may be corrected and sent again.
  if (answer.response.status === 200) {
    held.answer = String(answer.response.body);
    held.accepted = answer.accepted;
  } else keys.delete(key);
  return answer;
}

// ---- The routes ----------------------------------------------------------------------------------

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

function checkKey(req: ApiRequest, ctx: ApiContext): ApiResponse | null {
  const key = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (!key) {
    return resendError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  }
  return key === ctx.config.emailApiKey
    ? null
    : resendError(403, 'invalid_api_key', 'API key is invalid');
}

/** One limit per emulator, whoever calls: Resend counts per team, across its API keys. */
const limits = new WeakMap<Db, SlidingWindowLimit>();

function limitOf(ctx: ApiContext): SlidingWindowLimit {
  let limit = limits.get(ctx.db);
  if (!limit) {
    limit = new SlidingWindowLimit(ctx.config.emailApiRateLimit);
    limits.set(ctx.db, limit);
  }
  return limit;
}

async function route(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  let segments: string[];
  try {
    segments = req.path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    segments = [];
  }
  if (segments[0] !== 'emails' || segments.length > 2) {
    return resendError(404, 'not_found', 'The requested endpoint does not exist.');
  }
  const batch = segments.length === 2 && segments[1] === 'batch';
  if (req.method === 'POST' && (segments.length === 1 || batch)) {
    const routeName = batch ? 'POST /emails/batch' : 'POST /emails';
    const answer = await idempotent(req, ctx, routeName, () =>
      batch ? sendBatch(req, ctx) : sendEmail(req, ctx),
    );
    countAccepted(ctx, answer.accepted);
    return answer.response;
  }
  if (segments.length === 2 && req.method === 'GET') {
    const message = await findMail(ctx, segments[1] ?? '');
    return message
      ? resendJson(200, retrieved(message))
      : resendError(404, 'not_found', 'Email not found');
  }
  return resendError(405, 'method_not_allowed', 'Method is not allowed for the requested path.');
}

/** The API under EMAIL_API_PREFIX: the key, then the rate limit, then the route. */
export const handleEmailApi: ApiHandler = async (req, ctx) => {
  const refused = checkKey(req, ctx);
  if (refused) return refused;
  const decision = limitOf(ctx).take();
  countRequest(ctx, !decision.admitted);
  const answer = decision.admitted
    ? await route(req, ctx)
    : resendError(
        429,
        'rate_limit_exceeded',
        'Too many requests. Please limit the number of requests per second.',
      );
  return { ...answer, headers: { ...answer.headers, ...rateLimitHeaders(decision) } };
};
