// Issue 25, the co-driver kept in the loop (supabase/schemas/registrations.sql): when a co-driver email is
// given, the co-driver gets a copy of the confirmation and the service emails (receipts,
// reminders, the cancellation, the refund, the documents'), one email-log row per recipient,
// each sent once; the copy greets the co-driver and carries the co-driver's own link, never the
// lead's page. The co-driver's link opens their own section and changes only their own details.
// Through the real functions (participant-emails, submission-delivery, checkout and
// stripe-webhook with the Stripe stand-in). The database's day is pinned to 20 March 2026, 94
// days before the 2026 edition starts. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { caughtMail, setupTestEmulator } from './harness';
import { COMPLETE_DETAILS, PDF, readiness, upload } from './team-documents-support';
import { callFunction, coDriverLink, coDriverLinksIn, teamLinksIn } from './co-driver-support';
import {
  payBalance,
  payDeposit,
  payOnPage,
  register,
  setEdition,
  teamLink,
} from './team-page-support';

const DAY = '2026-03-20';
const SITE_URL = 'http://127.0.0.1:4182';
const em = setupTestEmulator({ trustTestClientAddress: true, clock: DAY, siteUrl: SITE_URL });

beforeAll(async () => {
  await setEdition(em(), { capacity: 1000 });
});

/** A registration with a co-driver of their own address. */
async function withCoDriver(changes: Record<string, unknown> = {}) {
  const coDriverEmail = `co.${randomUUID()}@example.org`;
  const team = await register(em(), {
    co_driver_name: 'Sam Co',
    co_driver_email: coDriverEmail,
    co_driver_phone: '07700 900456',
    ...changes,
  });
  return { ...team, coDriverEmail };
}

/** The registration's email log: kind, recipient, copy flag, status; oldest first. */
async function log(registration: string) {
  const { data, error } = await em()
    .service.from('email_log')
    .select('kind, recipient, co_driver_copy, status')
    .eq('registration_id', registration)
    .order('queued_at')
    .order('co_driver_copy');
  expect(error).toBeNull();
  return data ?? [];
}

const sendQueued = (only?: string) =>
  callFunction(em(), 'participant-emails', only ? { only } : {}, em().serviceKey);

async function coDriverPage(secret: string) {
  const { data, error } = await em().anon.rpc('co_driver_page', { secret });
  expect(error).toBeNull();
  return data as { co_driver_name: string; co_driver_email: string; team_name: string } | null;
}

async function teamPageOpens(secret: string): Promise<string | null> {
  const { data, error } = await em().anon.rpc('team_page', { secret });
  expect(error).toBeNull();
  return (data as { reference?: string } | null)?.reference ?? null;
}

