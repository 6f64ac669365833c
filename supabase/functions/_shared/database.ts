// The functions' one way into the database: PostgREST's RPC with the service role key (the
// functions that record deliveries and payments are granted to the service role only).

/** The service role's headers, for PostgREST and Storage. */
export const serviceHeaders = () => {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  return { apikey: key, authorization: `Bearer ${key}` };
};

/**
 * A function's answer that was not a success. A refusal the database gave in words (a PT4xx,
 * which PostgREST answers with that status) keeps its sentence and field, so a function may hand
 * it to its caller (`new Refusal(failure.status, failure.said, failure.field)`); anything else
 * stays a failure of the function.
 */
export class RpcFailed extends Error {
  constructor(
    readonly status: number,
    readonly said: string,
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export async function callRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const url = `${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/${name}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...serviceHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  // A void function answers 204 without a body.
  const text = await response.text();
  if (!response.ok) {
    let said: { message?: unknown; details?: unknown } = {};
    try {
      said = JSON.parse(text) as typeof said;
    } catch {
      // Not PostgREST's error shape: the status says enough.
    }
    throw new RpcFailed(
      response.status,
      typeof said.message === 'string' ? said.message : 'Refused.',
      typeof said.details === 'string' ? said.details : undefined,
      `rpc ${name} answered ${response.status}: ${text}`,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}
