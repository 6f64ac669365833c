// The local inbox at /local/mail: every caught email, newest first, each with its headers (the
// addresses, and the sender's own such as List-Unsubscribe), its HTML in a sandboxed frame (no
// scripts; links open in a new tab) and its text part. Like the Supabase
// CLI's Inbucket/Mailpit page, for people; tests read the JSON API instead.
import { escapeHtml } from '../local-services/pages';
import type { MailMessage } from './store';

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f5f9; color: #0f172a; line-height: 1.5; }
  main { max-width: 56rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  article { background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(15 23 42 / 0.15); padding: 1.25rem; margin: 1rem 0; }
  h2 { font-size: 1.125rem; margin: 0 0 0.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.125rem 1rem; margin: 0 0 1rem; font-size: 0.875rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 22rem; border: 1px solid #cbd5e1; border-radius: 0.5rem; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8fafc; padding: 0.75rem; border-radius: 0.5rem; }
  .empty { background: #fff; border-radius: 0.75rem; padding: 1.25rem; }
  a { color: #1d4ed8; }
`;

function messageArticle(message: MailMessage, base: string): string {
  const rows: [string, string][] = [
    ['From', message.from],
    ['To', message.to.join(', ')],
    ...(message.cc.length ? ([['Cc', message.cc.join(', ')]] as [string, string][]) : []),
    ...(message.reply_to.length
      ? ([['Reply to', message.reply_to.join(', ')]] as [string, string][])
      : []),
    ['Sent', message.created_at],
    ['Sent by', message.sent_by === 'auth' ? 'Supabase Auth' : 'email API'],
    // The message's own headers as the sender gave them (List-Unsubscribe, X-Entity-Ref-ID…).
    ...Object.entries(message.headers ?? {}),
  ];
  const html = message.html
    ? `<iframe title="${escapeHtml(`Email: ${message.subject}`)}" sandbox="allow-popups allow-popups-to-escape-sandbox" src="${escapeHtml(`${base}/messages/${message.id}/html`)}"></iframe>`
    : '';
  const text = message.text
    ? `<details${message.html ? '' : ' open'}><summary>Text part</summary><pre>${escapeHtml(message.text)}</pre></details>`
    : '';
  return `<article aria-labelledby="m-${message.id}">
<h2 id="m-${message.id}">${escapeHtml(message.subject || '(no subject)')}</h2>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
${html}
${text}
</article>`;
}

/** `base` is the inbox's own path (/local/mail), so frames load from the same origin. */
export function inboxPage(messages: MailMessage[], recipient: string | null, base: string): string {
  const heading = recipient ? `Local mail to ${recipient}` : 'Local mail';
  const summary =
    messages.length === 0
      ? '<p class="empty">No emails yet. Emails sent by Supabase Auth (password reset, invitations, sign-in links) and by Edge Functions through the email API appear here.</p>'
      : messages.map((m) => messageArticle(m, base)).join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} – local Supabase</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>Every email the local stack sends is caught here instead of being delivered, newest first (${messages.length} ${messages.length === 1 ? 'email' : 'emails'}).${recipient ? ` <a href="${escapeHtml(base)}">Show all</a>` : ''}</p>
${summary}
</main>
</body>
</html>
`;
}

/**
 * One email's HTML for its frame: a new tab for every link (the frame is sandboxed, so a link
 * would otherwise open inside it), and nothing that runs.
 */
export function messageFrame(message: MailMessage): string {
  // The email's own doctype (React Email writes XHTML's) would come after the <base>: one is enough.
  const html = (message.html ?? '').replace(/^\s*<!doctype[^>]*>/i, '');
  return `<!doctype html><base target="_blank">${html}`;
}
