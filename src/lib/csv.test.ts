import { describe, expect, it } from 'vitest';
import { csvCell, csvText, toCsv } from './csv';

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
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1+cmd|x')).toBe("'+1+cmd|x");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r\'=1"');
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('defuses a formula that a semicolon-separated reading would open inside a cell', () => {
    // Excel in much of Europe splits on ';': the second field here would be live.
    expect(csvText("x;=cmd|' /C calc'!A0")).toBe("x;'=cmd|' /C calc'!A0");
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe("\"x;'=cmd|' /C calc'!A0\"");
    expect(csvText('a; +1;b;@x;c;\tz')).toBe("a;' +1;b;'@x;c;'\tz");
    expect(csvText('a;-2')).toBe("a;'-2");
    // A line break inside a cell starts a new row for a reader that ignores the quotes.
    expect(csvText('hello\r\n=cmd|x')).toBe("hello\r\n'=cmd|x");
    expect(csvText('=a;=b')).toBe("'=a;'=b");
    // Plain text with semicolons is left as it is.
    expect(csvText('Tea; biscuits; 2 cars')).toBe('Tea; biscuits; 2 cars');
  });

  it('leaves a phone number as it is, with no visible apostrophe', () => {
    expect(csvCell('+353 1 234 5678')).toBe('+353 1 234 5678');
    expect(csvCell('+44 (0)20 7946 0958')).toBe('+44 (0)20 7946 0958');
    expect(csvCell('020 7946 0958')).toBe('020 7946 0958');
    // Only a phone number: anything else after a '+' is guarded.
    expect(csvCell('+353 1 234 5678;=cmd|x')).toBe('"\'+353 1 234 5678;\'=cmd|x"');
    expect(csvCell('+44-20-7946')).toBe("'+44-20-7946");
    expect(csvCell('+()')).toBe("'+()");
    expect(csvCell('+')).toBe("'+");
  });

  it('writes a number column with its fixed decimals, a negative one as a number', () => {
    const columns = [
      { header: 'Team', value: (row: { team: string; pence: number }) => row.team },
      { header: 'Amount', value: (row: { pence: number }) => row.pence / 100, decimals: 2 },
    ];
    expect(
      toCsv(columns, [
        { team: '-1', pence: -25_000 },
        { team: 'Zoë', pence: 370_050 },
        { team: 'Tea', pence: 5 },
      ]),
    ).toBe("\uFEFFTeam,Amount\r\n'-1,-250.00\r\nZoë,3700.50\r\nTea,0.05\r\n");
  });
});
