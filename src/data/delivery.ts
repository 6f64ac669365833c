// Asks the submission-delivery Edge Function to send a stored submission's webhook copy and the
// visitor's email. The row is already stored: a failure here is recorded on the row by the
// function (or stays 'pending' if it never ran), so the visitor is never held up by it: this
// never throws, and gives up after DELIVERY_TIMEOUT_MS.
import { callFunction, FunctionError, publicFunctions, type FunctionsCaller } from './functions';

export type DeliveryKind = 'registration' | 'sponsorship';

/** How long the visitor waits for the copy before going on (the admin can retry it later). */
export const DELIVERY_TIMEOUT_MS = 8000;

/**
 * The delivery's outcome, or null when it was refused or not answered. A retry (`retry: true`) is
 * the admin's, through its signed-in client, whose session the function checks.
 */
export async function requestDelivery(
  kind: DeliveryKind,
  id: string,
  options: { caller?: FunctionsCaller; retry?: boolean } = {},
): Promise<{ webhook: string; email: string } | null> {
  try {
    return await callFunction<{ webhook: string; email: string }>(
      options.caller ?? publicFunctions,
      'submission-delivery',
      { kind, id, retry: options.retry === true },
      { unreachable: 'The delivery could not be requested', timeout: DELIVERY_TIMEOUT_MS },
    );
  } catch (error) {
    console.warn(
      'The delivery was not made',
      error instanceof FunctionError ? error.status : '',
      error,
    );
    return null;
  }
}
