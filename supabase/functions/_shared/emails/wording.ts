// The few ways the emails write amounts, dates and moments, each through the site's own
// formatter (formats/, which the site imports as well), so an email says what the site and the
// admin say: pence as pounds to the penny, a calendar date in en-GB long form, a moment in London
// time.
import { dateRangeLabel, formatDateTime, formatLongDate } from '../formats/dates.ts';
import { formatMoney, type Pence } from '../formats/money.ts';
import type { EditionFacts } from './types.ts';

/** An amount paid or due, to the penny, in its currency (pounds when none is given). */
export const amount = (pence: Pence, currency?: string) =>
  formatMoney(pence, { currency: currency ?? null, payment: true });

/** A price the rally states: whole pounds when the amount is whole, with no pence shown. */
export const price = (pence: Pence) => formatMoney(pence);

/** A calendar date ('YYYY-MM-DD') in en-GB long form: day, month name, year. */
export const longDate = (day: string) => formatLongDate(day);

/** A moment, in the rally's time zone: day, month, year and time with GMT or BST. */
export const moment = (iso: string) => formatDateTime(iso, 'long');

/** The edition's dates as one range (start day to end day, month and year). */
export const dates = (edition: EditionFacts) => dateRangeLabel(edition.startDate, edition.endDate);

/** '1 day', '14 days'. */
export const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
