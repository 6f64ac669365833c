import type { ApiHandler } from '../types';

/** Storage API (/storage/v1). Being built: answers 404 in Storage's shape for now. */
export const handleStorage: ApiHandler = async () => ({
  status: 400,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Not found' }),
});
