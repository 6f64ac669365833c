// The Editions screen's rules, apart from its drawing: an edition's status as the organiser reads
// it (from its dates, today and its places, by the rally's one phase rule, lib/calendar), the
// form's values (amounts typed in pounds, stored in pence), the next edition prefilled from the
// latest (a year later, same prices and capacity), and the form's own checks of the dates, the
// same rules the database's edition trigger applies, with its words, beside the field.
import type { Edition } from '../../data/types';
import type { EditionInput } from '../../data/editions';
import { editionFacts } from '../../data/siteSettings';
import { rallyPhase, type RallyPhase } from '../../lib/calendar';
import { date, poundsAmount, wholeNumber } from '../../lib/field-rules';
import { penceFromPounds, type Pence } from '../../../supabase/functions/_shared/formats/money';
import {
  fieldProblem,
  isTooLong,
  requiredMessage,
  shortenMessage,
  type FieldErrors,
} from '../../lib/validation';

export type EditionStatus =
  'draft' | 'upcoming' | 'open' | 'full' | 'closed' | 'running' | 'finished';

const STATUS_OF_PHASE: Record<RallyPhase, EditionStatus> = {
  'before-opening': 'upcoming',
  open: 'open',
  full: 'full',
  closed: 'closed',
  during: 'running',
  after: 'finished',
};

/** Draft until published; then where it is in its year, `taken` places counted against capacity. */
export function editionStatus(edition: Edition, now: Date, taken: number): EditionStatus {
  if (edition.status !== 'published') return 'draft';
  const remaining = Math.max(edition.capacity - taken, 0);
  return STATUS_OF_PHASE[
    rallyPhase(now, editionFacts(edition), { capacity: edition.capacity, taken, remaining })
  ];
}

/** What the form holds: text as typed, amounts in pounds. */
export type EditionFormValues = {
  name: string;
  year: string;
  start_date: string;
  end_date: string;
  start_place: string;
  finish_place: string;
  registration_opens: string;
  registration_closes: string;
  price_per_car: string;
  deposit: string;
  separate_rooms_supplement: string;
  capacity: string;
  balance_due: string;
  /** How long a waiting-list offer of a freed place stands (supabase/schemas/waiting_list.sql). */
  waiting_list_offer_hours: string;
  published: boolean;
};

