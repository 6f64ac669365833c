// The two external automations (sponsorship enquiry, rally registration) take JSON by POST;
// success is judged only by an ok status.

export type WebhookOutcome = 'ok' | 'rejected' | 'failed';

export async function postToWebhook(url: string, payload: unknown): Promise<WebhookOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return response.ok ? 'ok' : 'rejected';
  } catch (error) {
    console.warn('Webhook request failed', error);
    return 'failed';
  }
}
