// The unsubscribe links of a marketing email (mail to newsletter subscribers; service mail has
// none): the visible link to the site's page `<site>/unsubscribe/<secret>`, and the RFC 8058
// headers, whose URL is the unsubscribe function's, so that a mail client's one-click POST
// unsubscribes without opening the site. The secret comes from private.mint_unsubscribe_secret
// (one per email, only its SHA-256 kept with the address).
//
//   const { pageUrl, headers } = unsubscribeLinks(secret);
//   await sendEmail({ ...email, headers });
//
// The function's address is SUPABASE_URL's (the project's public URL on hosted Supabase; the
// emulator's locally).

const trimmed = (value: string | undefined, fallback: string) =>
  (value ?? fallback).replace(/\/+$/, '');

export type UnsubscribeLinks = {
  /** The page that says it is done and offers to resubscribe. */
  pageUrl: string;
  headers: {
    'List-Unsubscribe': string;
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click';
  };
};

/** The one-click URL: POST unsubscribes (RFC 8058), GET redirects to the page. */
export function oneClickUrl(secret: string): string {
  const functions = `${trimmed(Deno.env.get('SUPABASE_URL'), 'http://localhost:54321')}/functions/v1`;
  return `${functions}/unsubscribe?s=${encodeURIComponent(secret)}`;
}

/** The site's unsubscribe page for a secret. */
export function unsubscribePage(secret: string): string {
  const site = trimmed(Deno.env.get('SITE_URL'), 'http://localhost:5173');
  return `${site}/unsubscribe/${encodeURIComponent(secret)}`;
}

export function unsubscribeLinks(secret: string): UnsubscribeLinks {
  return {
    pageUrl: unsubscribePage(secret),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(secret)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
