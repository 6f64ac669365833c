// Disputes (chargebacks) on the stand-in, as Stripe's test mode makes and settles them. A charge
// paid with 4000 0000 0000 0259 is disputed as fraudulent as soon as it succeeds: a Dispute for
// the whole amount, needing a response within EVIDENCE_DAYS, its money withdrawn
// (charge.dispute.created, then charge.dispute.funds_withdrawn). POST /v1/disputes/{id} saves
// evidence and, unless submit=false, submits it (charge.dispute.updated, status under_review);
// test mode then decides on evidence[uncategorized_text]: `winning_evidence` closes it won and
// gives the money back (charge.dispute.closed, charge.dispute.funds_reinstated),
// `losing_evidence` closes it lost (charge.dispute.closed); other evidence stays under review.
// Stripe settles a test dispute moments after the submission; the stand-in does it right after
// its answer, so the order is always the same. POST /v1/disputes/{id}/close accepts the dispute
// (lost). GET /v1/disputes/{id} and GET /v1/disputes (by charge or payment_intent) read them.
import type { ApiContext } from '../types';
import { noSuch, StripeError } from './errors';
import { pendingEvent, type PendingEvent } from './events';
import {
  formBoolean,
  formMetadata,
  formObject,
  formString,
  refuseUnknown,
  type FormObject,
} from './form';
import { listByCharge } from './lists';
import {
  dispute as newDispute,
  disputeBalanceTransaction,
  DISPUTE_EVIDENCE_FIELDS,
  type Charge,
  type Dispute,
} from './objects';
import { nowSeconds, type StripeState } from './store';

/** Days to respond: card networks give 7 to 21; the stand-in gives the shortest. */
const EVIDENCE_DAYS = 7;

/** Test mode's outcomes, by the text of evidence[uncategorized_text]. */
const TEST_OUTCOMES: Record<string, 'won' | 'lost'> = {
  winning_evidence: 'won',
  losing_evidence: 'lost',
};

/** The charge is disputed as fraudulent for its whole amount, which is withdrawn. */
export function openDispute(ctx: ApiContext, state: StripeState, charge: Charge): PendingEvent[] {
  const created = nowSeconds(ctx.db);
  const dispute = newDispute({
    amount: charge.amount,
    charge: charge.id,
    created,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
  });
  dispute.evidence_details.due_by = created + EVIDENCE_DAYS * 24 * 60 * 60;
  dispute.payment_method_details.card.brand = charge.payment_method_details.card.brand;
  state.disputes[dispute.id] = dispute;
  charge.disputed = true;
  const events = [pendingEvent('charge.dispute.created', dispute)];
  dispute.balance_transactions.push(
    disputeBalanceTransaction(-dispute.amount, dispute.currency, created),
  );
  events.push(pendingEvent('charge.dispute.funds_withdrawn', dispute));
  return events;
}

function findDispute(state: StripeState, id: string): Dispute {
  const dispute = state.disputes[id];
  if (!dispute) throw noSuch('dispute', id, 'dispute');
  return dispute;
}

const isClosed = (dispute: Dispute) => dispute.status === 'won' || dispute.status === 'lost';

/** Test mode's decision on submitted evidence: closed won or lost, or still under review. */
function settle(ctx: ApiContext, dispute: Dispute): PendingEvent[] {
  const outcome = TEST_OUTCOMES[dispute.evidence.uncategorized_text ?? ''];
  if (!outcome) return [];
  const previous = { status: dispute.status };
  dispute.status = outcome;
  const events = [pendingEvent('charge.dispute.closed', dispute, previous)];
  if (outcome === 'won') {
    dispute.balance_transactions.push(
      disputeBalanceTransaction(dispute.amount, dispute.currency, nowSeconds(ctx.db)),
    );
    events.push(pendingEvent('charge.dispute.funds_reinstated', dispute));
  }
  return events;
}

/**
 * POST /v1/disputes/{id}: evidence and metadata saved, the evidence submitted unless
 * submit=false. Answers the dispute as the call leaves it and the events, test mode's decision
 * last.
 */
export function updateDispute(
  ctx: ApiContext,
  state: StripeState,
  id: string,
  form: FormObject,
): { answer: Dispute; events: PendingEvent[] } {
  refuseUnknown(form, ['evidence', 'metadata', 'submit', 'expand']);
  const dispute = findDispute(state, id);
  const evidence = formObject(form.evidence, 'evidence');
  refuseUnknown(evidence, DISPUTE_EVIDENCE_FIELDS, 'evidence');
  const submit = formBoolean(form.submit, 'submit') ?? true;
  if (isClosed(dispute))
    throw new StripeError(400, {
      message: `This dispute is already closed (${dispute.status}); it can no longer be updated.`,
    });
  if (dispute.status === 'under_review' && (submit || Object.keys(evidence).length > 0))
    throw new StripeError(400, {
      message:
        'The evidence for this dispute has already been submitted; it can no longer be changed.',
      param: 'evidence',
    });
  const previous: Record<string, unknown> = {
    status: dispute.status,
    evidence: { ...dispute.evidence },
    evidence_details: { ...dispute.evidence_details },
    metadata: { ...dispute.metadata },
  };
  for (const field of DISPUTE_EVIDENCE_FIELDS) {
    const text = formString(evidence[field], `evidence[${field}]`);
    if (text !== undefined) dispute.evidence[field] = text === '' ? null : text;
  }
  dispute.metadata = { ...dispute.metadata, ...formMetadata(form, 'metadata') };
  dispute.evidence_details.has_evidence = Object.values(dispute.evidence).some(
    (value) => value !== null,
  );
  if (submit) {
    dispute.status = 'under_review';
    dispute.evidence_details.submission_count += 1;
  }
  const events = [pendingEvent('charge.dispute.updated', dispute, previous)];
  const answer = structuredClone(dispute);
  if (submit) events.push(...settle(ctx, dispute));
  return { answer, events };
}

/** POST /v1/disputes/{id}/close: the dispute accepted, and lost. */
export function closeDispute(
  state: StripeState,
  id: string,
): { answer: Dispute; events: PendingEvent[] } {
  const dispute = findDispute(state, id);
  if (dispute.status !== 'needs_response')
    throw new StripeError(400, {
      message: `This dispute cannot be closed: its status is ${dispute.status}.`,
    });
  const previous = { status: dispute.status };
  dispute.status = 'lost';
  return {
    answer: structuredClone(dispute),
    events: [pendingEvent('charge.dispute.closed', dispute, previous)],
  };
}

export function retrieveDispute(state: StripeState, id: string): Dispute {
  return findDispute(state, id);
}

/** GET /v1/disputes: newest first, of one charge or PaymentIntent when asked, up to `limit`. */
export function listDisputes(state: StripeState, form: FormObject, path: string): unknown {
  return listByCharge(Object.values(state.disputes), form, path);
}
