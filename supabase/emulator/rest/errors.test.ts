// PostgREST's SQLSTATE → HTTP status table, including the statuses chosen in SQL (PTxxx).
import { describe, expect, test } from 'vitest';
import { customStatus, fromPgError, statusForSqlState } from './errors';

describe('statuses chosen in SQL with PTxxx', () => {
  test.each([
    ['PT429', 429],
    ['PT400', 400],
    ['PT402', 402],
    ['PT503', 503],
  ])('%s answers %i', (code, status) => {
    expect(statusForSqlState(code, true)).toBe(status);
  });

  test('what is not a status answers 500, as PostgREST does', () => {
    expect(customStatus('PT4XX')).toBe(500);
    expect(customStatus('PT099')).toBe(500);
  });

  test('keeps the code, message and hint of the raise in the body', () => {
    const error = fromPgError(
      { code: 'PT429', message: 'Too many', hint: 'Try again in 5 minutes.' },
      true,
    );
    expect(error.status).toBe(429);
    expect(error.body).toEqual({
      code: 'PT429',
      details: null,
      hint: 'Try again in 5 minutes.',
      message: 'Too many',
    });
  });
});

describe('the cases PostgREST tells apart by the message', () => {
  test('a missing role in the JWT is 401, another bad parameter 400', () => {
    expect(statusForSqlState('22023', true, 'role "x" does not exist')).toBe(401);
    expect(statusForSqlState('22023', true, 'invalid value')).toBe(400);
  });

  test('pg-safeupdate’s refusal is a client error; another cardinality violation is not', () => {
    expect(statusForSqlState('21000', true, 'DELETE requires a WHERE clause')).toBe(400);
    expect(statusForSqlState('21000', true, 'more than one row returned by a subquery')).toBe(500);
  });

  test('42501 is 401 for an anonymous caller and 403 for a signed-in one', () => {
    expect(statusForSqlState('42501', true)).toBe(401);
    expect(statusForSqlState('42501', false)).toBe(403);
  });
});
