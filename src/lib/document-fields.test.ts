// The documents' details as the team's page checks them before asking the database, which checks
// them again with the same rules and words (update_team_documents_details): 18 or over on the
// start date counted as PostgreSQL counts `date + interval '18 years'` (a 29 February birthday
// comes on 28 February in a common year), expiries until the end of the rally, the co-driver's
// section only for a team with one.
import { describe, expect, test } from 'vitest';
import {
  birthdayAt,
  documentsFieldErrors,
  eighteenBy,
  type DocumentsDetails,
} from './document-fields';

const EDITION = { start_date: '2026-06-22', end_date: '2026-06-28' };
const TODAY = '2026-03-20';

const blank: DocumentsDetails = {
  leadDateOfBirth: '',
  leadLicenceNumber: '',
  leadLicenceExpiry: '',
  leadEmergencyContactName: '',
  leadEmergencyContactPhone: '',
  coDateOfBirth: '',
  coLicenceNumber: '',
  coLicenceExpiry: '',
  coEmergencyContactName: '',
  coEmergencyContactPhone: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleColour: '',
  registrationPlate: '',
  insuranceExpiry: '',
  motExpiry: '',
};

const errors = (changes: Partial<DocumentsDetails>, withCoDriver = false) =>
  Object.fromEntries(
    Object.entries(
      documentsFieldErrors({ ...blank, ...changes }, EDITION, withCoDriver, TODAY),
    ).filter(([, message]) => message !== undefined),
  );

describe('the documents’ details', () => {
  test('18 on the start date is old enough; a day younger is not', () => {
    expect(eighteenBy('2008-06-22', '2026-06-22')).toBe(true);
    expect(eighteenBy('2008-06-23', '2026-06-22')).toBe(false);
    expect(errors({ leadDateOfBirth: '2008-06-23' })).toEqual({
      leadDateOfBirth: 'A driver must be 18 or over on 22 June 2026.',
    });
    expect(errors({ leadDateOfBirth: '2008-06-22' })).toEqual({});
  });

  test('a 29 February birthday comes on 28 February in a common year, as in PostgreSQL', () => {
    expect(birthdayAt('2008-02-29', 18)).toBe('2026-02-28');
    expect(birthdayAt('2008-02-29', 16)).toBe('2024-02-29');
    expect(eighteenBy('2008-02-29', '2026-02-28')).toBe(true);
    expect(eighteenBy('2008-02-29', '2026-02-27')).toBe(false);
  });

  test('a date of birth in the future or before 1900 is a mistake', () => {
    const mistake = { leadDateOfBirth: "Please enter the driver's date of birth." };
    expect(errors({ leadDateOfBirth: '2026-03-21' })).toEqual(mistake);
    expect(errors({ leadDateOfBirth: '1899-12-31' })).toEqual(mistake);
    expect(errors({ leadDateOfBirth: '2026-02-30' })).toEqual({
      leadDateOfBirth: 'Please enter a date.',
    });
  });

  test('licence, insurance and MOT valid until the end of the rally; the last day is enough', () => {
    expect(
      errors({
        leadLicenceExpiry: '2026-06-27',
        insuranceExpiry: '2026-06-01',
        motExpiry: '2026-06-28',
      }),
    ).toEqual({
      leadLicenceExpiry: 'The licence must be valid until the end of the rally (28 June 2026).',
      insuranceExpiry: 'The insurance must be valid until the end of the rally (28 June 2026).',
    });
  });

  test('the co-driver’s section is checked only for a team with a co-driver', () => {
    expect(errors({ coDateOfBirth: '2010-01-01' })).toEqual({});
    expect(errors({ coDateOfBirth: '2010-01-01' }, true)).toEqual({
      coDateOfBirth: 'A driver must be 18 or over on 22 June 2026.',
    });
  });

  test('phones and lengths by the sign-up form’s rules', () => {
    expect(
      errors({
        leadEmergencyContactPhone: '12',
        leadLicenceNumber: 'X'.repeat(41),
        vehicleMake: 'M'.repeat(201),
      }),
    ).toEqual({
      leadEmergencyContactPhone: 'Please enter a valid phone number (7 to 15 digits).',
      leadLicenceNumber: 'Please shorten the licence number to 40 characters or fewer.',
      vehicleMake: expect.stringMatching(/^Please shorten the vehicle make to/),
    });
  });
});
