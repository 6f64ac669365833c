// The past tours form checks the funds raised as an amount before the database does, in the
// same words (the database's copy of the rule: private.is_raised_amount).
import { describe, expect, test } from 'vitest';
import { pastToursManager } from './past-tours';

const form = (funds_raised: string) => ({
  ...pastToursManager.defaults(),
  route: 'Dover to Innsbruck',
  participants: '12',
  miles: '1500',
  funds_raised,
});

describe('the past tours form', () => {
  test.each(['£12,500', '12500', '£950.50'])('takes %j as the funds raised', (typed) => {
    expect(pastToursManager.validate?.(form(typed)).funds_raised).toBeUndefined();
  });

  test.each(['about £5k', 'TBC', '£12,50'])('refuses %j beside the field', (typed) => {
    expect(pastToursManager.validate?.(form(typed)).funds_raised).toBe(
      'Please enter an amount in pounds, such as £12,500.',
    );
  });
});
