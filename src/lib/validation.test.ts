// Each field rule's accept and refuse cases (tests/support/field-rule-cases.ts) and its message; tests/lint/field-rules.test.ts holds
// the database's and the Edge Function's copies to the same cases.
import { describe, expect, it } from 'vitest';
import { RULE_CASES } from '../../tests/support/field-rule-cases';
import {
  email,
  fieldProblem,
  fieldRefusal,
  isTooLong,
  refusedAt,
  requiredMessage,
  shortenMessage,
} from './validation';
import { wholeNumber } from './field-rules';

describe('the field rules', () => {
  describe.each(RULE_CASES)('$name', ({ rule, message, accepts, refuses }) => {
    it.each(accepts)('accepts %j', (value) => expect(rule.test(value)).toBe(true));
    it.each(refuses)('refuses %j', (value) => expect(rule.test(value)).toBe(false));
    it('says why in its own words', () => expect(rule.message).toBe(message));
  });

  it('names its example in the whole-number message', () => {
    expect(wholeNumber('2026').message).toBe('Please enter a whole number, such as 2026.');
  });

  it('counts lengths in characters, as Postgres does', () => {
    expect(isTooLong(' 😀😀 ', 2)).toBe(false);
    expect(isTooLong('😀😀😀', 2)).toBe(true);
    expect(shortenMessage('the team name', 2000)).toBe(
      'Please shorten the team name to 2,000 characters or fewer.',
    );
  });
});

describe('fieldProblem', () => {
  it('says a required blank field is missing and lets an optional one be', () => {
    expect(fieldProblem('  ', { required: requiredMessage('Email'), rules: [email] })).toBe(
      'Email is required.',
    );
    expect(fieldProblem('', { rules: [email] })).toBeUndefined();
  });

  it("gives the first failing rule's message, or nothing", () => {
    expect(fieldProblem('jo', { rules: [email] })).toBe(email.message);
    expect(fieldProblem('jo@example.org', { rules: [email] })).toBeUndefined();
  });
});

describe('fieldRefusal (the one way a server refusal reaches a field)', () => {
  it('reads the field and sentence an error carries', () => {
    expect(fieldRefusal(refusedAt('email', 'Taken.'))).toEqual({
      field: 'email',
      message: 'Taken.',
    });
    expect(fieldRefusal(Object.assign(new Error('x'), refusedAt('phone', 'No.')))).toEqual({
      field: 'phone',
      message: 'No.',
    });
  });

  it.each([null, undefined, 'email', new Error('boom'), { refusal: null }, refusedAt('email', '')])(
    'finds no field in %j',
    (error) => expect(fieldRefusal(error)).toBeNull(),
  );
});
