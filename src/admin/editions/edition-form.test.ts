// The Editions form's rule for the waiting list's offer time: whole hours from 1 to 336, the
// database's range and words (private.check_edition), stored as a number.
import { describe, expect, test } from 'vitest';
import { editionInput, validateEdition, type EditionFormValues } from './edition-form';

const values: EditionFormValues = {
  name: '2027 Europe Rally',
  year: '2027',
  start_date: '2027-06-20',
  end_date: '2027-06-26',
  start_place: 'Dover',
  finish_place: 'Dover',
  registration_opens: '2026-09-01',
  registration_closes: '2027-05-31',
  price_per_car: '3950',
  deposit: '250',
  separate_rooms_supplement: '',
  capacity: '12',
  balance_due: '',
  waiting_list_offer_hours: '48',
  published: false,
};

describe('the waiting list’s offer time', () => {
  test('1 to 336 whole hours pass, and are stored as a number', () => {
    for (const hours of ['1', '48', '336']) {
      expect(validateEdition({ ...values, waiting_list_offer_hours: hours })).not.toHaveProperty(
        'waiting_list_offer_hours',
        expect.any(String),
      );
    }
    expect(
      editionInput({ ...values, waiting_list_offer_hours: ' 72 ' }).waiting_list_offer_hours,
    ).toBe(72);
  });

  test('outside the range, blank or not whole, refused with the database’s words', () => {
    const problem = (hours: string) =>
      validateEdition({ ...values, waiting_list_offer_hours: hours }).waiting_list_offer_hours;
    expect(problem('0')).toBe('Please enter a number of hours between 1 and 336 (14 days).');
    expect(problem('337')).toBe('Please enter a number of hours between 1 and 336 (14 days).');
    expect(problem('1.5')).toBe('Please enter a whole number, such as 48.');
    expect(problem('')).toMatch(/required|enter/i);
  });
});
