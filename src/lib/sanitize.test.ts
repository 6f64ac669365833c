import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { metaDescription, stripTags } from './text';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hi</p><script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">x</a>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps formatting and gives new-tab links rel=noopener', () => {
    const clean = sanitizeHtml(
      '<h2>Route</h2><a href="https://example.org" target="_blank">map</a>',
    );
    expect(clean).toContain('<h2>Route</h2>');
    expect(clean).toMatch(/rel="noopener noreferrer"/);
  });
});

describe('plain text of CMS HTML', () => {
  it('strips tags and decodes entities', () => {
    expect(stripTags('<p>Fish &amp; chips<br>in <b>Calais</b></p>')).toBe('Fish & chips in Calais');
  });

  it('cuts the meta description to 155 characters', () => {
    const long = `<p>${'a'.repeat(200)}</p>`;
    expect(metaDescription(long)).toHaveLength(155);
    expect(metaDescription('<p>short</p>')).toBe('short');
  });
});
