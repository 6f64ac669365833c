// Formatting in the site's locale (en-GB): whole numbers, file sizes, shares, words and phone
// links. Money and dates are written the same way by the site and the emails, so they live where
// the Edge Functions can import them too: supabase/functions/_shared/formats/ (money.ts, dates.ts).
// Hand-written rather than built on Intl, for the reason dates.ts gives; format.test.ts holds them
// equal to Intl.

/** 31000.4 → '31,000': rounded half away from zero, thousands separated by commas. */
export function formatWholeNumber(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  return `${value < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** Bytes as B, KB or MB (1024-based, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 31000 of 200000 → '15.5%' */
export function formatPercent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** 'sponsorship' → 'Sponsorship' */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** '+44 (0)20 7946 0000' → 'tel:+442079460000': digits only, the UK's "(0)" dropped. */
export function phoneHref(phone: string): string {
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\(0\)/g, '').replace(/\D/g, '');
  return `tel:${international ? '+' : ''}${digits}`;
}
