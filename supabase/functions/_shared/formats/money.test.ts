// The one money formatter: pence in, the rule of money.ts out, and pounds exactly as Intl's en-GB
// prints them (they are hand-written for the public pages).
import { describe, expect, test } from 'vitest';
import { formatMoney, penceFromPounds } from './money';

describe('formatMoney', () => {
  test.each([
    [25_000, '£250'],
    [395_000, '£3,950'],
    [15_000_000, '£150,000'],
    [25_050, '£250.50'],
    [25_005, '£250.05'],
    [5, '£0.05'],
    [0, '£0'],
    [-395_000, '-£3,950'],
    [-150, '-£1.50'],
    [null, ''],
  ])('a price: %j pence is %j', (pence, shown) => {
    expect(formatMoney(pence)).toBe(shown);
  });

  test.each([
    [25_000, 'gbp', '£250.00'],
    [100, 'GBP', '£1.00'],
    [0, null, '£0.00'],
    [123_456_789, 'gbp', '£1,234,567.89'],
    [25_000, 'jpy', 'JP¥25,000'],
    [25_000, 'eur', '€250.00'],
    [500, 'xx1', '500 xx1'],
    [null, 'gbp', ''],
  ])('a payment: %j %s is %j', (minor, currency, shown) => {
    expect(formatMoney(minor, { currency, payment: true })).toBe(shown);
  });

  test('prints pounds exactly as Intl prints them in en-GB', () => {
    const exact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const whole = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      maximumFractionDigits: 0,
    });
    const amounts = [0, 1, 99, 100, 101, 99_999, 100_000, 395_000, 123_456_789, -395_000, -1];
    for (const pence of amounts) {
      expect(formatMoney(pence, { payment: true })).toBe(exact.format(pence / 100));
      const shown = pence % 100 === 0 ? whole.format(pence / 100) : exact.format(pence / 100);
      expect(formatMoney(pence)).toBe(shown);
    }
  });
});

test('a whole-pounds setting becomes pence', () => {
  expect(penceFromPounds(250)).toBe(25_000);
  expect(penceFromPounds(3950)).toBe(395_000);
});
