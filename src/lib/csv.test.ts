import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF lines, quoting as RFC 4180 says', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; n: number }) => row.name },
        { header: 'Count', value: (row) => row.n },
      ],
      [
        { name: "Zoë O'Brien, Jr.", n: 1 },
        { name: 'Say "hi"\nthere', n: 2 },
      ],
    );
    expect(csv).toBe('\uFEFFName,Count\r\n"Zoë O\'Brien, Jr.",1\r\n"Say ""hi""\nthere",2\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+44 20 7946 0958')).toBe("'+44 20 7946 0958");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });
});
