// Hostile input against the mailings (issue 26, supabase/schemas/mailings.sql, the `mailings`
// function): a visitor or a signed-in non-administrator can neither write, read, count, start nor
// send a mailing, through the tables, the functions or the Edge Function; the database refuses a
// subject that is empty, too long or more than one header line, a message with no text, and one
// carrying scripts, event handlers, script URLs or frames (the sender cannot sanitise it); a
// subject with markup reaches the inbox as text. Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { callFunction } from './co-driver-support';
import { caughtMail, setupTestEmulator } from './harness';
import { mailingsSupport } from './mailings-support';
import { register } from './team-page-support';

const em = setupTestEmulator({ trustTestClientAddress: true });
const { currentEdition, draft, batch, sendAll, recipients } = mailingsSupport(em);

describe('only administrators write, read, count and send mailings', () => {
  let mailing = '';
  beforeAll(async () => {
    await register(em());
    mailing = await draft('teams', { subject: `Hostile ${randomUUID()}` });
    expect((await em().admin.rpc('send_mailing', { mailing })).error).toBeNull();
  });

  test.each(['anon', 'visitor'] as const)(
    '%s: the function refuses and sends nothing',
    async (who) => {
      const token =
        who === 'anon'
          ? em().anonKey
          : ((await em().visitor.auth.getSession()).data.session?.access_token ?? '');
      const answer = await batch(mailing, token);
      expect(answer.status).toBe(403);
      const test = await callFunction(em(), 'mailings', { mailing, test: true }, token);
      expect(test.status).toBe(403);
      const rows = [...(await recipients(mailing)).values()];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.status === 'queued' && row.attempts === 0)).toBe(true);
    },
  );

  test.each(['anon', 'visitor'] as const)('%s: the tables and functions refuse', async (who) => {
    const client = em()[who];
    const write = await client
      .from('mailings')
      .insert({ audience: 'subscribers', subject: 'Spam', body: '<p>Buy</p>' } as never);
    expect(write.error?.code).toBe('42501');
    const read = await client.from('mailing_recipients').select('email').eq('mailing_id', mailing);
    expect(read.data ?? []).toHaveLength(0);
    const count = await client.rpc('mailing_recipient_count', {
      audience: 'teams',
      edition: await currentEdition(),
    });
    expect(count.error?.code).toBe('42501');
    const claim = await client.rpc('claim_mailing_batch', { mailing, size: 500 });
    expect(claim.error?.code).toBe('42501');
  });

  test('the function refuses a mailing that is not an id', async () => {
    const answer = await batch('1; drop table public.mailings');
    expect(answer.status).toBe(400);
  });
});

describe('the database checks what the screen checks', () => {
  test.each([
    ['an empty subject', { subject: '   ' }],
    ['a subject over 200 characters', { subject: 'x'.repeat(201) }],
    ['a second header line in the subject', { subject: 'Hello\r\nBcc: everyone@example.org' }],
    ['a message with no text', { body: '<p><br></p>' }],
    ['a message of spaces', { body: '<p>&nbsp; </p>' }],
    ['a team audience with no edition', { audience: 'teams' }],
    ['a script in the message', { body: '<p>Hi</p><script>alert(1)</script>' }],
    ['an event handler in the message', { body: '<p>Hi <img src="x.png" onerror="alert(1)"></p>' }],
    ['a script URL in the message', { body: '<p><a href=" JavaScript:alert(1)">Hi</a></p>' }],
    ['an embedded frame in the message', { body: '<p>Hi</p><IFRAME src="https://x.example">' }],
  ])('%s is refused', async (_, changes) => {
    const { error } = await em()
      .admin.from('mailings')
      .insert({
        audience: 'subscribers',
        edition_id: null,
        subject: 'Fine',
        body: '<p>Fine</p>',
        ...changes,
      } as never);
    expect(error?.code).toBe('23514');
  });

  test('markup in the subject reaches the inbox as text, on one line', async () => {
    const team = await register(em());
    await em()
      .service.from('registrations')
      .update({ status: 'cancelled' } as never)
      .neq('id', team.id);
    const subject = `<script>alert(1)</script><img src=x onerror=alert(2)> ${randomUUID()}`;
    const mailing = await draft('teams', { subject });
    await em().admin.rpc('send_mailing', { mailing });
    await sendAll(mailing);
    const [mail] = await caughtMail(em(), team.email);
    expect(mail?.subject).toBe(subject);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).toContain('&lt;script&gt;');
  });
});
