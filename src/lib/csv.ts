// CSV for spreadsheets (the admin inbox's export): UTF-8 with a byte-order mark, so Excel reads
// "Zoë" as Zoë; a header row; RFC 4180 quoting (fields with a comma, quote or line break are
// quoted, quotes doubled, lines end in CRLF); and formula injection defused: a cell a visitor
// typed that starts with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a
// spreadsheet shows it as text instead of running it.

export type CsvColumn<R> = { header: string; value: (row: R) => string | number | boolean | null };

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
