// The site's one way into its Edge Functions: supabase-js's own FunctionsClient (the admin's
// client has one as `.functions`; the public pages get a bare one here, so supabase-js's auth,
// realtime and storage stay out of their bundle, as client.ts does for PostgREST). A refusal
// comes back in the functions' one error shape (supabase/functions/_shared/http.ts),
// `{ error, field? }`, and is thrown as a FunctionError with that message, field and status.
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { env } from '../config/env';
import type { FieldRefusal } from '../lib/validation';

/** What calling a function needs: the admin's client, or publicFunctions. */
export type FunctionsCaller = { functions: Pick<FunctionsClient, 'invoke'> };

/** The public pages' caller, with the anon key (the gateway wants a JWT; this is the anon one). */
export const publicFunctions: FunctionsCaller = {
  functions: new FunctionsClient(`${env.supabaseUrl}/functions/v1`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
    // The fetch of the moment of each call (tests stand in for the network by replacing it).
    customFetch: (input, init) => fetch(input, init),
  }),
};

export class FunctionError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the function could not be reached or did not answer in time. */
    readonly status: number,
    /** The form field the refusal is about, when the function names one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'FunctionError';
    this.refusal = field ? { field, message } : null;
  }
  /** The field the function refused, with its sentence, for the form (lib/validation's rule). */
  readonly refusal: FieldRefusal | null;
}

/**
 * Calls function `name` with a JSON (or multipart) body and returns its JSON answer; throws FunctionError
 * (`unreachable` as its message when there is no answer of the function's to show).
 */
export async function callFunction<T>(
  caller: FunctionsCaller,
  name: string,
  /** JSON, or a multipart form (a file upload). */
  body: Record<string, unknown> | FormData,
  options: { unreachable: string; timeout?: number },
): Promise<T> {
  const { data, error } = await caller.functions.invoke<T>(name, {
    body,
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => ({}))) as {
      error?: unknown;
      field?: unknown;
    };
    throw new FunctionError(
      typeof answer.error === 'string' ? answer.error : options.unreachable,
      response.status,
      typeof answer.field === 'string' ? answer.field : undefined,
    );
  }
  throw new FunctionError(options.unreachable, 0);
}
