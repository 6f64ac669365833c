// The Stripe stand-in's local routes (../stripe): the test-mode checkout page of a Checkout
// Session at /local/checkout/<cs_test_…> (the session's `url`), with its "Card number" field
// (Stripe's first test card filled in) and its Pay button, and the events the stand-in sent, for
// tests: GET /local/stripe/events lists them with each delivery's status, and
// POST /local/stripe/events/<evt_…>/resend sends one again, same id and body, newly signed (a
// replayed event, as Stripe's Dashboard resends one); POST /local/stripe/refunds/<re_…>/fail
// makes a refund fail now ({failure_reason} optional), as a refund to a closed card does later.
// The page states what the function asked for (the session's line items and total), never
// anything from the address; a declined or mistyped card is shown on the page with Stripe's
// message, and the session stays open to pay with another.
import { formatMoney } from '../../functions/_shared/formats/money';
import { DEFAULT_TEST_CARD } from '../stripe/cards';
import { payCheckoutSession, successRedirect } from '../stripe/checkout';
import { deliverEvent, sendEvents, type PendingEvent } from '../stripe/events';
import { REFUND_FAILURE_REASONS, type CheckoutSession } from '../stripe/objects';
import { failRefund } from '../stripe/refunds';
import { currentSession } from '../stripe/sessions';
import { saveStripeState, stripeState } from '../stripe/store';
import type { ApiContext, ApiRequest, ApiResponse } from '../types';
import { mayManageLocalData } from './access';
import { escapeHtml, page, paymentFailedPage } from './pages';
import { html, json } from './responses';

const money = (amount: number, currency: string) =>
  formatMoney(amount, { currency, payment: true });

/** What the payer typed and what Stripe said of it, to show on the page again. */
interface CardAttempt {
  number: string;
  error: string;
}

function payForm(session: CheckoutSession, total: string, attempt?: CardAttempt): string {
  const describedBy = attempt ? 'card-hint card-error' : 'card-hint';
  return `<form method="post" action="/local/checkout/${escapeHtml(session.id)}/pay">
  <label for="card-number">Card number</label>
  <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" spellcheck="false" required value="${escapeHtml(attempt?.number ?? DEFAULT_TEST_CARD)}" aria-describedby="${describedBy}"${attempt ? ' aria-invalid="true"' : ''}>
  <p id="card-hint" class="hint">Stripe's test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 0259 pays, then is disputed; 4000 0000 0000 5126 pays, then a refund of it fails.</p>
  ${attempt ? `<p id="card-error" class="error" role="alert">${escapeHtml(attempt.error)}</p>` : ''}
  <button class="button" type="submit">Pay ${total} (test mode)</button>
</form>`;
}

function checkoutPage(ctx: ApiContext, session: CheckoutSession, attempt?: CardAttempt): string {
  const items = stripeState(ctx.db, ctx.config).lineItems[session.id] ?? [];
  const rows = items
    .map(
      (item) =>
        `<dt>${escapeHtml(item.description)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</dt><dd>${money(item.amount_total, item.currency)}</dd>`,
    )
    .join('\n  ');
  const total = money(session.amount_total, session.currency);
  const cancel = session.cancel_url
    ? `<a href="${escapeHtml(session.cancel_url)}">Cancel and return</a>`
    : '';
  const action =
    session.status === 'open'
      ? `${payForm(session, total, attempt)}
  ${cancel}`
      : session.status === 'complete'
        ? `<p class="notice" role="status">This payment is complete.</p>
  <a class="button" href="${escapeHtml(successRedirect(session))}">Continue</a>`
        : `<p class="notice" role="alert">This checkout session has expired. Nothing was paid.</p>
  ${cancel}`;
  return page(
    'Test-mode checkout',
    `<h1>Test-mode checkout</h1>
<p class="notice" role="note">This page stands in for Stripe Checkout while the site runs locally. No card is charged and no money moves.</p>
<dl>
  ${rows}
  <dt>Total</dt><dd class="amount">${total}</dd>
  ${session.customer_email ? `<dt>Email</dt><dd>${escapeHtml(session.customer_email)}</dd>` : ''}
</dl>
<div class="actions">
  ${action}
</div>`,
  );
}

/** The page as it stands now: a session whose time has come is expired first (and says so). */
function sessionNow(ctx: ApiContext, id: string): CheckoutSession | undefined {
  const events: PendingEvent[] = [];
  const session = currentSession(ctx, stripeState(ctx.db, ctx.config), id, events);
  if (events.length > 0) {
    saveStripeState(ctx.db, ctx.config);
    sendEvents(ctx.db, ctx.config, events);
  }
  return session;
}

/** The card number of the page's form (a form post); absent when the body has none. */
function typedCard(req: ApiRequest): string {
  return new URLSearchParams(req.body.toString('utf8')).get('card_number') ?? '';
}

