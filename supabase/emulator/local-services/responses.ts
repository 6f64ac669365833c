// The local services' two kinds of answer: JSON for tests and tools, and a test-mode HTML page
// that may load nothing from anywhere (its styles are inline).
import type { ApiResponse } from '../types';

export const json = (status: number, body: unknown): ApiResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

export const html = (method: string, body: string, status = 200): ApiResponse => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    'x-content-type-options': 'nosniff',
  },
  body: method === 'HEAD' ? null : body,
});
