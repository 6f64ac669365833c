// Stripe's error answers: `{"error": {"type", "code", "message", "param"}}` with the HTTP status
// Stripe uses (400 a bad request, 401 a bad key, 404 an unknown object or URL), which the stripe
// package turns into its typed errors (StripeInvalidRequestError, StripeAuthenticationError,
// StripeIdempotencyError) by status and type.
import { randomBytes } from 'node:crypto';
import type { ApiResponse } from '../types';

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type?: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
}

export class StripeError extends Error {
  readonly body: Required<Pick<StripeErrorBody, 'type' | 'message'>> & StripeErrorBody;

  constructor(
    readonly status: number,
    body: StripeErrorBody,
  ) {
    super(body.message);
    this.body = { type: 'invalid_request_error', ...body };
  }
}

/** A Request-Id as Stripe makes them: its answers and the events a request caused carry it. */
export const requestId = () => `req_${randomBytes(7).toString('hex')}`;

/** Every answer carries a Request-Id, as Stripe's do (the stripe package reads it into errors). */
export function stripeJson(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'request-id': requestId(),
      ...headers,
    },
    body: JSON.stringify(body, null, 2),
  };
}

export function errorResponse(error: StripeError): ApiResponse {
  return stripeJson(error.status, { error: error.body });
}

/** Stripe's answer for an object it does not hold: 404 resource_missing naming the param. */
export function noSuch(objectName: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });
}
