// Every Edge Function's door: `serve(options, handler)` starts the function (Deno.serve is called
// here and nowhere else) and answers the browser's CORS preflight,
// refuses a method it does not take (405), a body over its limit (413) or not JSON (400), works
// out who is calling (anon, authenticated, admin, or the service role) and refuses the ones it
// does not serve (403), and turns a refusal or a failure into the one error shape every function
// answers: `{ error: string, field?: string }` with the status. A function writes only its work.
//
//   serve({ name: 'x', callers: ['admin'] }, async ({ body, caller }) => json(200, {}));
//
// A function that must see the body exactly as sent (a payment provider signs the bytes) asks for
// `body: 'text'`; one that takes a file asks for `body: 'form'` (multipart/form-data arrives as
// `form`, anything else is parsed as JSON into `body`). CORS headers on a server-to-server answer (a webhook's) grant nothing: the
// function's own check (a signature, the caller) is what guards it, so every function sends them.

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

/** Who is calling, as the database sees the caller's token. */
export type Caller = 'anon' | 'authenticated' | 'admin' | 'service';

/** A refusal the caller is told about: thrown anywhere below a handler, answered by serve(). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** JSON bodies of the product are a few hundred bytes; Stripe's events a few kilobytes. */
export const JSON_BODY_LIMIT = 64 * 1024;

export type Options = {
  /** The function's name, for its log lines. */
  name: string;
  /** The callers it serves; others are refused with 403. All when absent. */
  callers?: Caller[];
  /**
   * 'json' (default): a JSON object, parsed. 'text': the body as sent, unparsed. 'form':
   * multipart/form-data as `form`, else a JSON object as for 'json'.
   */
  body?: 'json' | 'text' | 'form';
  /** The most bytes the body may have (JSON_BODY_LIMIT when absent). */
  limit?: number;
  /** What a caller it does not serve is told (403). */
  refused?: string;
  /** What the caller is told when the handler fails unexpectedly (500). */
  failure?: string;
  /**
   * A function whose address is also opened as a link (the unsubscribe function's, RFC 8058)
   * answers GET with this; without it GET is refused (405) like every method but POST.
   */
  get?: (request: Request) => Response | Promise<Response>;
};

export type Call = {
  request: Request;
  /** The JSON object sent ('json'), or {} for 'text'. */
  body: Record<string, unknown>;
  /** The body exactly as sent ('text'), or '' for 'json'. */
  text: string;
  /** The multipart form sent ('form'), or null. */
  form: FormData | null;
  /** The caller, asked of the database once, on first use. */
  caller: () => Promise<Caller>;
};

export const json = (status: number, body: unknown): Response =>
  Response.json(body, { status, headers: CORS });

const refusal = (status: number, error: string, field?: string): Response =>
  json(status, field ? { error, field } : { error });

/** The body's bytes up to `limit`; a Refusal (413) as soon as it is longer, declared or sent. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new Refusal(413, `The body must be at most ${limit} bytes.`);
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A multipart body as FormData (the runtime's own parser), or a 400 for a malformed one. */
async function parseForm(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormData> {
  try {
    return await new Response(bytes, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new Refusal(400, 'The form could not be read.');
  }
}

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'The body must be JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Refusal(400, 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

/** The claims of a token PostgREST has just accepted (so they are the signer's, not forged). */
function claimedRole(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role: unknown = (JSON.parse(text) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/**
 * The caller of a request. The service role key is compared as it is; any other token is shown
 * to PostgREST, which verifies it, and is_admin() decides (from the database, not the token's
 * claims, so a removed administrator's unexpired token is no administrator's).
 */
export async function callerOf(request: Request): Promise<Caller> {
  const token = /^bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token) return 'anon';
  if (token === Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')) return 'service';
  const response = await fetch(`${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/is_admin`, {
    method: 'POST',
    headers: {
      apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok) {
    await response.body?.cancel();
    return 'anon';
  }
  if ((await response.json()) === true) return 'admin';
  return claimedRole(token) === 'authenticated' ? 'authenticated' : 'anon';
}

/** Starts the function behind the door described above: the one Deno.serve of every function. */
export function serve(options: Options, handler: (call: Call) => Promise<Response>): void {
  Deno.serve(door(options, handler));
}

/** The door itself: every request through it, then the function's handler. */
function door(
  options: Options,
  handler: (call: Call) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    if (request.method === 'GET' && options.get) {
      await request.body?.cancel();
      return await options.get(request);
    }
    if (request.method !== 'POST') {
      await request.body?.cancel();
      return refusal(405, 'Use POST.');
    }
    try {
      let known: Promise<Caller> | undefined;
      const caller = () => (known ??= callerOf(request));
      // Read (bounded) before anything is answered, so no refusal leaves a body half sent.
      const bytes = await readBody(request, options.limit ?? JSON_BODY_LIMIT);
      if (options.callers && !options.callers.includes(await caller()))
        throw new Refusal(403, options.refused ?? 'You may not use this.');
      const multipart =
        options.body === 'form' &&
        /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');
      const form = multipart ? await parseForm(request, bytes) : null;
      const text = multipart ? '' : new TextDecoder().decode(bytes);
      const body = options.body === 'text' || multipart ? {} : parseObject(text);
      return await handler({
        request,
        body,
        text: options.body === 'text' ? text : '',
        form,
        caller,
      });
    } catch (failure) {
      if (failure instanceof Refusal)
        return refusal(failure.status, failure.message, failure.field);
      console.error(`${options.name} failed`, failure);
      return refusal(
        500,
        options.failure ?? 'The request could not be completed. Please try again.',
      );
    }
  };
}
