// What Stripe does by itself as time passes, on the stand-in: open Checkout Sessions whose
// expires_at has come expire (checkout.session.expired) and refunds due to fail fail
// (refund.updated, refund.failed), by the emulator's clock. Each also happens when the object is
// next read; this runs them on the scheduler's tick (every second under `serve`, and on
// runDueJobs() or POST /local/cron/run for a test that moves the clock), so nothing waits for a
// read that never comes.
import type { ApiContext } from '../types';
import { sendEvents } from './events';
import { failDueRefunds } from './refunds';
import { expireDueSessions } from './sessions';
import { saveStripeState, stripeState } from './store';

export function stripeTick(ctx: ApiContext): void {
  const state = stripeState(ctx.db, ctx.config);
  const events = [...expireDueSessions(ctx, state), ...failDueRefunds(ctx, state)];
  if (events.length === 0) return;
  saveStripeState(ctx.db, ctx.config);
  sendEvents(ctx.db, ctx.config, events);
}
