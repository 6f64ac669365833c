// The local email API behaves like Resend's (issue 34), called as the product calls it: `fetch`
// with the Bearer key, as supabase/functions/_shared/email.ts does. At Resend's default rate of 2
// requests a second: 429 rate_limit_exceeded with `retry-after` above it, the `ratelimit-*`
// headers on every answer, and a client that honours `retry-after` gets everything through.
// POST /emails/batch: 100 emails of a real mailing's size in one request, counted once; 101
// refused, a malformed email refusing the batch with Resend's error; Idempotency-Key over the
// whole batch. A body limit per route. The catcher keeps its newest 500 while the counts at
// /local/mail/stats say every email was delivered once.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  EMAIL_BATCH_BODY_LIMIT,
  EMAIL_BODY_LIMIT,
  type EmailApiStats,
  MAIL_KEPT,
  type MailMessage,
} from '../../supabase/emulator';
import { caughtMail, http, setupTestEmulator } from './harness';

const em = setupTestEmulator({ emailApiRateLimit: 2 });

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** When the last answer of the API arrived (after the server admitted its request). */
let lastAnswerAt = 0;

/** One call of the email API as the product makes it. */
async function call(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const response = await fetch(`${em().url}/local/mail/api${path}`, {
    method: init.method ?? 'POST',
    headers: {
      authorization: `Bearer ${em().emulator.config.emailApiKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  lastAnswerAt = performance.now();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client that honours `retry-after`: on a 429 it waits as long as it is told, then again. */
async function callPatiently(path: string, init: Parameters<typeof call>[1]): Promise<Answer> {
  for (;;) {
    const answer = await call(path, init);
    if (answer.status !== 429) return answer;
    await sleep(Number(answer.headers.get('retry-after')) * 1000);
  }
}

/** Waits until a second has passed since the last answer: the window is empty again. */
async function freshWindow(): Promise<void> {
  await sleep(Math.max(0, lastAnswerAt + 1000 - performance.now()));
}

const FROM = 'Europe Rally <hello@europerally.example>';
const email = (to: string, subject = 'News from the rally') => ({
  from: FROM,
  to: [to],
  subject,
  html: `<p>Hello ${to}</p>`,
  text: `Hello ${to}`,
});
const address = (name: string) => `${name}.${randomUUID()}@example.org`;

async function stats(method = 'GET'): Promise<EmailApiStats> {
  const res = await http(em(), '/local/mail/stats', { method, key: em().serviceKey });
  expect(res.status).toBe(200);
  return res.json() as EmailApiStats;
}

const rateHeaders = (answer: Answer) => ({
  limit: answer.headers.get('ratelimit-limit'),
  remaining: answer.headers.get('ratelimit-remaining'),
  reset: answer.headers.get('ratelimit-reset'),
  retryAfter: answer.headers.get('retry-after'),
});

describe('the rate limit, 2 requests a second as Resend', () => {
  test('answers the third request of a second 429 rate_limit_exceeded, with its headers', async () => {
    await freshWindow();
    const to = [address('burst'), address('burst'), address('burst')];
    const answers = await Promise.all(
      to.map((recipient) => call('/emails', { body: email(recipient) })),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted).toHaveLength(2);
    expect(
      accepted.map(rateHeaders).sort((a, b) => Number(b.remaining) - Number(a.remaining)),
    ).toEqual([
      { limit: '2', remaining: '1', reset: '1', retryAfter: null },
      { limit: '2', remaining: '0', reset: '1', retryAfter: null },
    ]);
    expect(refused).toHaveLength(1);
    const [tooMany] = refused as [Answer];
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toEqual({
      statusCode: 429,
      name: 'rate_limit_exceeded',
      message: 'Too many requests. Please limit the number of requests per second.',
    });
    expect(rateHeaders(tooMany)).toEqual({
      limit: '2',
      remaining: '0',
      reset: '1',
      retryAfter: '1',
    });
    // The refused email went nowhere; the two others once each.
    const caught = await Promise.all(to.map((recipient) => caughtMail(em(), recipient)));
    expect(caught.map((mail) => mail.length).sort()).toEqual([0, 1, 1]);

    // Waiting what retry-after says finds the whole allowance again.
    await sleep(Number(tooMany.headers.get('retry-after')) * 1000);
    const after = await call('/emails', { body: email(address('after')) });
    expect(rateHeaders(after)).toEqual({
      limit: '2',
      remaining: '1',
      reset: '1',
      retryAfter: null,
    });
  });

  test('counts every call with the key, and every answer says where the caller stands', async () => {
    await freshWindow();
    const unknown = await call('/emails/00000000-0000-0000-0000-000000000000', { method: 'GET' });
    expect(unknown.status).toBe(404);
    expect(rateHeaders(unknown)).toMatchObject({ limit: '2', remaining: '1' });
    const invalid = await call('/emails', { body: { ...email(address('bad')), to: 'nobody' } });
    expect(invalid.status).toBe(422);
    expect(rateHeaders(invalid)).toMatchObject({ limit: '2', remaining: '0' });
    expect((await call('/emails', { body: email(address('third')) })).status).toBe(429);
    // Without the key nobody is counted, as Resend counts per team.
    const keyless = await fetch(`${em().url}/local/mail/api/emails`, {
      method: 'POST',
      body: JSON.stringify(email(address('keyless'))),
    });
    expect(keyless.status).toBe(401);
    expect(keyless.headers.get('ratelimit-limit')).toBeNull();
  });

  test('lets a client that honours retry-after send a burst of 10, at 2 a second', async () => {
    await freshWindow();
    const to = Array.from({ length: 10 }, () => address('patient'));
    const started = performance.now();
    const answers = await Promise.all(
      to.map((recipient) => callPatiently('/emails', { body: email(recipient) })),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // No second holds more than 2: the 9th and 10th went at least 4 seconds after the first.
    expect(seconds).toBeGreaterThanOrEqual(4);
    for (const recipient of to) expect(await caughtMail(em(), recipient)).toHaveLength(1);
  });
});

/** 100 KiB of HTML such as a mailing renders (attributes quoted, so JSON escapes them), per person. */
function realMailing(to: string) {
  const paragraph =
    '<tr><td style="padding:16px 24px;font-family:Helvetica,Arial,sans-serif;color:#0f172a"><p style="margin:0 0 12px">The route through the Alps is ready. <a href="https://europerally.example/news/route" style="color:#1d4ed8">Read more</a></p></td></tr>\n';
  const html = `<!DOCTYPE html><html lang="en"><body><table role="presentation" width="100%">${paragraph.repeat(Math.ceil((100 * 1024) / paragraph.length))}<tr><td>Sent to ${to}</td></tr></table></body></html>`;
  const text = `The route through the Alps is ready.\n`.repeat(600) + `Sent to ${to}`;
  return { from: FROM, to: [to], subject: 'The route is ready', html, text };
}

describe('POST /emails/batch', () => {
  test('takes 100 emails of a real mailing in one request, counted once, each caught alone', async () => {
    await freshWindow();
    const to = Array.from({ length: 100 }, () => address('reader'));
    const body = JSON.stringify(to.map(realMailing));
    expect(Buffer.byteLength(body)).toBeGreaterThan(10 * 1024 * 1024);
    const answer = await call('/emails/batch', { raw: body });
    expect(answer.status).toBe(200);
    expect(rateHeaders(answer)).toMatchObject({ limit: '2', remaining: '1' });
    const { data } = answer.body as { data: { id: string }[] };
    expect(data).toHaveLength(100);
    expect(new Set(data.map((item) => item.id)).size).toBe(100);
    // Each email lands as a message of its own, the answer's ids in the request's order.
    const caught = await Promise.all(to.map((recipient) => caughtMail(em(), recipient)));
    expect(caught.map((mail) => mail.map((message) => message.id))).toEqual(
      data.map((item) => [item.id]),
    );
    expect((caught[7] as MailMessage[])[0]?.html).toBe(realMailing(to[7] as string).html);
  });

  test('refuses 101 emails, none, and a body that is not an array; nothing is delivered', async () => {
    const before = await stats();
    const to = Array.from({ length: 101 }, () => address('over'));
    const tooMany = await callPatiently('/emails/batch', {
      body: to.map((recipient) => email(recipient)),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect((tooMany.body as { message: string }).message).toMatch(/between 1 and 100 emails/);
    expect(tooMany.headers.get('ratelimit-limit')).toBe('2');
    const none = await callPatiently('/emails/batch', { body: [] });
    expect(none.status).toBe(422);
    const notArray = await callPatiently('/emails/batch', { body: email(address('object')) });
    expect(notArray.body).toEqual({
      statusCode: 422,
      name: 'validation_error',
      message: 'The `request.body` field must be an `array`.',
    });
    expect((await stats()).emails.delivered).toBe(before.emails.delivered);
    expect(await caughtMail(em(), to[0] as string)).toEqual([]);
  });

  test('refuses the whole batch for one malformed email, with the error POST /emails gives it', async () => {
    const to = [address('first'), address('second'), address('third')];
    const malformed = { ...email(to[1] as string), to: undefined };
    const batch = [email(to[0] as string), malformed, email(to[2] as string)];
    const refused = await callPatiently('/emails/batch', { body: batch });
    const alone = await callPatiently('/emails', { body: malformed });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      statusCode: 422,
      name: 'missing_required_field',
      message: 'Missing `to` field.',
    });
    expect(alone.body).toEqual(refused.body);
    const badAddress = await callPatiently('/emails/batch', {
      body: [email(to[0] as string), { ...email(to[2] as string), cc: 'not an address' }],
    });
    expect(badAddress.body).toMatchObject({ statusCode: 422, name: 'validation_error' });
    // What Resend documents as unsupported in a batch is refused, never silently dropped.
    const attachment = await callPatiently('/emails/batch', {
      body: [{ ...email(to[0] as string), attachments: [{ filename: 'a.pdf', content: 'JVBE' }] }],
    });
    expect(attachment.status).toBe(422);
    expect((attachment.body as { message: string }).message).toMatch(/`attachments`/);
    for (const recipient of to) expect(await caughtMail(em(), recipient)).toEqual([]);
  });

  test('with x-batch-validation: permissive, delivers the valid ones and names the others', async () => {
    const to = [address('valid'), address('invalid'), address('valid')];
    const answer = await callPatiently('/emails/batch', {
      headers: { 'x-batch-validation': 'permissive' },
      body: [email(to[0] as string), { ...email(to[1] as string), to: [] }, email(to[2] as string)],
    });
    expect(answer.status).toBe(200);
    const { data, errors } = answer.body as { data: { id: string }[]; errors: unknown[] };
    expect(data).toHaveLength(2);
    expect(errors).toEqual([{ index: 1, message: 'Missing `to` field.' }]);
    expect((await caughtMail(em(), to[2] as string)).map((m) => m.id)).toEqual([data[1]?.id]);
    expect(await caughtMail(em(), to[1] as string)).toEqual([]);
  });

  test('honours Idempotency-Key for the whole batch: a repeat delivers nothing', async () => {
    const before = await stats();
    const to = Array.from({ length: 5 }, () => address('once'));
    const key = `mailing-batch/${randomUUID()}`;
    const batch = to.map((recipient) => email(recipient));
    const send = (body: unknown, path = '/emails/batch') =>
      callPatiently(path, { body, headers: { 'idempotency-key': key } });
    const first = await send(batch);
    const repeat = await send(batch);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    for (const recipient of to) expect(await caughtMail(em(), recipient)).toHaveLength(1);
    const after = await stats();
    expect(after.emails.accepted - before.emails.accepted).toBe(10);
    expect(after.emails.delivered - before.emails.delivered).toBe(5);

    const changed = await send(batch.slice(1));
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      statusCode: 409,
      name: 'invalid_idempotent_request',
      message:
        'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
    });
    // The batch's key is not a single email's, even for the same bytes.
    expect((await send(batch, '/emails')).status).toBe(409);
    expect((await stats()).emails.delivered).toBe(after.emails.delivered);
  });
});

describe('body limits per route', () => {
  test('a batch may be far larger than POST /emails takes; each is refused past its own', async () => {
    const large = (characters: number) => ({
      ...email(address('large')),
      html: 'x'.repeat(characters),
    });
    const single = await call('/emails', { body: large(EMAIL_BODY_LIMIT) });
    expect(single.status).toBe(413);
    expect(single.body).toMatchObject({ statusCode: 413, name: 'request_too_large' });
    const batch = await call('/emails/batch', { body: [large(EMAIL_BATCH_BODY_LIMIT)] });
    expect(batch.status).toBe(413);
    expect(batch.body).toMatchObject({ statusCode: 413, name: 'request_too_large' });
    // Between the two: refused alone, taken in a batch.
    const middle = large(2 * EMAIL_BODY_LIMIT);
    expect((await callPatiently('/emails', { body: middle })).status).toBe(413);
    expect((await callPatiently('/emails/batch', { body: [middle] })).status).toBe(200);
  });
});

describe('the catcher and the counts', () => {
  test('the catcher shows its newest 500; the counts show all 600 delivered, once each', async () => {
    const reset = await stats('DELETE');
    expect(reset).toMatchObject({
      requests: { total: 0, rate_limited: 0 },
      emails: { accepted: 0, delivered: 0 },
      recipients: { distinct: 0, repeated: 0 },
    });
    const to = Array.from({ length: 600 }, (_, i) => address(`kept-${i}`));
    const batches = Array.from({ length: 6 }, (_, b) =>
      to.slice(b * 100, b * 100 + 100).map((recipient) => email(recipient)),
    );
    const keys = batches.map(() => randomUUID());
    for (const [b, batch] of batches.entries()) {
      const sent = await callPatiently('/emails/batch', {
        body: batch,
        headers: { 'idempotency-key': keys[b] as string },
      });
      expect(sent.status).toBe(200);
    }
    const caught = await http(em(), '/local/mail/messages', { key: em().serviceKey });
    const messages = caught.json() as MailMessage[];
    expect(messages).toHaveLength(MAIL_KEPT);
    expect(messages[0]?.to).toEqual([to[599]]);
    expect(messages.at(-1)?.to).toEqual([to[100]]);
    expect(await caughtMail(em(), to[99] as string)).toEqual([]);

    const counted = await stats();
    expect(counted.emails).toEqual({ accepted: 600, delivered: 600 });
    expect(counted.recipients).toEqual({ distinct: 600, repeated: 0 });
    expect(counted.requests.total - counted.requests.rate_limited).toBe(6);

    // A batch sent again under its key is answered, not delivered; another email to someone
    // already reached is a repeat.
    await callPatiently('/emails/batch', {
      body: batches[0],
      headers: { 'idempotency-key': keys[0] as string },
    });
    await callPatiently('/emails', { body: email(to[0] as string, 'A second email') });
    expect(await stats()).toMatchObject({
      emails: { accepted: 701, delivered: 601 },
      recipients: { distinct: 600, repeated: 1 },
    });
  });

  test('are read and reset with the service key only', async () => {
    for (const init of [
      { key: em().anonKey },
      { key: em().anonKey, headers: { origin: 'http://localhost:5173' } },
    ]) {
      expect((await http(em(), '/local/mail/stats', init)).status).toBe(403);
      expect((await http(em(), '/local/mail/stats', { ...init, method: 'DELETE' })).status).toBe(
        403,
      );
    }
  });
});
