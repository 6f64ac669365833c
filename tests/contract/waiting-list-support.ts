// What the waiting list's contract tests share (waiting-list.test.ts, hostile-waiting-list.test.ts):
// the edition made full with paid teams, the waiting list's form from a network of its own, an
// entry as stored, and an offer's secret as the email's claim mints it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { WAITING_LIST_CONSENT } from '../../src/config/consent';
import { TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import type { TestEmulator } from './harness';
import { payDeposit, register, setEdition, teamLink } from './team-page-support';

export type Entry = {
  email: string;
  status: string;
  offered_at: string | null;
  offer_expires_at: string | null;
  registration_id: string | null;
};

let networks = 0;

/** The helpers, on the file's emulator. */
export function waitingListSupport(em: () => TestEmulator) {
  async function sql<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await em().emulator.db.query<Row>(text, params)).rows;
  }

  /**
   * Each test starts from an empty queue and no unpaid hold: what earlier tests left cannot take
   * or free a place under it.
   */
  async function startAfresh() {
    em().emulator.setNow(null);
    await sql(
      `update public.waiting_list_entries set status = 'withdrawn' where status in ('waiting', 'offered')`,
    );
    await sql(
      `update public.registrations set status = 'cancelled'
         where status <> 'cancelled' and deposit_status <> 'paid'`,
    );
  }

  async function places() {
    const { data, error } = await em().anon.rpc('rally_places').single();
    expect(error).toBeNull();
    return data as { capacity: number; taken: number; remaining: number };
  }

  /** Paid teams (with their secrets), then the edition's capacity set to the places taken: full. */
  async function fullWith(paidTeams: number) {
    await setEdition(em(), { capacity: (await places()).taken + paidTeams });
    const teams = [];
    for (let i = 0; i < paidTeams; i += 1) {
      const team = await register(em());
      await payDeposit(em(), team.id);
      teams.push({ ...team, secret: await teamLink(em(), team.id) });
    }
    await setEdition(em(), { capacity: (await places()).taken });
    expect((await places()).remaining).toBe(0);
    return teams;
  }

  /** The waiting list's form, from a network of its own; answers the call's outcome and the address. */
  async function join(changes: Record<string, unknown> = {}) {
    networks += 1;
    const email = `waiting.${randomUUID()}@example.org`;
    const answer = await em()
      .anon.rpc('join_waiting_list', {
        name: 'Wendy Waiter',
        email,
        phone: '07700 900456',
        consent_version: WAITING_LIST_CONSENT.version,
        ...changes,
      })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.18.${networks >> 8}.${networks & 255}`);
    return { ...answer, email: typeof changes.email === 'string' ? changes.email : email };
  }

  async function joined(count: number) {
    const people = [];
    for (let i = 0; i < count; i += 1) {
      const person = await join();
      expect(person.error).toBeNull();
      people.push(person);
    }
    return people;
  }

  async function entry(email: string): Promise<Entry | undefined> {
    const rows = await sql<Entry>(
      `select email, status, offered_at::text, offer_expires_at::text, registration_id
       from public.waiting_list_entries where email = $1 order by created_at desc limit 1`,
      [email],
    );
    return rows[0];
  }
  const statusOf = async (email: string) => (await entry(email))?.status;

  /** The offer's secret, as the email's claim mints it (the function does the same). */
  async function offerSecret(email: string): Promise<string> {
    const [queued] = await sql<{ id: string }>(
      `select id from public.email_log where kind = 'waiting_list_offer' and recipient = $1
         and status = 'queued'`,
      [email],
    );
    expect(queued).toBeDefined();
    const { data, error } = await em().service.rpc('claim_registration_email', {
      email_id: queued?.id ?? '',
    });
    expect(error).toBeNull();
    const secret = (data as { offer_secret: string | null } | null)?.offer_secret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return secret;
  }

  async function registerWithOffer(secret: string, email = `offer.${randomUUID()}@example.org`) {
    return em()
      .anon.rpc('submit_registration', {
        lead_driver_name: 'Wendy Waiter',
        lead_driver_email: email,
        lead_driver_phone: '07700 900456',
        accept_terms: true,
        waiting_list_offer: secret,
      })
      .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.17.0.${(networks += 1) & 255}`);
  }

  const handOut = () => em().service.rpc('hand_out_waiting_list_places');

  return {
    sql,
    startAfresh,
    places,
    fullWith,
    join,
    joined,
    entry,
    statusOf,
    offerSecret,
    registerWithOffer,
    handOut,
  };
}
