// The local mail catcher: the Resend-compatible API Edge Functions send through, the JSON API
// tests read, and the inbox page people read, with who may read and clear them.
import { get } from 'node:http';
import { describe, expect, test } from 'vitest';
import type { MailMessage } from '../../supabase/emulator';
import { caughtMail, http, setupTestEmulator } from './harness';

const em = setupTestEmulator();

const KEY = 're_local_mail_catcher';

async function sendEmail(body: unknown, key: string | null = KEY) {
  return http(em(), '/local/mail/api/emails', {
    method: 'POST',
    key: '',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const receipt = {
  from: '2026 Europe Rally <hello@europerally.example>',
  to: ['sarah@example.com'],
  subject: 'Your deposit is paid',
  html: '<p>Thank you, <strong>Sarah</strong>.</p>',
  text: 'Thank you, Sarah.',
  reply_to: 'team@europerally.example',
  headers: { 'X-Entity-Ref-ID': 'registration-42' },
  tags: [{ name: 'category', value: 'receipt' }],
};

describe('the email API (Resend-compatible)', () => {
  test('catches a message and answers its id; the JSON API returns it newest first', async () => {
    const first = await sendEmail(receipt);
    expect(first.status).toBe(200);
    const second = await sendEmail({ ...receipt, subject: 'Your rally pack' });
    const { id } = second.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await caughtMail(em(), 'Sarah@Example.com');
    expect(mail.map((m) => m.subject)).toEqual(['Your rally pack', 'Your deposit is paid']);
    expect(mail[0]).toMatchObject({
      id,
      from: receipt.from,
      to: ['sarah@example.com'],
      reply_to: ['team@europerally.example'],
      html: receipt.html,
      text: receipt.text,
      headers: receipt.headers,
      tags: receipt.tags,
      sent_by: 'email-api',
    });
    const retrieved = await http(em(), `/local/mail/api/emails/${id}`, {
      key: '',
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(retrieved.json()).toMatchObject({ object: 'email', id, subject: 'Your rally pack' });
  });

  test("refuses a missing or wrong key and bad fields with Resend's errors", async () => {
    const missing = await sendEmail(receipt, null);
    expect(missing.status).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    const wrong = await sendEmail(receipt, 're_wrong');
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toMatchObject({ name: 'invalid_api_key' });
    const noTo = await sendEmail({ ...receipt, to: [] });
    expect(noTo.status).toBe(422);
    expect(noTo.json()).toMatchObject({
      name: 'missing_required_field',
      message: 'Missing `to` field.',
    });
    const badTo = await sendEmail({ ...receipt, to: 'not an address' });
    expect(badTo.status).toBe(422);
    expect(badTo.json()).toMatchObject({ name: 'validation_error' });
    const noBody = await sendEmail({ ...receipt, html: undefined, text: undefined });
    expect(noBody.status).toBe(422);
  });
});

describe('reading and clearing the caught mail', () => {
  test('needs the service key or a loopback origin', async () => {
    await sendEmail({ ...receipt, to: 'reader@example.com' });
    const path = '/local/mail/messages?to=reader%40example.com';
    expect((await http(em(), path)).status).toBe(403);
    const foreign = await http(em(), path, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('reader@example.com');
    const local = await http(em(), path, { headers: { origin: 'http://localhost:5173' } });
    expect(local.status).toBe(200);
    expect((local.json() as MailMessage[]).length).toBe(1);
    const wipe = await http(em(), '/local/mail/messages', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(wipe.status).toBe(403);
    expect(await caughtMail(em(), 'reader@example.com')).toHaveLength(1);
  });

  test('clears one recipient’s messages and keeps the others', async () => {
    await sendEmail({ ...receipt, to: 'keep@example.com' });
    await sendEmail({ ...receipt, to: 'drop@example.com' });
    const cleared = await http(em(), '/local/mail/messages?to=drop%40example.com', {
      method: 'DELETE',
      key: em().serviceKey,
    });
    expect(cleared.json()).toEqual({ deleted: 1 });
    expect(await caughtMail(em(), 'drop@example.com')).toEqual([]);
    expect(await caughtMail(em(), 'keep@example.com')).toHaveLength(1);
  });
});

/** What a browser sends opening a URL (fetch() would replace Sec-Fetch-Mode with its own). */
function navigate(
  path: string,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${em().url}${path}`,
      { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([k, v]) => [k, String(v)]),
            ),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

describe('the inbox page', () => {
  test('lists the emails for a browser, escaped, each HTML part in a sandboxed frame', async () => {
    await sendEmail({
      ...receipt,
      to: 'page@example.com',
      subject: 'Hello <script>alert(1)</script>',
      html: '<p>Body <a href="https://example.com/pay">pay</a></p>',
    });
    const page = await navigate('/local/mail?to=page%40example.com');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.text).not.toContain('<script>');
    // The sender's own headers beside the addresses, and the text part under the HTML.
    expect(page.text).toContain('<dt>X-Entity-Ref-ID</dt><dd>registration-42</dd>');
    expect(page.text).toContain('<summary>Text part</summary><pre>Thank you, Sarah.</pre>');
    const frameSrc =
      /<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" src="([^"]+)"/.exec(
        page.text,
      )?.[1];
    expect(frameSrc).toMatch(/^\/local\/mail\/messages\/[0-9a-f-]{36}\/html$/);
    const frame = await navigate(frameSrc ?? '');
    expect(frame.headers['content-security-policy']).toMatch(/^sandbox allow-popups/);
    expect(frame.text).toBe(
      '<!doctype html><base target="_blank"><p>Body <a href="https://example.com/pay">pay</a></p>',
    );
    // A script on another site cannot fetch it: no navigation, no key, no loopback origin.
    expect((await http(em(), '/local/mail', { key: '' })).status).toBe(403);
  });
});
