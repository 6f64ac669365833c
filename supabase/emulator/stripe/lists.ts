// Stripe's list answers for the stand-in's refunds and disputes: `{object: 'list', data, has_more,
// url}`, newest first, of one charge or PaymentIntent when asked (?charge=, ?payment_intent=),
// at most `limit` (10 unless asked, 1 to 100) with has_more saying whether there are others.
import { StripeError } from './errors';
import { formInteger, formString, refuseUnknown, type FormObject } from './form';

/** A list as Stripe answers one. */
export function stripeList<T>(data: T[], url: string, hasMore = false) {
  return { object: 'list' as const, data, has_more: hasMore, url };
}

/** The objects (oldest first, as held) that the list request asks for, as its answer. */
export function listByCharge<T extends { charge: string; payment_intent: string }>(
  held: T[],
  form: FormObject,
  url: string,
) {
  refuseUnknown(form, ['charge', 'payment_intent', 'limit']);
  const charge = formString(form.charge, 'charge');
  const intent = formString(form.payment_intent, 'payment_intent');
  const limit = formInteger(form.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw new StripeError(400, {
      message: 'This value must be greater than or equal to 1 and less than or equal to 100.',
      param: 'limit',
    });
  const matching = held
    .filter(
      (one) =>
        (charge === undefined || one.charge === charge) &&
        (intent === undefined || one.payment_intent === intent),
    )
    .reverse();
  return stripeList(matching.slice(0, limit), url, matching.length > limit);
}
