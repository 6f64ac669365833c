// The co-driver's own section, reached by the co-driver's secret link in their copies of the
// rally's emails (supabase/schemas/registrations.sql: co_driver_page, update_co_driver_details). The secret
// opens only the co-driver's own details: a wrong, altered or expired one gets null, which these
// calls answer as null too.
import { publicDb, type DbClient } from './client';
import { throwIfRefused } from './submissions';
import type { CalendarDate } from '../config/site-defaults';
import type { ReadinessItem } from './teamDocuments';

/** What co_driver_page(secret) answers. */
export type CoDriverPage = {
  team_name: string;
  co_driver_name: string;
  co_driver_email: string;
  co_driver_phone: string;
  /** The co-driver's row of registration_drivers (supabase/schemas/documents.sql). */
  driver: {
    date_of_birth: CalendarDate | null;
    licence_number: string;
    licence_expiry: CalendarDate | null;
    emergency_contact_name: string;
    emergency_contact_phone: string;
    complete: boolean;
  };
  /** The co-driver's licence as the organiser sees it: missing, submitted, accepted, rejected. */
  licence: ReadinessItem | null;
  edition: { year: number; name: string; start_date: CalendarDate; end_date: CalendarDate };
  cancelled: boolean;
  details_editable_until: CalendarDate;
  details_editable: boolean;
};

/** The section's fields, named as the forms name them (the database's refusals name these). */
export type CoDriverDetails = {
  coDriverName: string;
  coDriverEmail: string;
  coDriverPhone: string;
  coDateOfBirth: string;
  coLicenceNumber: string;
  coLicenceExpiry: string;
  coEmergencyContactName: string;
  coEmergencyContactPhone: string;
};

export function coDriverDetailsOf(page: CoDriverPage): CoDriverDetails {
  return {
    coDriverName: page.co_driver_name,
    coDriverEmail: page.co_driver_email,
    coDriverPhone: page.co_driver_phone,
    coDateOfBirth: page.driver.date_of_birth ?? '',
    coLicenceNumber: page.driver.licence_number,
    coLicenceExpiry: page.driver.licence_expiry ?? '',
    coEmergencyContactName: page.driver.emergency_contact_name,
    coEmergencyContactPhone: page.driver.emergency_contact_phone,
  };
}

export async function getCoDriverPage(
  secret: string,
  db: DbClient = publicDb,
): Promise<CoDriverPage | null> {
  const { data } = await db.rpc('co_driver_page', { secret }).throwOnError();
  return (data as CoDriverPage | null) ?? null;
}

/** Saves the co-driver's details (trimmed); throws a SubmissionError naming a refused field. */
export async function updateCoDriverDetails(
  secret: string,
  details: CoDriverDetails,
  db: DbClient = publicDb,
): Promise<CoDriverPage | null> {
  const answer = await db.rpc('update_co_driver_details', {
    secret,
    details: {
      co_driver_name: details.coDriverName.trim(),
      co_driver_email: details.coDriverEmail.trim(),
      co_driver_phone: details.coDriverPhone.trim(),
      // '' clears a date (the database's rule).
      date_of_birth: details.coDateOfBirth.trim(),
      licence_number: details.coLicenceNumber.trim(),
      licence_expiry: details.coLicenceExpiry.trim(),
      emergency_contact_name: details.coEmergencyContactName.trim(),
      emergency_contact_phone: details.coEmergencyContactPhone.trim(),
    },
  });
  throwIfRefused(answer);
  return (answer.data as CoDriverPage | null) ?? null;
}
