// The documents the terms require, on the team's own page (issue 25), reached by the team's secret
// like the rest of the page (teamPage.ts): what is still missing, submitted, accepted or rejected
// (team_readiness), each driver's date of birth, licence and emergency contact and the car's
// insurance and MOT expiries (update_team_documents_details, which refuses a driver under 18 on the
// rally's start date and an expiry before it ends, naming the field), and the files themselves
// through the team-documents Edge Function (upload, and a signed URL valid a minute to view one).
// Only the team's page imports this module, so none of it reaches the public entry bundle.
import { publicDb, type DbClient } from './client';
import { callFunction, FunctionError, publicFunctions, type FunctionsCaller } from './functions';
import { throwIfRefused } from './submissions';
import type { CalendarDate } from '../config/site-defaults';
import type { DocumentsDetails } from '../lib/document-fields';

export type { DocumentsDetails };

export type DocumentKind = 'lead_licence' | 'co_licence' | 'insurance' | 'mot';
export type DocumentStatus = 'missing' | 'submitted' | 'accepted' | 'rejected';

/** Each document's name, as the database names it (private.document_label) for the team's page. */
export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  lead_licence: "Lead driver's driving licence",
  co_licence: "Co-driver's driving licence",
  insurance: 'Insurance certificate',
  mot: 'MOT certificate',
};

/** One document the team owes, as team_readiness answers it ('missing': none sent yet). */
export type ReadinessItem = {
  kind: DocumentKind;
  label: string;
  status: DocumentStatus;
  reason: string | null;
  file_name: string | null;
  submitted_at: string | null;
  decided_at?: string | null;
  document_id?: string | null;
};

/** A team's readiness as the database derives it (readiness_state). */
export type Readiness = 'ready to drive' | 'documents missing' | 'awaiting check' | 'rejected';

/** A driver's section (registration_drivers), as the database holds it. */
export type DriverDocuments = {
  name: string;
  date_of_birth: CalendarDate | null;
  licence_number: string;
  licence_expiry: CalendarDate | null;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  complete: boolean;
};

export type VehicleDocuments = {
  vehicle_make: string;
  vehicle_model: string;
  vehicle_colour: string;
  registration_plate: string;
  insurance_expiry: CalendarDate | null;
  mot_expiry: CalendarDate | null;
};

/** What team_readiness(secret) answers for a secret that opens a registration. */
export type TeamReadiness = {
  /** `co` is null for a team without a co-driver. */
  details: {
    lead: DriverDocuments;
    co: DriverDocuments | null;
    vehicle: VehicleDocuments;
    complete: boolean;
  };
  items: ReadinessItem[];
  ready: boolean;
  readiness: Readiness;
  /** What is still to send or to fix, in the reminders' words. */
  missing: string[];
};

const driverValues = (driver: DriverDocuments | null) => ({
  dateOfBirth: driver?.date_of_birth ?? '',
  licenceNumber: driver?.licence_number ?? '',
  licenceExpiry: driver?.licence_expiry ?? '',
  emergencyContactName: driver?.emergency_contact_name ?? '',
  emergencyContactPhone: driver?.emergency_contact_phone ?? '',
});

/** The form's values from what the database holds. */
export function documentsDetailsOf(readiness: TeamReadiness): DocumentsDetails {
  const lead = driverValues(readiness.details.lead);
  const co = driverValues(readiness.details.co);
  const { vehicle } = readiness.details;
  return {
    leadDateOfBirth: lead.dateOfBirth,
    leadLicenceNumber: lead.licenceNumber,
    leadLicenceExpiry: lead.licenceExpiry,
    leadEmergencyContactName: lead.emergencyContactName,
    leadEmergencyContactPhone: lead.emergencyContactPhone,
    coDateOfBirth: co.dateOfBirth,
    coLicenceNumber: co.licenceNumber,
    coLicenceExpiry: co.licenceExpiry,
    coEmergencyContactName: co.emergencyContactName,
    coEmergencyContactPhone: co.emergencyContactPhone,
    vehicleMake: vehicle.vehicle_make,
    vehicleModel: vehicle.vehicle_model,
    vehicleColour: vehicle.vehicle_colour,
    registrationPlate: vehicle.registration_plate,
    insuranceExpiry: vehicle.insurance_expiry ?? '',
    motExpiry: vehicle.mot_expiry ?? '',
  };
}

