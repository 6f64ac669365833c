// The admin's calls for the teams' documents (src/data/teamDocumentsAdmin.ts and sendQueuedNow in
// src/data/inbox.ts) against the emulator with the real supabase-js, as the inbox's Documents panel
// and the Editions screen make them: the documents a team owes with its current files and its
// drivers, a signed URL from Storage for an administrator (and none for anyone else), a rejection
// whose email participant-emails sends at once when the administrator asks for that kind, and an
// edition's count of teams ready to drive. The database's own rules are in team-documents.test.ts.
// The database's day is pinned to 20 March 2026. Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, test } from 'vitest';
import { sendQueuedNow } from '../../src/data/inbox';
import {
  decideTeamDocument,
  documentSignedUrl,
  getEditionReadiness,
  getRegistrationDocuments,
} from '../../src/data/teamDocumentsAdmin';
import { caughtMail, setupTestEmulator } from './harness';
import { COMPLETE_DETAILS, PDF, paidTeam, saveDetails, upload } from './team-documents-support';
import { setEdition } from './team-page-support';

const DAY = '2026-03-20';
const em = setupTestEmulator({
  trustTestClientAddress: true,
  clock: DAY,
  siteUrl: 'http://127.0.0.1:4183',
});

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

describe("the organiser's documents calls", () => {
  test('a team’s owed documents with their current files and its drivers; a signed URL for administrators only', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'lead_licence', bytes: PDF, name: 'a.pdf' });
    await upload(em(), { secret: team.secret, kind: 'lead_licence', bytes: PDF, name: 'b.pdf' });
    expect(
      (await saveDetails(em(), team.secret, { lead: COMPLETE_DETAILS.lead })).error,
    ).toBeNull();

    const loaded = await getRegistrationDocuments(em().admin, { id: team.id, co_driver_name: '' });
    expect(loaded.documents.map(({ kind }) => kind)).toEqual(['lead_licence', 'insurance', 'mot']);
    // The newer upload is the current file; the others are missing.
    expect(loaded.documents.map(({ document }) => document?.file_name ?? null)).toEqual([
      'b.pdf',
      null,
      null,
    ]);
    expect(loaded.drivers).toEqual([
      expect.objectContaining({
        role: 'lead',
        licence_number: COMPLETE_DETAILS.lead.licence_number,
      }),
    ]);

    const path = loaded.documents[0]?.document?.object_path ?? '';
    const url = await documentSignedUrl(em().admin.storage, path);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toMatch(/^%PDF-/);
    // Storage answers as for a file that is not there: the private bucket's policy shows it to
    // administrators only.
    for (const caller of [em().visitor, em().anon]) {
      await expect(documentSignedUrl(caller.storage, path)).rejects.toMatchObject({
        name: 'StorageApiError',
        status: 400,
        message: 'Object not found',
      });
    }
    // Nobody but an administrator sees the rows either.
    const { data } = await em()
      .visitor.from('team_documents')
      .select('id')
      .eq('registration_id', team.id);
    expect(data ?? []).toEqual([]);
  });

  test('a rejection’s email goes at once when the administrator asks participant-emails for it', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF, name: 'cover.pdf' });
    const { documents } = await getRegistrationDocuments(em().admin, {
      id: team.id,
      co_driver_name: '',
    });
    const insurance = documents.find(({ kind }) => kind === 'insurance')?.document;
    await decideTeamDocument(
      em().admin,
      insurance?.id ?? '',
      'rejected',
      ' It names another car. ',
    );
    expect(await sendQueuedNow(em().admin, 'document_rejected')).toBe('sent');
    const mail = (await caughtMail(em(), team.email)).filter((m) =>
      m.subject.includes('needs replacing'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('It names another car.');
    // A visitor may not send it.
    expect(await sendQueuedNow(em().anon, 'document_rejected')).toBe('queued');
  });

  test("an edition's teams ready to drive, of those that paid a deposit", async () => {
    const { data: edition } = await em()
      .service.from('editions')
      .select('id')
      .eq('is_current', true)
      .single()
      .throwOnError();
    const before = await getEditionReadiness(em().admin, edition.id);
    await paidTeam(em());
    const after = await getEditionReadiness(em().admin, edition.id);
    expect(after).toEqual({ ready: before.ready, total: before.total + 1 });
    await expect(getEditionReadiness(em().visitor, edition.id)).rejects.toMatchObject({
      code: '42501',
    });
  });
});
