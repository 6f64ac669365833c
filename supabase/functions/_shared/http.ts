// Answers the site's browser calls: JSON with CORS (a function answers its own preflight, as on
// hosted Supabase).

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export const json = (status: number, body: unknown): Response =>
  Response.json(body, { status, headers: CORS });

export const preflight = (): Response => new Response(null, { status: 204, headers: CORS });