const notFoundPage = (method: string) =>
  html(
    method,
    page(
      'Test-mode checkout',
      `<h1>Test-mode checkout</h1>
<p class="notice" role="alert">There is no such checkout session.</p>`,
    ),
    404,
  );

export async function checkoutRoute(
  req: ApiRequest,
  ctx: ApiContext,
  segments: string[],
): Promise<ApiResponse> {
  const [id = '', action] = segments;
  if ((req.method === 'GET' || req.method === 'HEAD') && segments.length === 1) {
    const session = sessionNow(ctx, id);
    return session ? html(req.method, checkoutPage(ctx, session)) : notFoundPage(req.method);
  }
  if (req.method === 'POST' && segments.length === 2 && action === 'pay') {
    const number = typedCard(req);
    const paid = await payCheckoutSession(ctx, id, number);
    if (paid.outcome === 'unknown') return notFoundPage('POST');
    if (paid.outcome === 'expired') return html('POST', checkoutPage(ctx, paid.session), 410);
    // Stripe answers a declined card 402 and a mistyped number 400; the session stays open.
    if (paid.outcome === 'declined')
      return html(
        'POST',
        checkoutPage(ctx, paid.session, { number, error: paid.error.message }),
        402,
      );
    if (paid.outcome === 'invalid')
      return html('POST', checkoutPage(ctx, paid.session, { number, error: paid.message }), 400);
    const project = paid.outcome === 'paid' ? paid.deliveries[0] : undefined;
    // Stripe would retry a refused event for days; locally the failure is shown at once, and the
    // event stays listed for a resend.
    if (project && (project.status < 200 || project.status > 299))
      return html(
        'POST',
        paymentFailedPage(
          ctx.config.siteUrl,
          `The test-mode payment went through, but the stripe-webhook function answered ${project.status || 'nothing'} to event ${paid.outcome === 'paid' ? paid.eventId : ''}.`,
        ),
        502,
      );
    return {
      status: 303,
      headers: { location: successRedirect(paid.session), 'cache-control': 'no-store' },
      body: null,
    };
  }
  return json(404, { ok: false, error: 'Not found' });
}

export async function stripeEventsRoute(
  req: ApiRequest,
  ctx: ApiContext,
  segments: string[],
): Promise<ApiResponse> {
  if ((req.method === 'GET' || req.method === 'HEAD') && segments.length === 0) {
    if (!mayManageLocalData(req, ctx.config))
      return json(403, {
        ok: false,
        error: "The stand-in's events need the service-role key, or a request from the site",
      });
    const events = Object.values(stripeState(ctx.db, ctx.config).events)
      .map(({ event, deliveries }) => ({ ...event, deliveries }))
      .reverse();
    return json(200, events);
  }
  if (req.method === 'POST' && segments.length === 2 && segments[1] === 'resend') {
    // Sending an event again makes the functions act: the service key only, as /local/cron/run.
    if (req.claims?.role !== 'service_role')
      return json(403, { ok: false, error: 'Resending an event needs the service-role key' });
    const id = segments[0] ?? '';
    if (!stripeState(ctx.db, ctx.config).events[id])
      return json(404, { ok: false, error: 'No such event' });
    return json(200, { ok: true, deliveries: await deliverEvent(ctx.db, ctx.config, id) });
  }
  return json(404, { ok: false, error: 'Not found' });
}

/** POST /local/stripe/refunds/<re_…>/fail: the service key only, as resending an event. */
export function stripeRefundsRoute(
  req: ApiRequest,
  ctx: ApiContext,
  segments: string[],
): ApiResponse {
  if (req.method !== 'POST' || segments.length !== 2 || segments[1] !== 'fail')
    return json(404, { ok: false, error: 'Not found' });
  if (req.claims?.role !== 'service_role')
    return json(403, { ok: false, error: 'Failing a refund needs the service-role key' });
  let asked: unknown = 'expired_or_canceled_card';
  try {
    const body: unknown = req.body.length > 0 ? JSON.parse(req.body.toString('utf8')) : {};
    if (typeof body === 'object' && body !== null && 'failure_reason' in body)
      asked = body.failure_reason;
  } catch {
    asked = null;
  }
  const reason = REFUND_FAILURE_REASONS.find((known) => known === asked);
  if (!reason)
    return json(400, {
      ok: false,
      error: `failure_reason must be one of ${REFUND_FAILURE_REASONS.join(', ')}`,
    });
  const state = stripeState(ctx.db, ctx.config);
  const refund = state.refunds[segments[0] ?? ''];
  if (!refund || refund.status === 'failed')
    return json(404, { ok: false, error: 'No such refund, or it has failed already' });
  const events = failRefund(state, refund, reason);
  saveStripeState(ctx.db, ctx.config);
  sendEvents(ctx.db, ctx.config, events);
  return json(200, { ok: true, refund });
}
