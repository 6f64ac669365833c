// The documents' details checked on the team's page before it asks the database, which checks
// them again (update_team_documents_details) with the same rules and the same sentences: each
// driver 18 or over on the rally's start date, a licence, insurance and MOT valid until the rally
// ends, phone numbers as the sign-up form takes them. Dates are calendar dates (YYYY-MM-DD),
// compared as such, never as moments, so no time zone moves a birthday.
import { registrationLimits as limits } from '../config/forms';
import type { CalendarDate } from '../config/site-defaults';
import { formatLongDate } from '../../supabase/functions/_shared/formats/dates';
import { phone } from './field-rules';
import { teamFieldErrors } from './team-fields';
import { fieldProblem, isDate, isTooLong, shortenMessage, type FieldErrors } from './validation';

/** The documents' details as the form names them (the database's refusals name these). */
export type DocumentsDetails = {
  leadDateOfBirth: string;
  leadLicenceNumber: string;
  leadLicenceExpiry: string;
  leadEmergencyContactName: string;
  leadEmergencyContactPhone: string;
  coDateOfBirth: string;
  coLicenceNumber: string;
  coLicenceExpiry: string;
  coEmergencyContactName: string;
  coEmergencyContactPhone: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColour: string;
  registrationPlate: string;
  insuranceExpiry: string;
  motExpiry: string;
};

/** The longest licence number the database takes. */
export const LICENCE_NUMBER_LIMIT = 40;

export const NOT_A_DATE = 'Please enter a date.';
export const NOT_A_BIRTH_DATE = "Please enter the driver's date of birth.";
export const underEighteen = (start: CalendarDate) =>
  `A driver must be 18 or over on ${formatLongDate(start)}.`;
export const expiresTooSoon = (what: string, end: CalendarDate) =>
  `The ${what} must be valid until the end of the rally (${formatLongDate(end)}).`;

/** The team's other fields, which this form does not change (only the car's are read back). */
const NO_DRIVERS = {
  leadDriverName: '',
  leadDriverEmail: '',
  leadDriverPhone: '',
  coDriverName: '',
  coDriverEmail: '',
  coDriverPhone: '',
  teamName: '',
};

/** The earliest date of birth the database takes. */
const EARLIEST_BIRTH = '1900-01-01';

/**
 * The day a person born on `birth` turns `years` old, as PostgreSQL's `date + interval` gives it:
 * someone born on 29 February comes of age on 28 February in a common year.
 */
export function birthdayAt(birth: CalendarDate, years: number): CalendarDate {
  const [year, month, day] = birth.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${target}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}

/** Whether someone born on `birth` is 18 or over on `start`. */
export const eighteenBy = (birth: CalendarDate, start: CalendarDate) =>
  birthdayAt(birth, 18) <= start;

type Edition = { start_date: CalendarDate; end_date: CalendarDate };

function dateProblem(value: string, tooSoon: (day: CalendarDate) => string | undefined) {
  const day = value.trim();
  if (day === '') return undefined;
  if (!isDate(day)) return NOT_A_DATE;
  return tooSoon(day);
}

/**
 * The problems with the documents' details; the co-driver's only for a team with one. `today` is
 * the rally's day (a date of birth after it is a mistake).
 */
export function documentsFieldErrors(
  values: DocumentsDetails,
  edition: Edition,
  withCoDriver: boolean,
  today: CalendarDate,
): FieldErrors<keyof DocumentsDetails> {
  const errors: FieldErrors<keyof DocumentsDetails> = {};
  const expiry = (what: string) => (day: CalendarDate) =>
    day < edition.end_date ? expiresTooSoon(what, edition.end_date) : undefined;
  for (const who of withCoDriver ? (['lead', 'co'] as const) : (['lead'] as const)) {
    errors[`${who}DateOfBirth`] = dateProblem(values[`${who}DateOfBirth`], (day) =>
      day > today || day < EARLIEST_BIRTH
        ? NOT_A_BIRTH_DATE
        : eighteenBy(day, edition.start_date)
          ? undefined
          : underEighteen(edition.start_date),
    );
    errors[`${who}LicenceExpiry`] = dateProblem(values[`${who}LicenceExpiry`], expiry('licence'));
    if (isTooLong(values[`${who}LicenceNumber`], LICENCE_NUMBER_LIMIT))
      errors[`${who}LicenceNumber`] = shortenMessage('the licence number', LICENCE_NUMBER_LIMIT);
    if (isTooLong(values[`${who}EmergencyContactName`], limits.emergencyContactName))
      errors[`${who}EmergencyContactName`] = shortenMessage(
        "the emergency contact's name",
        limits.emergencyContactName,
      );
    errors[`${who}EmergencyContactPhone`] = fieldProblem(values[`${who}EmergencyContactPhone`], {
      rules: [phone],
    });
  }
  // The car's make, model, colour and plate: the sign-up's rules (and the database's).
  const { vehicleMake, vehicleModel, vehicleColour, registrationPlate } = teamFieldErrors({
    ...NO_DRIVERS,
    vehicleMake: values.vehicleMake,
    vehicleModel: values.vehicleModel,
    vehicleColour: values.vehicleColour,
    registrationPlate: values.registrationPlate,
  });
  Object.assign(errors, { vehicleMake, vehicleModel, vehicleColour, registrationPlate });
  errors.insuranceExpiry = dateProblem(values.insuranceExpiry, expiry('insurance'));
  errors.motExpiry = dateProblem(values.motExpiry, expiry('MOT'));
  return errors;
}
