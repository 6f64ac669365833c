// CSV for spreadsheets (the admin inbox's export): UTF-8 with a byte-order mark, so Excel reads
// "Zoë" as Zoë; a header row; RFC 4180 quoting (fields with a comma, quote or line break are
// quoted, quotes doubled, lines end in CRLF); and formula injection defused (csvText below).

export type CsvColumn<R> = {
  header: string;
  value: (row: R) => string | number | boolean | null;
  /** A number's fixed decimals (the ledger's pounds: -250 → '-250.00'); other values ignore it. */
  decimals?: number;
};

// What opens a formula in Excel, LibreOffice or Sheets: = + - @ first (leading blanks are
// skipped), or a tab or carriage return first.
const FORMULA_START = /^(?:[ \t\r\n]*[=+\-@]|[\t\r])/;
// Where else a spreadsheet may start a field inside this cell. Excel in much of Europe splits a
// .csv on ';', and it honours our quotes only for a field that starts with one, so for it
// 'x;=cmd|...' opens a formula in its second field, and a line break inside a cell starts a
// new row.
const FIELD_BREAK = /([;\r\n])(?=[ \t]*[=+\-@]|[\t\r])/g;
// A phone number as a visitor types it is never a formula worth fearing (Excel would at most
// add up digits), and an apostrophe in front of every +353… would show in the spreadsheet.
const PHONE_NUMBER = /^\+?[0-9 ()]*[0-9][0-9 ()]*$/;

/**
 * Text a visitor typed, made inert for a spreadsheet: an apostrophe (which Excel, LibreOffice
 * and Sheets read as "text follows" and do not show) before every field that would open a
 * formula, the cell itself and every ';'- or line-separated field inside it.
 */
export function csvText(text: string): string {
  if (PHONE_NUMBER.test(text)) return text;
  const inner = text.replace(FIELD_BREAK, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

// A number is the code's, never a visitor's text: it is written as the number it is, a negative
// one too, so the spreadsheet adds it up.
export function csvCell(value: string | number | boolean | null, decimals?: number): string {
  const text =
    value === null
      ? ''
      : typeof value === 'string'
        ? csvText(value)
        : typeof value === 'number' && decimals !== undefined
          ? value.toFixed(decimals)
          : String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row), column.decimals))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
