// The team pack's content: what team_pack_facts (supabase/schemas/registrations.sql) answers, laid out as
// the lines of the PDF the team-pack Edge Function sends (_shared/pdf.ts). The edition's facts
// (name, dates, start and finish, the route outline drawn from them) and the team's (name, door
// number, drivers, car), and the emergency numbers: 112, which answers across Europe, and the
// organiser's phone from the site settings. Dates through the site's own formatter (formats/).
import { dateRangeLabel, formatLongDate } from './formats/dates.ts';
import { type PdfLine, writePdf } from './pdf.ts';

/** team_pack_facts' answer for a team that may have its pack. */
export type TeamPackFacts = {
  edition: {
    name: string;
    year: number;
    start_date: string;
    end_date: string;
    start_place: string;
    finish_place: string;
  };
  organiser_phone: string;
  team: {
    reference: string;
    team_name: string;
    door_number: number | null;
    lead_driver_name: string;
    co_driver_name: string;
    vehicle_make: string;
    vehicle_model: string;
    vehicle_colour: string;
    registration_plate: string;
  };
};

const or = (value: string, fallback: string) => (value.trim() === '' ? fallback : value.trim());

/** The route outline: where and when it starts and finishes (the edition names no stages). */
function route(edition: TeamPackFacts['edition']): PdfLine[] {
  const start = or(edition.start_place, 'the start (to be announced)');
  const finish = or(edition.finish_place, 'the finish (to be announced)');
  return [
    { text: 'Route outline', style: 'heading' },
    { text: `Start: ${start}, ${formatLongDate(edition.start_date)}.` },
    { text: `Finish: ${finish}, ${formatLongDate(edition.end_date)}.` },
    {
      text: `The rally drives from ${start} to ${finish} across Europe; the day-by-day route is given at the start.`,
    },
  ];
}

/** The pack's lines. */
export function teamPackLines(facts: TeamPackFacts): PdfLine[] {
  const { edition, team } = facts;
  const door = team.door_number === null ? 'to be given' : String(team.door_number);
  const car = [team.vehicle_make, team.vehicle_model].map((part) => part.trim()).filter(Boolean);
  return [
    { text: `${edition.name}: team pack`, style: 'title' },
    { text: dateRangeLabel(edition.start_date, edition.end_date) },
    { gap: 12 },
    { text: or(team.team_name, 'Your team'), style: 'heading' },
    { text: `Door number: ${door}` },
    { text: `Lead driver: ${team.lead_driver_name}` },
    { text: `Co-driver: ${or(team.co_driver_name, 'not given')}` },
    { text: `Car: ${car.length > 0 ? car.join(' ') : 'not given'}` },
    { text: `Colour: ${or(team.vehicle_colour, 'not given')}` },
    { text: `Registration plate: ${or(team.registration_plate, 'not given')}` },
    { text: `Booking reference: ${team.reference}` },
    { gap: 12 },
    ...route(edition),
    { gap: 12 },
    { text: 'Emergency numbers', style: 'heading' },
    { text: 'Emergency services anywhere in Europe: 112' },
    { text: `The organisers: ${or(facts.organiser_phone, 'see the rally website')}` },
    { gap: 12 },
    {
      text: `Show your door number on both front doors for the whole rally. Keep this pack in the car.`,
    },
  ];
}

/** The pack's file name: team-pack-<year>-door-<n>.pdf. */
export function teamPackFileName(facts: TeamPackFacts): string {
  const door = facts.team.door_number === null ? '' : `-door-${facts.team.door_number}`;
  return `team-pack-${facts.edition.year}${door}.pdf`;
}

/** The pack as PDF bytes. */
export function teamPackPdf(facts: TeamPackFacts): Uint8Array<ArrayBuffer> {
  return writePdf(`${facts.edition.name}: team pack`, teamPackLines(facts));
}
