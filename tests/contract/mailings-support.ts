// What the mailings' contract tests share (mailings.test.ts, hostile-mailings.test.ts): a mailing
// written as the screen writes it, sent as the screen sends it (send_mailing, then the `mailings`
// function batch after batch), and the catcher's mail counted per address.
import { expect } from 'vitest';
import { callFunction } from './co-driver-support';
import { caughtMail, type Client, type TestEmulator } from './harness';

export type Audience =
  | 'subscribers'
  | 'teams'
  | 'teams-deposit-paid'
  | 'teams-balance-due'
  | 'teams-paid-in-full'
  | 'waiting-list';

/** The helpers, on the file's emulator. */
export function mailingsSupport(em: () => TestEmulator) {
  async function currentEdition(): Promise<string> {
    const { data } = await em()
      .service.from('editions')
      .select('id')
      .eq('is_current', true)
      .single();
    return data?.id ?? '';
  }

  /** A draft written by the administrator; answers its id. */
  async function draft(
    audience: Audience,
    changes: Record<string, unknown> = {},
    client: Client = em().admin,
  ): Promise<string> {
    const edition = audience === 'subscribers' ? null : await currentEdition();
    const { data, error } = await client
      .from('mailings')
      .insert({
        audience,
        edition_id: edition,
        subject: 'News from the rally',
        body: '<p>Hello <strong>everyone</strong></p>',
        ...changes,
      } as never)
      .select('id')
      .single();
    expect(error).toBeNull();
    return (data as { id: string } | null)?.id ?? '';
  }

  /** The administrator's token, as the screen sends it to the function. */
  async function adminToken(): Promise<string> {
    const { data } = await em().admin.auth.getSession();
    return data.session?.access_token ?? '';
  }

  /** One call of the function: one batch. */
  async function batch(mailing: string, token?: string) {
    const answer = await callFunction(em(), 'mailings', { mailing }, token ?? (await adminToken()));
    return {
      status: answer.status,
      body: answer.json() as { sent: number; failed: number; remaining: number; error?: string },
    };
  }

  /** Batches until nothing remains, as the screen's progress does; answers the totals. */
  async function sendAll(mailing: string) {
    const totals = { sent: 0, failed: 0, batches: 0 };
    for (;;) {
      const { status, body } = await batch(mailing);
      expect(status).toBe(200);
      totals.sent += body.sent;
      totals.failed += body.failed;
      totals.batches += 1;
      if (body.remaining === 0) return totals;
    }
  }

  /** The recipients' rows, by address. */
  async function recipients(mailing: string) {
    const { data } = await em()
      .service.from('mailing_recipients')
      .select('id, email, name, status, error, attempts, registration_id, waiting_list_entry_id')
      .eq('mailing_id', mailing);
    return new Map((data ?? []).map((row) => [row.email, row]));
  }

  /** How many emails with this subject the catcher holds for each address. */
  async function caughtPerAddress(addresses: string[], subject: string) {
    const counts: Record<string, number> = {};
    for (const address of addresses)
      counts[address] = (await caughtMail(em(), address)).filter(
        (mail) => mail.subject === subject,
      ).length;
    return counts;
  }

  return {
    currentEdition,
    draft,
    adminToken,
    batch,
    sendAll,
    recipients,
    caughtPerAddress,
  };
}
