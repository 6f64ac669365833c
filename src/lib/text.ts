// Plain text from the CMS's HTML (card excerpts, meta descriptions): no DOM and no DOMPurify
// needed, so pages that only show excerpts stay small.

/** Plain text of an HTML fragment (for meta descriptions and card excerpts). */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The article page's meta description: the excerpt without tags, cut to 155 characters. */
export function metaDescription(html: string, max = 155): string {
  const text = stripTags(html);
  return text.length <= max ? text : text.slice(0, max);
}

/**
 * JSON to inline in a <script> element (JSON-LD, prerendered data): `<` is escaped so no string
 * in the data can close the element. This is JSON, not HTML, so escaping (not DOMPurify
 * sanitising) is what makes it safe to inline.
 */
export function inlineJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * The alt text a described image is shown with: '' when it is decorative; for a row saved
 * before images were described (the database lets those stand until they are next saved), the
 * fallback, which is better than nothing for a screen reader.
 */
export function imageAlt(
  alt: string | null | undefined,
  decorative: boolean,
  fallback = '',
): string {
  if (decorative) return '';
  return alt?.trim() || fallback;
}
