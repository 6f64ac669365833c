// Asks the submission-delivery Edge Function to send a stored submission's webhook copy and the
// visitor's email. The row is already stored: a failure here is recorded on the row by the
// function (or stays 'pending' if it never ran), so the visitor is never held up by it: this
// never throws, and gives up after DELIVERY_TIMEOUT_MS. The functions client is loaded when a
// delivery is asked for, after the visitor has sent a form: no page needs it to show itself.
import type { FunctionsCaller } from './functions';

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
    const { callFunction, publicFunctions } = await import('./functions');
    return await callFunction<{ webhook: string; email: string }>(
      options.caller ?? publicFunctions,
      'submission-delivery',
      { kind, id, retry: options.retry === true },
      { unreachable: 'The delivery could not be requested', timeout: DELIVERY_TIMEOUT_MS },
    );
  } catch (error) {
    // A FunctionError carries the function's status; a chunk that failed to load, none.
    const status = error instanceof Error && 'status' in error ? error.status : '';
    console.warn('The delivery was not made', status, error);
    return null;
  }
}
