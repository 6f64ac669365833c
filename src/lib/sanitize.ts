// HTML written in the admin is rendered only after DOMPurify has removed scripts, event
// handlers and javascript: URLs.
import DOMPurify from 'dompurify';
import { stripTags } from './text';

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

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
