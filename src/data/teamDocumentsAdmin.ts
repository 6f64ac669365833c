// The organiser's side of the documents (issue 25): a registration's current files (the rows of
// public.team_documents not superseded by a newer upload) with its drivers' details, the
// documents the team owes (required_document_kinds: both licences with a co-driver), a signed
// URL valid a minute to view a file (the private bucket `documents`: administrators read it
// through Storage's policies, nobody else), the decision (decide_team_document: a rejection needs
// a reason and emails it to the team), and an edition's count of teams ready to drive
// (edition_readiness). Kept apart from the team page's module: only the admin imports this.
import type { DbClient } from './client';
import type { DocumentKind } from './teamDocuments';
import type { Row } from './types';

export type TeamDocument = Row<'team_documents'>;
export type RegistrationDriver = Row<'registration_drivers'>;

/** The private bucket the documents are in, and how long a signed URL lasts (seconds). */
export const DOCUMENTS_BUCKET = 'documents';
export const SIGNED_URL_SECONDS = 60;

/** What the admin needs of Storage: the admin client's `storage`. */
export type DocumentsStorage = {
  from(bucket: string): {
    createSignedUrl(
      path: string,
      expiresIn: number,
    ): Promise<{ data: { signedUrl: string } | null; error: Error | null }>;
  };
};

/** A document the team owes, with its current file if one was sent. */
export type OwedDocument = { kind: DocumentKind; document: TeamDocument | null };

export type RegistrationDocuments = {
  documents: OwedDocument[];
  drivers: RegistrationDriver[];
};

/** The documents a registration owes, each with its current file, and its drivers' details. */
export async function getRegistrationDocuments(
  db: DbClient,
  registration: { id: string; co_driver_name: string },
): Promise<RegistrationDocuments> {
  const [kinds, current, drivers] = await Promise.all([
    db
      .rpc('required_document_kinds', {
        has_co_driver: registration.co_driver_name.trim() !== '',
      })
      .throwOnError(),
    db
      .from('team_documents')
      .select('*')
      .eq('registration_id', registration.id)
      .is('superseded_at', null)
      .throwOnError(),
    db
      .from('registration_drivers')
      .select('*')
      .eq('registration_id', registration.id)
      .order('role', { ascending: false })
      .throwOnError(),
  ]);
  const owed = (kinds.data ?? []) as DocumentKind[];
  return {
    documents: owed.map((kind) => ({
      kind,
      document: current.data.find((row) => row.kind === kind) ?? null,
    })),
    drivers: drivers.data,
  };
}

/** A signed URL of one file, valid a minute (Storage refuses anyone but an administrator). */
export async function documentSignedUrl(
  storage: DocumentsStorage,
  objectPath: string,
): Promise<string> {
  const { data, error } = await storage
    .from(DOCUMENTS_BUCKET)
    .createSignedUrl(objectPath, SIGNED_URL_SECONDS);
  if (error || !data) throw error ?? new Error('No signed URL');
  return data.signedUrl;
}

export type DocumentDecision = 'accepted' | 'rejected';

/**
 * Accepts or rejects a team's current file; a rejection's reason goes to the team by email.
 * Throws the database's refusal (a missing reason names the field 'reason'; a file superseded
 * meanwhile is a 409).
 */
export async function decideTeamDocument(
  db: DbClient,
  documentId: string,
  decision: DocumentDecision,
  reason: string,
): Promise<void> {
  await db
    .rpc('decide_team_document', {
      document: documentId,
      decision,
      ...(decision === 'rejected' ? { reason: reason.trim() } : {}),
    })
    .throwOnError();
}

/** Teams ready to drive of those that paid a deposit and have not cancelled. */
export type EditionReadiness = { ready: number; total: number };

export async function getEditionReadiness(
  db: DbClient,
  editionId: string,
): Promise<EditionReadiness> {
  const { data } = await db.rpc('edition_readiness', { edition: editionId }).throwOnError();
  return data as unknown as EditionReadiness;
}