describe('the co-driver’s copies', () => {
  test('a balance receipt: one row per recipient, the copy greets the co-driver with their own link only', async () => {
    const team = await withCoDriver();
    await payDeposit(em(), team.id);
    expect((await payBalance(em(), team.id))?.outcome).toBe('paid');
    expect(await log(team.id)).toEqual([
      { kind: 'balance_receipt', recipient: team.email, co_driver_copy: false, status: 'queued' },
      {
        kind: 'balance_receipt',
        recipient: team.coDriverEmail,
        co_driver_copy: true,
        status: 'queued',
      },
    ]);
    expect((await sendQueued('balance_receipt')).status).toBe(200);

    const [copy, ...moreCopies] = await caughtMail(em(), team.coDriverEmail);
    expect(moreCopies).toEqual([]);
    expect(copy?.subject).toMatch(/^Balance received/);
    expect(copy?.text).toContain('Dear Sam Co,');
    expect(copy?.text).toContain(
      'You receive a copy of this email because you are named as the co-driver',
    );
    expect(teamLinksIn(SITE_URL, copy?.text ?? null)).toEqual([]);
    expect(copy?.html).not.toMatch(new RegExp(`${SITE_URL}/my-registration/[A-Za-z0-9_-]{43}`));
    const [coSecret] = coDriverLinksIn(SITE_URL, copy?.text ?? null);
    expect(await coDriverPage(coSecret ?? '')).toMatchObject({
      co_driver_name: 'Sam Co',
      co_driver_email: team.coDriverEmail,
    });
    // The co-driver's link is not the team's.
    expect(await teamPageOpens(coSecret ?? '')).toBeNull();

    const [receipt] = await caughtMail(em(), team.email);
    expect(receipt?.text).toContain('Dear Lead Driver,');
    expect(coDriverLinksIn(SITE_URL, receipt?.text ?? null)).toEqual([]);
    expect(await teamPageOpens(teamLinksIn(SITE_URL, receipt?.text ?? null)[0] ?? '')).toBe(
      team.id,
    );

    // Each once: sending again sends nothing.
    await sendQueued();
    expect(await caughtMail(em(), team.coDriverEmail)).toHaveLength(1);
    expect((await log(team.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  test('balance reminders queued twice are one row per recipient; each "Send reminder now" one copy', async () => {
    await setEdition(em(), { balance_due: '2026-04-03' });
    try {
      const team = await withCoDriver();
      await payDeposit(em(), team.id);
      for (let run = 0; run < 2; run += 1) await em().service.rpc('due_balance_reminders');
      const reminders = (await log(team.id)).filter((row) => row.kind === 'balance_reminder_14');
      expect(reminders.map((row) => [row.recipient, row.co_driver_copy])).toEqual([
        [team.email, false],
        [team.coDriverEmail, true],
      ]);
      for (let click = 0; click < 2; click += 1) {
        const { error } = await em().admin.rpc('send_reminder_now', { registration: team.id });
        expect(error).toBeNull();
      }
      const manual = (await log(team.id)).filter((row) => row.kind === 'reminder_manual');
      expect(manual.filter((row) => row.co_driver_copy)).toHaveLength(2);
      expect(manual.filter((row) => !row.co_driver_copy)).toHaveLength(2);
    } finally {
      await setEdition(em(), { balance_due: null });
    }
  });

  test('no copy without a co-driver address, nor to the lead’s own address', async () => {
    const alone = await register(em());
    const same = await register(em(), { co_driver_name: 'Same Inbox' });
    await em()
      .service.from('registrations')
      .update({ co_driver_email: same.email.toUpperCase() })
      .eq('id', same.id);
    for (const team of [alone, same]) {
      await payDeposit(em(), team.id);
      await payBalance(em(), team.id);
      expect((await log(team.id)).map((row) => row.co_driver_copy)).toEqual([false]);
    }
  });

  test('the cancellation goes to the co-driver too; the organiser’s report is not copied', async () => {
    const team = await withCoDriver();
    await payDeposit(em(), team.id);
    const { error } = await em().anon.rpc('cancel_registration', {
      secret: await teamLink(em(), team.id),
    });
    expect(error).toBeNull();
    const rows = await log(team.id);
    expect(rows.filter((row) => row.co_driver_copy)).toEqual([
      {
        kind: 'cancelled_team',
        recipient: team.coDriverEmail,
        co_driver_copy: true,
        status: 'queued',
      },
    ]);
    await callFunction(em(), 'participant-emails', { only: 'cancellation' });
    const [copy] = await caughtMail(em(), team.coDriverEmail);
    expect(copy?.text).toContain('Dear Sam Co,');
  });

  test('a rejected document: the co-driver’s copy carries the document and the reason, with their own link', async () => {
    const team = await withCoDriver();
    await payDeposit(em(), team.id);
    const secret = await teamLink(em(), team.id);
    expect((await upload(em(), { secret, kind: 'insurance', bytes: PDF })).status).toBe(200);
    const insurance = (await readiness(em(), secret))?.items.find(
      (item) => item.kind === 'insurance',
    ) as { document_id?: string } | undefined;
    const { error } = await em().admin.rpc('decide_team_document', {
      document: insurance?.document_id ?? '',
      decision: 'rejected',
      reason: 'The certificate does not cover France.',
    });
    expect(error).toBeNull();
    const { data: rows } = await em()
      .service.from('email_log')
      .select('recipient, co_driver_copy, team_document_id')
      .eq('registration_id', team.id)
      .eq('kind', 'document_rejected')
      .order('co_driver_copy');
    expect(rows).toEqual([
      { recipient: team.email, co_driver_copy: false, team_document_id: insurance?.document_id },
      {
        recipient: team.coDriverEmail,
        co_driver_copy: true,
        team_document_id: insurance?.document_id,
      },
    ]);
    await sendQueued('document_rejected');
    const [copy] = await caughtMail(em(), team.coDriverEmail);
    expect(copy?.text).toContain('Dear Sam Co,');
    expect(copy?.text).toContain('The certificate does not cover France.');
    expect(teamLinksIn(SITE_URL, copy?.text ?? null)).toEqual([]);
    expect(coDriverLinksIn(SITE_URL, copy?.text ?? null)).toHaveLength(1);
  });

  test('the confirmation and the deposit receipt: the functions send the co-driver’s copy once, with their own link', async () => {
    const team = await withCoDriver();
    for (let call = 0; call < 2; call += 1) {
      const delivered = await callFunction(em(), 'submission-delivery', {
        kind: 'registration',
        id: team.id,
      });
      expect(delivered.status).toBe(200);
    }
    const [named, ...others] = await caughtMail(em(), team.coDriverEmail);
    expect(others).toEqual([]);
    expect(named?.text).toContain('You are named as the co-driver on a registration');
    expect(named?.text).not.toContain('Sam Co');
    expect(teamLinksIn(SITE_URL, named?.text ?? null)).toEqual([]);
    const [fromConfirmation] = coDriverLinksIn(SITE_URL, named?.text ?? null);
    expect(await coDriverPage(fromConfirmation ?? '')).toMatchObject({ co_driver_name: 'Sam Co' });

    const { status, json } = await callFunction(em(), 'checkout', {
      kind: 'deposit',
      reference: team.id,
    });
    expect(status).toBe(200);
    expect((await payOnPage((json() as { url: string }).url)).status).toBe(303);
    const copies = (await caughtMail(em(), team.coDriverEmail)).filter((m) =>
      m.subject.startsWith('Deposit received'),
    );
    expect(copies).toHaveLength(1);
    expect(copies[0]?.text).toContain('Dear Sam Co,');
    expect(teamLinksIn(SITE_URL, copies[0]?.text ?? null)).toEqual([]);
    expect(coDriverLinksIn(SITE_URL, copies[0]?.text ?? null)).toHaveLength(1);
    expect(
      (await log(team.id)).map((row) => [row.kind, row.recipient, row.co_driver_copy, row.status]),
    ).toEqual([
      ['confirmation', team.coDriverEmail, true, 'sent'],
      ['deposit_receipt', team.coDriverEmail, true, 'sent'],
    ]);
  });
});

describe('the co-driver’s own section', () => {
  test('changes the co-driver’s name, email and phone, audited as the participant', async () => {
    const team = await withCoDriver();
    const secret = await coDriverLink(em(), team.id);
    const { data, error } = await em().anon.rpc('update_co_driver_details', {
      secret,
      details: { co_driver_name: ' Sam Co-Driver ', co_driver_phone: '+44 7700 900789' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ co_driver_name: 'Sam Co-Driver', details_editable: true });
    const { data: row } = await em()
      .service.from('registrations')
      .select('co_driver_name, co_driver_phone, lead_driver_name')
      .eq('id', team.id)
      .single();
    expect(row).toEqual({
      co_driver_name: 'Sam Co-Driver',
      co_driver_phone: '+44 7700 900789',
      lead_driver_name: 'Lead Driver',
    });
    const { data: audit } = await em()
      .service.from('audit_log')
      .select('actor_email, changed_columns')
      .eq('row_id', team.id);
    expect(audit).toContainEqual({
      actor_email: 'participant',
      changed_columns: ['co_driver_name', 'co_driver_phone'],
    });
  });

  test('the co-driver’s date of birth, licence and emergency contact: their own row only, with the documents’ refusals', async () => {
    const team = await withCoDriver();
    const secret = await coDriverLink(em(), team.id);
    const change = (details: Record<string, unknown>) =>
      em().anon.rpc('update_co_driver_details', { secret, details: details as never });
    expect((await change({ date_of_birth: '2009-01-01' })).error).toMatchObject({
      code: 'PT400',
      details: 'coDateOfBirth',
    });
    expect((await change({ licence_expiry: '2026-06-27' })).error).toMatchObject({
      code: 'PT400',
      details: 'coLicenceExpiry',
    });
    const { data, error } = await change({ ...COMPLETE_DETAILS.co, co_driver_name: 'Sam Co' });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      driver: { ...COMPLETE_DETAILS.co, complete: true },
      licence: { kind: 'co_licence', status: 'missing' },
    });
    const { data: rows } = await em()
      .service.from('registration_drivers')
      .select('role, licence_number')
      .eq('registration_id', team.id);
    expect(rows).toEqual([{ role: 'co', licence_number: COMPLETE_DETAILS.co.licence_number }]);
  });

  test('refusals beside the field; the cut-off and a cancellation close it', async () => {
    const team = await withCoDriver();
    const secret = await coDriverLink(em(), team.id);
    const change = (details: Record<string, unknown>) =>
      em().anon.rpc('update_co_driver_details', { secret, details: details as never });
    expect((await change({ co_driver_email: 'not an email' })).error).toMatchObject({
      code: 'PT400',
      details: 'coDriverEmail',
    });
    expect((await change({ co_driver_name: '  ' })).error).toMatchObject({
      code: 'PT400',
      details: 'coDriverName',
    });
    expect((await change({ co_driver_phone: '12' })).error).toMatchObject({
      code: 'PT400',
      details: 'coDriverPhone',
    });
    em().emulator.setClock('2026-06-09');
    try {
      expect((await change({ co_driver_name: 'Late' })).error).toMatchObject({
        code: 'PT409',
        details: 'cutoff',
      });
    } finally {
      em().emulator.setClock(DAY);
    }
    await em().anon.rpc('cancel_registration', { secret: await teamLink(em(), team.id) });
    expect((await change({ co_driver_name: 'After' })).error).toMatchObject({
      code: 'PT409',
      details: 'cancelled',
    });
  });
});
