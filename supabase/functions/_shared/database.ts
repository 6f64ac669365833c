// The functions' one way into the database: PostgREST's RPC with the service role key (the
// functions that record deliveries and payments are granted to the service role only).

export async function callRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const url = `${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/${name}`;
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok)
    throw new Error(`rpc ${name} answered ${response.status}: ${await response.text()}`);
  // A void function answers 204 without a body.
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Whether the request's caller is a signed-in administrator (the database decides). */
export async function callerIsAdmin(req: Request): Promise<boolean> {
  const authorization = req.headers.get('authorization');
  if (!authorization) return false;
  const response = await fetch(`${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/is_admin`, {
    method: 'POST',
    headers: {
      apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
      authorization,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  return response.ok && (await response.json()) === true;
}
