// The local pages' shell, the charity's test-mode giving page and the page a test-mode payment
// shows when the webhook refused it (the checkout page itself is ./checkout.ts).

/** The organisation's name, for a page no edition is part of. */
const ORGANISATION = 'Europe Rally';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A test-mode page in the local services' one look (also the Stripe stand-in's checkout page). */
export function page(title: string, content: string, rally = ORGANISATION): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(rally)}</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f5f9; color: #0f172a; line-height: 1.5; }
  main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(15 23 42 / 0.15); }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  .notice { background: #fef3c7; color: #78350f; border-radius: 0.5rem; padding: 0.75rem 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; margin: 1.5rem 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  .amount { font-size: 1.25rem; font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  .button { display: inline-block; background: #b91c1c; color: #fff; font-weight: 600; padding: 0.75rem 1.25rem; border-radius: 0.5rem; text-decoration: none; }
  .button:hover { background: #991b1b; }
  button.button { border: 0; font: inherit; cursor: pointer; }
  form { display: grid; gap: 0.5rem; width: 100%; }
  label { font-weight: 600; }
  input { font: inherit; font-variant-numeric: tabular-nums; padding: 0.625rem 0.75rem; border: 1px solid #64748b; border-radius: 0.5rem; }
  input:focus-visible, button.button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .hint { margin: 0; font-size: 0.875rem; color: #475569; }
  .error { margin: 0; color: #b91c1c; font-weight: 600; }
  form .button { justify-self: start; margin-top: 0.5rem; }
  a { color: #1d4ed8; }
  a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/** When the payment could not be completed (the webhook function refused or failed). */
export function paymentFailedPage(siteUrl: string, detail: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return page(
    'Test-mode payment failed',
    `<h1>The test-mode payment did not go through</h1>
<p class="notice" role="alert">${escapeHtml(detail)}</p>
<div class="actions"><a href="${escapeHtml(`${site}/sign-up`)}">Return to registration</a></div>`,
  );
}

export function donatePage(siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return page(
    'Test-mode giving page',
    `<h1>Test-mode giving page</h1>
<p class="notice" role="note">This page stands in for the charity's external giving page while the site runs locally. No payment is taken.</p>
<p>On the live site, this link opens the charity's own donation page, where gifts support research into rare genetic conditions and the lifelong-care village for disabled children and their families.</p>
<div class="actions">
  <a class="button" href="${escapeHtml(`${site}/about`)}">Return to the charity page</a>
</div>`,
  );
}
