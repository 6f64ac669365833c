// The team pack's PDF writer (pdf.ts) read back by its bytes: a PDF 1.4 header, a cross-reference
// table whose every offset starts its object, streams whose /Length is their length, the text
// present as written (WinAnsi: £, é, curly quotes, and ( ) \ that would end a string), long text
// wrapped and run onto a second page; and the pack's lines (team-pack.ts) naming the team, its
// door number, the route and the emergency numbers.
import { describe, expect, test } from 'vitest';
import { readPdf } from '../../../tests/support/pdf-reading';
import { pdfString, winAnsi, wrap, writePdf } from './pdf';
import { teamPackFileName, teamPackPdf, type TeamPackFacts } from './team-pack';

const FACTS: TeamPackFacts = {
  edition: {
    name: 'Europe Rally 2026',
    year: 2026,
    start_date: '2026-06-22',
    end_date: '2026-06-28',
    start_place: 'Dover',
    finish_place: 'Monaco',
  },
  organiser_phone: '+44 (0)20 7946 0321',
  team: {
    reference: '00000000-0000-4000-8000-000000000001',
    team_name: 'The (Brave) Testers \\ Co',
    door_number: 7,
    lead_driver_name: 'Zoë O’Neil',
    co_driver_name: 'Sam Smith',
    vehicle_make: 'Škoda',
    vehicle_model: 'Octavia',
    vehicle_colour: 'Blue',
    registration_plate: 'AB12 CDE',
  },
};

describe('writePdf', () => {
  test('header, xref offsets and stream lengths are right, and the text is there', () => {
    const pdf = readPdf(writePdf('A title', [{ text: 'Hello (world) \\ £5 – café' }]));
    expect(pdf.header).toBe('%PDF-1.4');
    expect([...pdf.offsets.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pdf.texts).toEqual(['Hello (world) \\ £5 – café']);
  });

  test('a long text wraps, and runs onto a second page', () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ text: `Line ${index + 1}` }));
    const pdf = readPdf(writePdf('Long', [{ text: 'word '.repeat(60) }, ...many]));
    expect(pdf.texts.filter((text) => text.startsWith('word')).length).toBeGreaterThan(1);
    expect(pdf.texts.at(-1)).toBe('Line 80');
    // Two pages: catalog, pages, two fonts, info, then a page and its stream for each.
    expect(pdf.offsets.size).toBe(9);
  });

  test('text cannot end its string early: ( ) \\ are escaped, control bytes are spaces', () => {
    expect(pdfString('a) Tj (b')).toBe('(a\\) Tj \\(b)');
    expect(pdfString('x\\y')).toBe('(x\\\\y)');
    expect(pdfString('é€')).toBe('(\\351\\200)');
    expect(winAnsi('a\nb\u0000c')).toEqual([0x61, 0x20, 0x62, 0x20, 0x63]);
    expect(winAnsi('漢')).toEqual([0x3f]);
  });

  test('wrap keeps each line within the width and cuts a word longer than a line', () => {
    const lines = wrap(`${'x'.repeat(200)} short words here`, 11, 120);
    expect(lines.every((line) => line.length <= Math.floor(120 / (11 * 0.6)))).toBe(true);
    expect(lines.join('')).toContain('short');
  });
});

describe('the team pack', () => {
  test('names the team, its door number, drivers, car, route and emergency numbers', () => {
    const { header, texts } = readPdf(teamPackPdf(FACTS));
    expect(header).toBe('%PDF-1.4');
    expect(texts).toEqual(
      expect.arrayContaining([
        'Europe Rally 2026: team pack',
        'The (Brave) Testers \\ Co',
        'Door number: 7',
        'Lead driver: Zoë O’Neil',
        'Co-driver: Sam Smith',
        'Car: Škoda Octavia',
        'Start: Dover, 22 June 2026.',
        'Finish: Monaco, 28 June 2026.',
        'Emergency services anywhere in Europe: 112',
        'The organisers: +44 (0)20 7946 0321',
      ]),
    );
    expect(teamPackFileName(FACTS)).toBe('team-pack-2026-door-7.pdf');
  });
});
