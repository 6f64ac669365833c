// What the documents' contract tests share (team-documents.test.ts, hostile-documents.test.ts):
// a paid team with its secret, the team-documents Edge Function called as the team page calls it
// (multipart upload, JSON for a signed URL), files that are what they say and files that are not,
// and the details that make a team complete. The 2026 edition runs 22-28 June 2026.
import { expect } from 'vitest';
import { http, type TestEmulator } from './harness';
import { payDeposit, register, teamLink } from './team-page-support';

export const START = '2026-06-22';
/** A PDF's first bytes and a body: what the function's check reads. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A JPEG's signature and a little more. */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** A team that paid its deposit, with a co-driver when asked; answers its id, email and secret. */
export async function paidTeam(em: TestEmulator, changes: Record<string, unknown> = {}) {
  const team = await register(em, changes);
  await payDeposit(em, team.id);
  return { ...team, secret: await teamLink(em, team.id) };
}

/** POSTs a file to team-documents as the page does (anon key, multipart). */
export async function upload(
  em: TestEmulator,
  fields: { secret: string; kind: string; bytes: Uint8Array; name?: string; type?: string },
) {
  const form = new FormData();
  form.set('secret', fields.secret);
  form.set('kind', fields.kind);
  form.set(
    'file',
    new Blob([new Uint8Array(fields.bytes)], { type: fields.type ?? 'application/pdf' }),
    fields.name ?? 'document.pdf',
  );
  const answer = await http(em, '/functions/v1/team-documents', {
    method: 'POST',
    headers: { authorization: `Bearer ${em.anonKey}` },
    body: form,
  });
  return { status: answer.status, body: answer.json() as Record<string, unknown> };
}

/** Asks team-documents for a signed URL to the team's current file of a kind. */
export async function signedUrl(em: TestEmulator, secret: string, kind: string) {
  const answer = await http(em, '/functions/v1/team-documents', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${em.anonKey}` },
    body: JSON.stringify({ secret, kind, action: 'url' }),
  });
  return {
    status: answer.status,
    body: answer.json() as { url?: string; expires_in?: number; error?: string },
  };
}

/** Every detail a team with a co-driver needs, valid for the 2026 edition. */
export const COMPLETE_DETAILS = {
  lead: {
    date_of_birth: '1980-05-01',
    licence_number: 'MORGA753116SM9IJ',
    licence_expiry: '2030-01-01',
    emergency_contact_name: 'Pat Morgan',
    emergency_contact_phone: '07700 900111',
  },
  co: {
    date_of_birth: '1990-02-03',
    licence_number: 'SMITH802033JB8XY',
    licence_expiry: '2029-01-01',
    emergency_contact_name: 'Sam Smith',
    emergency_contact_phone: '07700 900222',
  },
  vehicle: {
    vehicle_make: 'Volvo',
    vehicle_model: '240 Estate',
    vehicle_colour: 'Blue',
    registration_plate: 'AB12 CDE',
    insurance_expiry: '2027-01-31',
    mot_expiry: '2026-11-30',
  },
};

export async function saveDetails(em: TestEmulator, secret: string, details: unknown) {
  return em.anon.rpc('update_team_documents_details', { secret, details: details as never });
}

export interface Readiness {
  reference: string;
  ready: boolean;
  readiness: string;
  missing: string[];
  items: { kind: string; status: string; reason: string | null; file_name: string | null }[];
  details: { complete: boolean };
}

export async function readiness(em: TestEmulator, secret: string): Promise<Readiness | null> {
  const { data, error } = await em.anon.rpc('team_readiness', { secret });
  expect(error).toBeNull();
  return data as unknown as Readiness | null;
}
