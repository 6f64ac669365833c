// Issue 25, documents on the team's page (supabase/schemas/documents.sql and the team-documents Edge
// Function): the details with the rally's checks beside their fields (a driver under 18 on the
// start date, a licence, insurance or MOT expiring before the end), files uploaded through the
// function into the private bucket and read back through a signed URL that expires, the
// organiser's decisions and the rejection's email, readiness in the inbox's view and the
// Editions count, and the documents reminders 60, 30 and 14 days before the start, each once.
// The database's day is pinned to 20 March 2026; the 2026 edition runs 22-28 June 2026. Runs on
// PGlite and on PostgreSQL 15.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { caughtMail, http, setupTestEmulator } from './harness';
import {
  COMPLETE_DETAILS,
  JPEG,
  PDF,
  paidTeam,
  readiness,
  saveDetails,
  signedUrl,
  upload,
} from './team-documents-support';
import { setEdition } from './team-page-support';

const DAY = '2026-03-20';
const SITE_URL = 'http://127.0.0.1:4182';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY, siteUrl: SITE_URL });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});
afterEach(() => {
  em().emulator.setClock(DAY);
});

/** A readiness row of the inbox's view, as the administrator reads it. */
async function inboxReadiness(id: string): Promise<string | undefined> {
  const { data, error } = await em()
    .admin.from('registrations_with_money')
    .select('readiness')
    .eq('id', id)
    .single();
  expect(error).toBeNull();
  return (data as { readiness?: string } | null)?.readiness;
}

async function decide(document: string, decision: string, reason?: string) {
  return em().admin.rpc('decide_team_document', { document, decision, reason });
}

async function documentId(secret: string, kind: string): Promise<string> {
  const item = (await readiness(em(), secret))?.items.find((row) => row.kind === kind) as
    { document_id?: string } | undefined;
  return item?.document_id ?? '';
}

