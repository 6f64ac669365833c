import type { ApiHandler } from '../types';

/** Local stand-ins for the webhooks and payment pages (/local). Being built. */
export const handleLocalServices: ApiHandler = async () => ({
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: false, error: 'Not found' }),
});
