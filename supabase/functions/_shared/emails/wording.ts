// The few ways the emails write amounts, dates and moments, each through the site's own
// formatter (imported by path: they import nothing), so an email says what the site and the
// admin say: pence as '£3,700.00', a calendar date as '5 March 2027', a moment in London time.
import { formatDateTime } from '../../../../src/lib/dateTime.ts';
import { dateRangeLabel, formatLongDate } from '../../../../src/lib/format.ts';
import { formatMoney, type Pence } from '../../../../src/lib/money.ts';
import type { EditionFacts } from './types.ts';

/** An amount paid or due, to the penny, in its currency (pounds when none is given). */
export const amount = (pence: Pence, currency?: string) =>
  formatMoney(pence, { currency: currency ?? null, payment: true });

/** A price the rally states: whole pounds when whole ('the £120 deposit'). */
export const price = (pence: Pence) => formatMoney(pence);

/** '2027-03-05' → '5 March 2027'. */
export const longDate = (day: string) => formatLongDate(day);

/** A moment, in the rally's time zone: '24 November 2026 at 13:35 GMT'. */
export const moment = (iso: string) => formatDateTime(iso, 'long');

/** The edition's dates: '20-26 June 2027'. */
export const dates = (edition: EditionFacts) => dateRangeLabel(edition.startDate, edition.endDate);

/** '1 day', '14 days'. */
export const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