async function sendQueued() {
  const answer = await http(em(), '/functions/v1/participant-emails', {
    method: 'POST',
    key: em().serviceKey,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${em().serviceKey}` },
    body: '{}',
  });
  expect(answer.status).toBe(200);
}

describe('the details, checked against the rally’s dates', () => {
  test('a driver born 17 years before the start is refused beside the field; 18 on the day is accepted', async () => {
    const team = await paidTeam(em(), { co_driver_name: 'Co Driver' });
    const refused = await saveDetails(em(), team.secret, { lead: { date_of_birth: '2009-06-22' } });
    expect(refused.error).toMatchObject({
      code: 'PT400',
      message: 'A driver must be 18 or over on 22 June 2026.',
      details: 'leadDateOfBirth',
    });
    const co = await saveDetails(em(), team.secret, { co: { date_of_birth: '2008-06-23' } });
    expect(co.error).toMatchObject({ details: 'coDateOfBirth' });
    const eighteen = await saveDetails(em(), team.secret, {
      lead: { date_of_birth: '2008-06-22' },
    });
    expect(eighteen.error).toBeNull();
  });

  test('a licence, insurance or MOT expiring before the end of the rally is refused beside its field', async () => {
    const team = await paidTeam(em());
    const cases: [unknown, string, string][] = [
      [
        { lead: { licence_expiry: '2026-06-27' } },
        'leadLicenceExpiry',
        'The licence must be valid until the end of the rally (28 June 2026).',
      ],
      [
        { vehicle: { insurance_expiry: '2026-06-01' } },
        'insuranceExpiry',
        'The insurance must be valid until the end of the rally (28 June 2026).',
      ],
      [
        { vehicle: { mot_expiry: '2026-06-27' } },
        'motExpiry',
        'The MOT must be valid until the end of the rally (28 June 2026).',
      ],
      [{ vehicle: { mot_expiry: '31/12/2026' } }, 'motExpiry', 'Please enter a date.'],
      [
        { lead: { emergency_contact_phone: 'call me' } },
        'leadEmergencyContactPhone',
        'Please enter a valid phone number (7 to 15 digits).',
      ],
    ];
    for (const [details, field, message] of cases) {
      const { error } = await saveDetails(em(), team.secret, details);
      expect(error).toMatchObject({ code: 'PT400', details: field, message });
    }
    // On the last day of the rally is valid until its end.
    const { error } = await saveDetails(em(), team.secret, {
      lead: { licence_expiry: '2026-06-28' },
      vehicle: { insurance_expiry: '2026-06-28', mot_expiry: '2026-06-28' },
    });
    expect(error).toBeNull();
  });

  test('a co-driver section needs a co-driver; a wrong secret changes nothing and answers null', async () => {
    const solo = await paidTeam(em());
    expect((await saveDetails(em(), solo.secret, { co: {} })).error).toMatchObject({
      details: 'coDriverName',
    });
    const wrong = await saveDetails(em(), 'x'.repeat(43), COMPLETE_DETAILS);
    expect(wrong).toMatchObject({ error: null, data: null });
  });
});

describe('uploads and signed URLs', () => {
  test('a PDF and a photo are stored and recorded as submitted; the newest file of a kind is the current one', async () => {
    const team = await paidTeam(em(), { co_driver_name: 'Co Driver' });
    const licence = await upload(em(), {
      secret: team.secret,
      kind: 'lead_licence',
      bytes: JPEG,
      name: 'licence.jpg',
      type: 'image/jpeg',
    });
    expect(licence.status).toBe(200);
    const insurance = await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF });
    expect(insurance.status).toBe(200);
    const page = await readiness(em(), team.secret);
    expect(page?.items.map((item) => [item.kind, item.status, item.file_name])).toEqual([
      ['lead_licence', 'submitted', 'licence.jpg'],
      ['co_licence', 'missing', null],
      ['insurance', 'submitted', 'document.pdf'],
      ['mot', 'missing', null],
    ]);
    const { data: rows } = await em()
      .admin.from('team_documents')
      .select('kind, object_path, content_type, size_bytes, superseded_at')
      .eq('registration_id', team.id)
      .order('kind');
    expect(rows).toEqual([
      {
        kind: 'insurance',
        object_path: expect.stringMatching(
          new RegExp(`^${team.id}/insurance/[0-9a-f-]{36}\\.pdf$`),
        ),
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        superseded_at: null,
      },
      {
        kind: 'lead_licence',
        object_path: expect.stringMatching(/\.jpg$/),
        content_type: 'image/jpeg',
        size_bytes: JPEG.length,
        superseded_at: null,
      },
    ]);
    await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF, name: 'new.pdf' });
    const { data: insurances } = await em()
      .admin.from('team_documents')
      .select('file_name, superseded_at')
      .eq('registration_id', team.id)
      .eq('kind', 'insurance')
      .order('submitted_at');
    expect(insurances?.map((row) => [row.file_name, row.superseded_at === null])).toEqual([
      ['document.pdf', false],
      ['new.pdf', true],
    ]);
  });

  test('a scan of a few megabytes, as phones make them, goes through the function', async () => {
    const team = await paidTeam(em());
    const scan = new Uint8Array(3 * 1024 * 1024);
    scan.set(PDF);
    const answer = await upload(em(), { secret: team.secret, kind: 'insurance', bytes: scan });
    expect(answer.status).toBe(200);
    const read = await fetch((await signedUrl(em(), team.secret, 'insurance')).body.url ?? '');
    expect((await read.arrayBuffer()).byteLength).toBe(scan.length);
  });

  test('the team’s signed URL reads its file for 60 seconds; a signed URL stops working when it expires', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF, name: 'cover.pdf' });
    const signed = await signedUrl(em(), team.secret, 'insurance');
    expect(signed).toMatchObject({ status: 200, body: { expires_in: 60, file_name: 'cover.pdf' } });
    const url = signed.body.url ?? '';
    expect(url).toMatch(/\/storage\/v1\/object\/sign\/documents\/.+\?token=/);
    const token = new URL(url).searchParams.get('token') ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      url: string;
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(60);
    expect(claims.url).toMatch(new RegExp(`^documents/${team.id}/insurance/`));
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PDF);

    // The administrator's own signed URL (supabase-js), short enough to watch it expire.
    const path = claims.url.slice('documents/'.length);
    const { data, error } = await em().admin.storage.from('documents').createSignedUrl(path, 1);
    expect(error).toBeNull();
    expect((await fetch(data?.signedUrl ?? '')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(data?.signedUrl ?? '');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'jwt expired',
      code: 'InvalidJWT',
    });
  });

  test('administrators read every document through Storage, and sign several at once', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'mot', bytes: PDF });
    const { data: row } = await em()
      .admin.from('team_documents')
      .select('object_path')
      .eq('registration_id', team.id)
      .single();
    const path = row?.object_path ?? '';
    const downloaded = await em().admin.storage.from('documents').download(path);
    expect(downloaded.error).toBeNull();
    expect(new Uint8Array(await (downloaded.data as Blob).arrayBuffer())).toEqual(PDF);
    const many = await em()
      .admin.storage.from('documents')
      .createSignedUrls([path, `${team.id}/mot/missing.pdf`], 60);
    expect(many.error).toBeNull();
    expect(many.data?.map((entry) => [entry.path, entry.error, entry.signedUrl !== null])).toEqual([
      [path, null, true],
      [
        `${team.id}/mot/missing.pdf`,
        'Either the object does not exist or you do not have access to it',
        false,
      ],
    ]);
  });
});

describe('the organiser’s decisions and readiness', () => {
  test('accept the licence, reject the insurance with a reason: the team gets the reason and its link by email', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'lead_licence', bytes: PDF });
    await upload(em(), { secret: team.secret, kind: 'insurance', bytes: PDF, name: 'cover.pdf' });
    const licence = await documentId(team.secret, 'lead_licence');
    const insurance = await documentId(team.secret, 'insurance');

    expect((await decide(licence, 'accepted')).error).toBeNull();
    expect((await decide(insurance, 'rejected', '  ')).error).toMatchObject({
      code: 'PT400',
      details: 'reason',
    });
    expect((await decide(insurance, 'rejected', 'It does not cover France.')).error).toBeNull();
    expect(await inboxReadiness(team.id)).toBe('rejected');
    expect((await readiness(em(), team.secret))?.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'lead_licence', status: 'accepted' }),
        expect.objectContaining({
          kind: 'insurance',
          status: 'rejected',
          reason: 'It does not cover France.',
        }),
      ]),
    );

    await sendQueued();
    const mail = (await caughtMail(em(), team.email)).filter((m) =>
      m.subject.includes('needs replacing'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('2026 Europe Rally: your insurance certificate needs replacing');
    expect(mail[0]?.text).toContain('It does not cover France.');
    expect(mail[0]?.text).toContain('File: cover.pdf');
    const secret = new RegExp(`${SITE_URL}/my-registration/([A-Za-z0-9_-]{43})`).exec(
      mail[0]?.text ?? '',
    )?.[1];
    expect((await readiness(em(), secret ?? ''))?.reference).toBe(team.id);

    // Someone who is not an administrator decides nothing.
    const { error } = await em().visitor.rpc('decide_team_document', {
      document: insurance,
      decision: 'accepted',
    });
    expect(error?.code).toBe('42501');
  });

  test('a team becomes ready to drive when its details are complete and every document is accepted', async () => {
    const team = await paidTeam(em(), { co_driver_name: 'Co Driver' });
    expect(await inboxReadiness(team.id)).toBe('documents missing');
    expect((await saveDetails(em(), team.secret, COMPLETE_DETAILS)).error).toBeNull();
    for (const kind of ['lead_licence', 'co_licence', 'insurance', 'mot'])
      expect((await upload(em(), { secret: team.secret, kind, bytes: PDF })).status).toBe(200);
    expect(await inboxReadiness(team.id)).toBe('awaiting check');
    const { data: edition } = await em()
      .admin.from('editions')
      .select('id')
      .eq('year', 2026)
      .single();
    const before = await em().admin.rpc('edition_readiness', { edition: edition?.id ?? '' });
    for (const kind of ['lead_licence', 'co_licence', 'insurance'])
      expect((await decide(await documentId(team.secret, kind), 'accepted')).error).toBeNull();
    await decide(await documentId(team.secret, 'mot'), 'rejected', 'Blurred');
    expect(await inboxReadiness(team.id)).toBe('rejected');
    // A new upload, accepted.
    await upload(em(), { secret: team.secret, kind: 'mot', bytes: JPEG, type: 'image/jpeg' });
    expect(await inboxReadiness(team.id)).toBe('awaiting check');
    await decide(await documentId(team.secret, 'mot'), 'accepted');
    expect(await inboxReadiness(team.id)).toBe('ready to drive');
    expect(await readiness(em(), team.secret)).toMatchObject({ ready: true, missing: [] });
    const { data: ready } = await em()
      .admin.from('registrations_with_money')
      .select('id')
      .eq('readiness', 'ready to drive');
    expect(ready?.map((row) => row.id)).toContain(team.id);
    const after = await em().admin.rpc('edition_readiness', { edition: edition?.id ?? '' });
    const count = (value: unknown) => value as { ready: number; total: number };
    expect(count(after.data).ready).toBe(count(before.data).ready + 1);
    expect(count(after.data).total).toBe(count(before.data).total);
    expect(
      (await em().visitor.rpc('edition_readiness', { edition: edition?.id ?? '' })).error?.code,
    ).toBe('42501');
  });
});

describe('the documents reminders', () => {
  const reminders = async (id: string) => {
    const { data } = await em()
      .service.from('email_log')
      .select('kind')
      .eq('registration_id', id)
      .like('kind', 'documents_reminder_%')
      .order('queued_at');
    return data?.map((row) => row.kind);
  };

  test('60, 30 and 14 days before the start, each once, to a team still missing something; none to a ready team', async () => {
    const missing = await paidTeam(em());
    const ready = await paidTeam(em());
    const { lead, vehicle } = COMPLETE_DETAILS;
    await saveDetails(em(), ready.secret, { lead, vehicle });
    for (const kind of ['lead_licence', 'insurance', 'mot']) {
      await upload(em(), { secret: ready.secret, kind, bytes: PDF });
      await decide(await documentId(ready.secret, kind), 'accepted');
    }
    expect(await inboxReadiness(ready.id)).toBe('ready to drive');

    const run = async (day: string) => {
      em().emulator.setClock(day);
      const { data, error } = await em().service.rpc('due_document_reminders');
      expect(error).toBeNull();
      return data;
    };
    await run('2026-04-22'); // 61 days before
    expect(await reminders(missing.id)).toEqual([]);
    await run('2026-04-23'); // 60 days before
    await run('2026-04-24');
    await run('2026-05-23'); // 30 days before
    await run('2026-05-30');
    await run('2026-06-08'); // 14 days before
    await run('2026-06-09');
    expect(await reminders(missing.id)).toEqual([
      'documents_reminder_60',
      'documents_reminder_30',
      'documents_reminder_14',
    ]);
    expect(await reminders(ready.id)).toEqual([]);
  });

  test('the daily job sends them, listing what is missing', async () => {
    const team = await paidTeam(em());
    await upload(em(), { secret: team.secret, kind: 'lead_licence', bytes: PDF });
    const day = '2026-05-23';
    em().emulator.setClock(day);
    const { runs } = await em().emulator.runDueJobs(`${day}T08:00:00Z`);
    expect(runs.find((r) => r.jobname === 'participant-emails')?.status).toBe('succeeded');
    const mail = (await caughtMail(em(), team.email)).filter((m) =>
      m.subject.includes('documents still needed'),
    );
    expect(mail.map((m) => m.subject)).toEqual([
      '2026 Europe Rally: documents still needed, 30 days to go',
    ]);
    expect(mail[0]?.text).toContain("• Lead driver's details");
    expect(mail[0]?.text).toContain('• Insurance certificate');
    expect(mail[0]?.text).toContain('• MOT certificate');
    expect(mail[0]?.text).not.toContain("• Lead driver's driving licence");
  });
});
