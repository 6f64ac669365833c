// A minimal PDF writer for the team pack (the team-pack Edge Function): text only, PDF 1.4, the
// standard Helvetica and Helvetica-Bold fonts (every reader has them, so nothing is embedded)
// in WinAnsiEncoding, A4 pages, lines wrapped to the page and pages added as the text runs on.
// Written by hand rather than taken from a package: the pack is a few lines of text, and a PDF
// of text is a handful of objects and a cross-reference table of their byte offsets.
//
// Every string is encoded to WinAnsi here (a character WinAnsi lacks becomes '?') and written as a
// PDF literal string with \, ( and ) escaped and every byte outside printable ASCII in octal, so
// the file is ASCII after its header and no text can end a string or an operator early.
// Pure TypeScript, no imports: Deno runs it in the function and vitest tests it by its bytes.

/** One line of the document: a heading (bold, larger), body text, or an empty gap. */
export type PdfLine = { text: string; style?: 'title' | 'heading' | 'body' } | { gap: number };

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const SIZES = { title: 20, heading: 13, body: 11 } as const;

// The code points WinAnsi places in 0x80-0x9F; 0x20-0x7E and 0xA0-0xFF are Latin-1's own.
const WIN_ANSI_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** The WinAnsi bytes of a text: control characters become spaces, the unknown '?'. */
export function winAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    if (code < 0x20 || code === 0x7f) bytes.push(0x20);
    else if (code < 0x7f || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(WIN_ANSI_HIGH[code] ?? 0x3f);
  }
  return bytes;
}

/** A PDF literal string of the text, ASCII only: `(…)` with \ ( ) escaped and high bytes in octal. */
export function pdfString(text: string): string {
  let out = '(';
  for (const byte of winAnsi(text)) {
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/**
 * Splits a text into lines that fit `width` points at `size`. Helvetica's glyphs average about
 * half an em and its widest capitals under 0.95 em; 0.6 em per character keeps ordinary text
 * inside the margin without a width table, and a word longer than a line is cut.
 */
export function wrap(text: string, size: number, width = PAGE_WIDTH - 2 * MARGIN): string[] {
  const most = Math.max(1, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > most) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, most));
      line = '';
      rest = rest.slice(most);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= most) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** The pages' content streams: each line placed from the top margin down, a new page when full. */
function layout(lines: PdfLine[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  const place = (text: string, size: number, bold: boolean) => {
    const leading = Math.round(size * 1.4);
    if (y - leading < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= leading;
    pages
      .at(-1)
      ?.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y} Td ${pdfString(text)} Tj ET`);
  };
  for (const line of lines) {
    if ('gap' in line) {
      y -= line.gap;
      continue;
    }
    const style = line.style ?? 'body';
    for (const part of wrap(line.text, SIZES[style])) place(part, SIZES[style], style !== 'body');
  }
  return pages.map((operators) => operators.join('\n'));
}

/**
 * The PDF's bytes: the document's lines, titled `title` in its information dictionary. Over an
 * ArrayBuffer (not a shared one), as a Response body must be for Deno's type check.
 */
export function writePdf(title: string, lines: PdfLine[]): Uint8Array<ArrayBuffer> {
  const streams = layout(lines);
  // Objects 1-5: catalog, page tree, the two fonts, the information dictionary; then for each
  // page its page object and its content stream.
  const pageId = (index: number) => 6 + index * 2;
  const pageIds = streams.map((_, index) => pageId(index));
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(title)} /Producer (Europe Rally) >>`,
  ];
  for (const [index, stream] of streams.entries()) {
    const contents = pageId(index) + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contents} 0 R >>`,
      // The stream is ASCII, so its length in characters is its length in bytes.
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }

  // The header's second line is a comment of high bytes, so tools treat the file as binary.
  const header = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  let body = header;
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  // Every character is below 0x100 (the header's four, the rest ASCII): one byte each, so the
  // offsets counted in characters are the offsets in bytes.
  return Uint8Array.from(body, (character) => character.charCodeAt(0));
}