/** 42000 → '420'; 42050 → '420.50'; null → '' (as the organiser types pounds). */
export function poundsText(pence: Pence | null): string {
  if (pence === null) return '';
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

export function formValues(edition: Edition): EditionFormValues {
  return {
    name: edition.name,
    year: String(edition.year),
    start_date: edition.start_date,
    end_date: edition.end_date,
    start_place: edition.start_place,
    finish_place: edition.finish_place,
    registration_opens: edition.registration_opens,
    registration_closes: edition.registration_closes,
    price_per_car: poundsText(edition.price_per_car),
    deposit: poundsText(edition.deposit),
    separate_rooms_supplement: poundsText(edition.separate_rooms_supplement),
    capacity: String(edition.capacity),
    balance_due: edition.balance_due ?? '',
    waiting_list_offer_hours: String(edition.waiting_list_offer_hours),
    published: edition.status === 'published',
  };
}

/** '2026-06-20' a year later: '2027-06-20' (29 February becomes 28 February). */
export function yearLater(day: string): string {
  if (!day) return '';
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year + 1}-${pad(month)}-${pad(Math.min(date, last))}`;
}

const BLANK: EditionFormValues = {
  name: '',
  year: '',
  start_date: '',
  end_date: '',
  start_place: '',
  finish_place: '',
  registration_opens: '',
  registration_closes: '',
  price_per_car: '',
  deposit: '',
  separate_rooms_supplement: '',
  capacity: '',
  balance_due: '',
  waiting_list_offer_hours: '48',
  published: false,
};

/**
 * A new edition from the latest (the highest year): the next year, its dates a year later, the
 * same places, prices and capacity, its name with the year moved on; a draft. Blank without one.
 */
export function nextEditionValues(editions: readonly Edition[]): EditionFormValues {
  const latest = [...editions].sort((a, b) => b.year - a.year)[0];
  if (!latest) return BLANK;
  const values = formValues(latest);
  const year = latest.year + 1;
  return {
    ...values,
    name: values.name.split(String(latest.year)).join(String(year)),
    year: String(year),
    start_date: yearLater(values.start_date),
    end_date: yearLater(values.end_date),
    registration_opens: yearLater(values.registration_opens),
    registration_closes: yearLater(values.registration_closes),
    balance_due: yearLater(values.balance_due),
    published: false,
  };
}

const NAME_MAX = 200;
const PLACE_MAX = 200;

/** The form's checks: each field's rule, then the dates against each other (the trigger's words). */
export function validateEdition(v: EditionFormValues): FieldErrors<keyof EditionFormValues> {
  const errors: FieldErrors<keyof EditionFormValues> = {
    name:
      fieldProblem(v.name, { required: requiredMessage('Name') }) ??
      (isTooLong(v.name, NAME_MAX) ? shortenMessage('the name', NAME_MAX) : undefined),
    year: fieldProblem(v.year, { required: requiredMessage('Year'), rules: [wholeNumber('2027')] }),
    start_place: isTooLong(v.start_place, PLACE_MAX)
      ? shortenMessage('the start place', PLACE_MAX)
      : undefined,
    finish_place: isTooLong(v.finish_place, PLACE_MAX)
      ? shortenMessage('the finish place', PLACE_MAX)
      : undefined,
    start_date: fieldProblem(v.start_date, {
      required: requiredMessage('Start date'),
      rules: [date],
    }),
    end_date: fieldProblem(v.end_date, { required: requiredMessage('End date'), rules: [date] }),
    registration_opens: fieldProblem(v.registration_opens, {
      required: requiredMessage('Registration opens'),
      rules: [date],
    }),
    registration_closes: fieldProblem(v.registration_closes, {
      required: requiredMessage('Registration closes'),
      rules: [date],
    }),
    balance_due: fieldProblem(v.balance_due, { rules: [date] }),
    price_per_car: fieldProblem(v.price_per_car, {
      required: requiredMessage('Price per car'),
      rules: [poundsAmount],
    }),
    deposit: fieldProblem(v.deposit, {
      required: requiredMessage('Deposit'),
      rules: [poundsAmount],
    }),
    separate_rooms_supplement: fieldProblem(v.separate_rooms_supplement, {
      rules: [poundsAmount],
    }),
    capacity: fieldProblem(v.capacity, {
      required: requiredMessage('Capacity'),
      rules: [wholeNumber('12')],
    }),
    waiting_list_offer_hours: fieldProblem(v.waiting_list_offer_hours, {
      required: requiredMessage('Waiting-list offer'),
      rules: [wholeNumber('48')],
    }),
  };
  const year = Number(v.year.trim());
  if (!errors.year && (year < 2000 || year > 2999))
    errors.year = 'Please enter a year between 2000 and 2999.';
  const hours = Number(v.waiting_list_offer_hours.trim());
  if (!errors.waiting_list_offer_hours && (hours < 1 || hours > 336))
    errors.waiting_list_offer_hours = 'Please enter a number of hours between 1 and 336 (14 days).';
  // ISO dates compare as text; each rule only once both of its dates are dates.
  const ok = (key: keyof EditionFormValues) => !errors[key] && v[key] !== '';
  if (ok('start_date') && ok('end_date') && v.end_date < v.start_date)
    errors.end_date = 'The end date must be on or after the start date.';
  if (ok('start_date') && ok('registration_closes') && v.registration_closes >= v.start_date)
    errors.registration_closes = 'Registration must close before the start date.';
  if (
    ok('registration_opens') &&
    ok('registration_closes') &&
    !errors.registration_closes &&
    v.registration_opens > v.registration_closes
  )
    errors.registration_opens = 'Registration must open on or before the day it closes.';
  if (ok('start_date') && ok('balance_due') && v.balance_due >= v.start_date)
    errors.balance_due = 'The balance must be due before the start date.';
  return errors;
}

const pence = (pounds: string): Pence => penceFromPounds(Number(pounds.trim()));

/** The row to store: trimmed text, pence from the pounds typed, blanks as null. */
export function editionInput(v: EditionFormValues): EditionInput {
  return {
    name: v.name.trim(),
    year: Number(v.year.trim()),
    start_date: v.start_date,
    end_date: v.end_date,
    start_place: v.start_place.trim(),
    finish_place: v.finish_place.trim(),
    registration_opens: v.registration_opens,
    registration_closes: v.registration_closes,
    price_per_car: pence(v.price_per_car),
    deposit: pence(v.deposit),
    separate_rooms_supplement: v.separate_rooms_supplement.trim()
      ? pence(v.separate_rooms_supplement)
      : null,
    capacity: Number(v.capacity.trim()),
    balance_due: v.balance_due || null,
    waiting_list_offer_hours: Number(v.waiting_list_offer_hours.trim()),
    status: v.published ? 'published' : 'draft',
  };
}
