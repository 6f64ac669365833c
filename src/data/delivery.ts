// Asks the submission-delivery Edge Function to send a stored submission's webhook copy and the
// visitor's email. The row is already stored: a failure here is recorded on the row by the
// function (or stays 'pending' if it never ran), so the visitor is never held up by it.
import { env } from '../config/env';

export type DeliveryKind = 'registration' | 'sponsorship';

/** How long the visitor waits for the copy before going on (the admin can retry it later). */
export const DELIVERY_TIMEOUT_MS = 8000;

export async function requestDelivery(
  kind: DeliveryKind,
  id: string,
  options: { accessToken?: string; retry?: boolean } = {},
): Promise<{ webhook: string; email: string } | null> {
  try {
    const response = await fetch(`${env.supabaseUrl}/functions/v1/submission-delivery`, {
      method: 'POST',
      headers: {
        apikey: env.supabaseAnonKey,
        Authorization: `Bearer ${options.accessToken ?? env.supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ kind, id, retry: options.retry === true }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    if (!response.ok) {
      console.warn('The delivery was refused', response.status);
      return null;
    }
    return (await response.json()) as { webhook: string; email: string };
  } catch (error) {
    console.warn('The delivery could not be requested', error);
    return null;
  }
}