/** The team's documents, or null for a secret that opens nothing. */
export async function getTeamReadiness(
  secret: string,
  db: DbClient = publicDb,
): Promise<TeamReadiness | null> {
  const { data } = await db.rpc('team_readiness', { secret }).throwOnError();
  return (data as TeamReadiness | null) ?? null;
}

function driverPayload(values: DocumentsDetails, who: 'lead' | 'co') {
  return {
    date_of_birth: values[`${who}DateOfBirth`].trim(),
    licence_number: values[`${who}LicenceNumber`].trim(),
    licence_expiry: values[`${who}LicenceExpiry`].trim(),
    emergency_contact_name: values[`${who}EmergencyContactName`].trim(),
    emergency_contact_phone: values[`${who}EmergencyContactPhone`].trim(),
  };
}

/**
 * Saves the details (each trimmed; a blank date clears it) and answers the documents as they now
 * are, or null for a secret that opens nothing. The co-driver's section is sent only for a team
 * with a co-driver. Throws a SubmissionError naming the refused field.
 */
export async function updateTeamDocumentsDetails(
  secret: string,
  values: DocumentsDetails,
  withCoDriver: boolean,
  db: DbClient = publicDb,
): Promise<TeamReadiness | null> {
  const answer = await db.rpc('update_team_documents_details', {
    secret,
    details: {
      lead: driverPayload(values, 'lead'),
      ...(withCoDriver ? { co: driverPayload(values, 'co') } : {}),
      vehicle: {
        vehicle_make: values.vehicleMake.trim(),
        vehicle_model: values.vehicleModel.trim(),
        vehicle_colour: values.vehicleColour.trim(),
        registration_plate: values.registrationPlate.trim(),
        insurance_expiry: values.insuranceExpiry.trim(),
        mot_expiry: values.motExpiry.trim(),
      },
    },
  });
  throwIfRefused(answer);
  return (answer.data as TeamReadiness | null) ?? null;
}

/** What the server takes (the function checks the bytes again; these spare a wasted upload). */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_WRONG_TYPE = 'Please choose a JPEG, PNG or PDF file.';
export const DOCUMENT_TOO_LARGE = 'Please choose a file of 10 MB or less.';
export const UPLOAD_FAILED = 'The file could not be sent. Please try again.';
export const VIEW_FAILED = 'The file could not be opened. Please try again.';

/** Why a chosen file would be refused, or null. A name's extension decides when the type is empty. */
export function documentFileProblem(file: File): string | null {
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  const type = file.type.toLowerCase();
  const typed = (DOCUMENT_TYPES as readonly string[]).includes(type);
  if (!(typed || (type === '' && byName))) return DOCUMENT_WRONG_TYPE;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_TOO_LARGE;
  return null;
}

/**
 * Sends one document (multipart: secret, kind, file); the function records it as submitted.
 * Throws a FunctionError with the function's refusal (wrong type by its bytes, too large) or
 * UPLOAD_FAILED when there was no answer.
 */
export async function uploadTeamDocument(
  secret: string,
  kind: DocumentKind,
  file: File,
  caller: FunctionsCaller = publicFunctions,
): Promise<void> {
  const form = new FormData();
  form.append('secret', secret);
  form.append('kind', kind);
  form.append('file', file, file.name);
  await callFunction(caller, 'team-documents', form, {
    unreachable: UPLOAD_FAILED,
    timeout: 120_000,
  });
}

/** A signed URL, valid for a minute, of the team's current file of that kind. */
export async function teamDocumentUrl(
  secret: string,
  kind: DocumentKind,
  caller: FunctionsCaller = publicFunctions,
): Promise<string> {
  const answer = await callFunction<{ url?: unknown }>(
    caller,
    'team-documents',
    { secret, kind, action: 'url' },
    { unreachable: VIEW_FAILED },
  );
  if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url))
    throw new FunctionError(VIEW_FAILED, 0);
  return answer.url;
}

/** A document's status as the team's page and the organiser's panel say it. */
export function documentStatusLabel(item: Pick<ReadinessItem, 'status' | 'reason'>): string {
  switch (item.status) {
    case 'missing':
      return 'Missing';
    case 'submitted':
      return 'Submitted';
    case 'accepted':
      return 'Accepted';
    case 'rejected':
      return item.reason ? `Rejected: ${item.reason}` : 'Rejected';
  }
}
