// The inbox's money: minor units in the currency's own decimals, as Stripe reports amounts.
import { describe, expect, test } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  test.each([
    [25_000, 'gbp', '£250.00'],
    [100, 'GBP', '£1.00'],
    [25_000, 'jpy', 'JP¥25,000'],
    [0, 'gbp', '£0.00'],
    [null, 'gbp', ''],
    [500, 'xx1', '500 xx1'],
  ])('%j %s is %j', (minor, currency, shown) => {
    expect(formatMoney(minor, currency)).toBe(shown);
  });
});
