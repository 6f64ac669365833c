// HTML written in the admin is rendered only after DOMPurify has removed scripts, event
// handlers and javascript: URLs.
import DOMPurify from 'dompurify';

let hooked = false;

function purifier() {
  if (!hooked && DOMPurify.isSupported) {
    // A link that opens a new tab must not hand the new page a handle on ours.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/**
 * Safe HTML for dangerouslySetInnerHTML. Where no DOM exists (server rendering) nothing can be
 * sanitised, so the text is returned with every tag removed and escaped.
 */
export function sanitizeHtml(html: string): string {
  const purify = purifier();
  if (!purify.isSupported) return escapeText(stripTags(html));
  return purify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });
}

/** Plain text of an HTML fragment (for meta descriptions and card excerpts). */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The article page's meta description: the excerpt without tags, cut to 155 characters. */
export function metaDescription(html: string, max = 155): string {
  const text = stripTags(html);
  return text.length <= max ? text : text.slice(0, max);
}
