// The functions' one way into the database: PostgREST's RPC with the service role key (the
// functions that record deliveries and payments are granted to the service role only).

/** The service role's headers, for PostgREST and Storage. */
export const serviceHeaders = () => {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  return { apikey: key, authorization: `Bearer ${key}` };
};

export async function callRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const url = `${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/${name}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...serviceHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok)
    throw new Error(`rpc ${name} answered ${response.status}: ${await response.text()}`);
  // A void function answers 204 without a body.
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
