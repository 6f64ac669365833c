// Reads a PDF's bytes the way a reader starts to, for the tests of the team pack's hand-written
// PDF (supabase/functions/_shared/pdf.ts, the team-pack function): the header, the trailer's
// startxref, the cross-reference table and each offset it gives (which must land on `n 0 obj`),
// and the text shown by the content streams' Tj operators, their literal strings unescaped and
// decoded from WinAnsi. Only what the writer writes: uncompressed streams, one xref section.

// WinAnsi's 0x80-0x9F (the rest is Latin-1's own).
const WIN_ANSI_HIGH: Record<number, string> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((c, i) => [0x80 + i, c]),
);

export type ReadPdf = {
  header: string;
  /** Object number → its byte offset, from the xref table. */
  offsets: Map<number, number>;
  /** The text each Tj shows, in order. */
  texts: string[];
};

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Unescapes a PDF literal string's body (between its parentheses) to WinAnsi bytes as text. */
function literal(body: string): string {
  let out = '';
  for (let at = 0; at < body.length; at += 1) {
    const character = body[at] ?? '';
    if (character !== '\\') {
      out += character;
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(at + 1))?.[0];
    if (octal) {
      out += String.fromCharCode(parseInt(octal, 8));
      at += octal.length;
    } else {
      out += body[at + 1] ?? '';
      at += 1;
    }
  }
  return [...out].map((c) => WIN_ANSI_HIGH[c.charCodeAt(0)] ?? c).join('');
}

/** Parses the bytes; throws when the structure is not what a reader needs. */
export function readPdf(bytes: Uint8Array): ReadPdf {
  const file = latin1(bytes);
  const header = file.slice(0, file.indexOf('\n'));
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(file);
  if (!startxref?.[1]) throw new Error('No startxref at the end');
  const xrefAt = Number(startxref[1]);
  if (file.slice(xrefAt, xrefAt + 4) !== 'xref') throw new Error(`startxref ${xrefAt} is not xref`);
  const section = /^xref\n(\d+) (\d+)\n/.exec(file.slice(xrefAt));
  if (!section?.[0]) throw new Error('No xref subsection');
  const first = Number(section[1]);
  const count = Number(section[2]);
  const offsets = new Map<number, number>();
  let at = xrefAt + section[0].length;
  for (let index = 0; index < count; index += 1) {
    const entry = file.slice(at, at + 20);
    const parsed = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    if (!parsed) throw new Error(`xref entry ${index} is not 20 bytes: ${JSON.stringify(entry)}`);
    if (parsed[3] === 'n') {
      const number = first + index;
      const offset = Number(parsed[1]);
      if (!file.startsWith(`${number} 0 obj`, offset))
        throw new Error(`object ${number}'s offset ${offset} does not start it`);
      offsets.set(number, offset);
    }
    at += 20;
  }
  for (const declared of file.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const end = (declared.index ?? 0) + declared[0].length + Number(declared[1]);
    if (!file.startsWith('\nendstream', end))
      throw new Error('A stream’s /Length is not its length');
  }
  const texts: string[] = [];
  for (const stream of file.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    for (const shown of (stream[1] ?? '').matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      texts.push(literal(shown[1] ?? ''));
  }
  return { header, offsets, texts };
}
