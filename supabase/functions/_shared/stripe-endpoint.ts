// What the organiser sets on the stripe-webhook endpoint in Stripe's Dashboard, stated once: the
// API version the functions' stripe client pins (the version `stripe` 23.1.0 was built for, its
// ApiVersion) and the events the endpoint is registered for. The functions, the emulator's Stripe
// stand-in (which renders every object and event for this version and sends the project's
// endpoint only these events) and the organiser's documentation all read them from here. Plain
// TypeScript with no Deno or npm import, so Node (the emulator, the tests) and Deno both load it.

/** Stripe's API version of every request and event: bump it with the `stripe` package. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The events the stripe-webhook endpoint is registered for: Checkout Sessions paid or expired
 * (sessions take cards only, so no payment completes days later: no async_payment_* events);
 * every refund however it was made (the product's, the Dashboard's, another API client's) and
 * its failure; every dispute from opening to closing.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;
