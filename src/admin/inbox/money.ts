// Money as the payment provider reports it (an integer in the currency's minor unit: pence for
// pounds, whole yen for yen), written for the organiser in en-GB: 25000 gbp → '£250.00',
// 25000 jpy → 'JP¥25,000'. Empty when there is no amount.

export function formatMoney(minor: number | null, currency: string | null): string {
  if (minor === null) return '';
  try {
    const format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: (currency || 'gbp').toUpperCase(),
    });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // A code Intl does not know: the number as sent, with the code.
    return `${minor} ${currency ?? ''}`.trim();
  }
}
