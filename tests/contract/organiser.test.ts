// The organiser's side (issue 11) against the emulator with the real supabase-js: who may read
// and write the inboxes (anonymous, signed-in non-admin, admin), the public submit functions and
// their refusals, places counted under a lock (two visitors racing for the last place), the
// delivery function (webhook copy, confirmation email, failures recorded, retries) and the Stripe
// webhook (signature, idempotency, receipt). Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_WEBHOOK_SECRET, TEST_CLIENT_ADDRESS_HEADER } from '../../supabase/emulator';
import { checkoutCompletedEvent, stripeSignature } from '../support/stripe-events';
import { EDITION_DEFAULTS } from '../../src/config/site-defaults';
import { phone as phoneRule } from '../../src/lib/field-rules';
import { arrangeRow, caughtMail, http, setupTestEmulator, type Client } from './harness';
import { NEWSLETTER_CONSENT } from '../../src/config/consent';

const em = setupTestEmulator({ trustTestClientAddress: true });

/** The seed's edition (2026) and its deposit in pence, current until the last tests. */
const DEPOSIT = EDITION_DEFAULTS.deposit;

type Caller = 'anon' | 'visitor' | 'admin';
const CALLERS: Caller[] = ['anon', 'visitor', 'admin'];
const client = (caller: Caller): Client => em()[caller];

let counter = 0;
/** A distinct address per submission: the rate limit counts per address. */
const address = (name: string) => `${name}.${Date.now()}.${counter++}@example.org`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    lead_driver_name: 'Zoë O’Brien, Jr.',
    lead_driver_email: address('lead'),
    lead_driver_phone: '+44 (0)20 7946-0958',
    accept_terms: true,
    team_name: 'The <b>Bold</b> Team',
    vehicle_make: 'Land Rover',
    ...overrides,
  };
}

let networks = 0;
/**
 * A registration from a network of its own (198.18.0.0/15, for tests), through the test
 * emulator's trusted client-address header: since issue 20 only a network's first registration in
 * an hour holds a place, and every request of this file would otherwise come from 127.0.0.1.
 */
function submitFromOwnNetwork(input: ReturnType<typeof registration>) {
  networks += 1;
  return em()
    .anon.rpc('submit_registration', input)
    .setHeader(TEST_CLIENT_ADDRESS_HEADER, `198.18.${networks >> 8}.${networks & 255}`);
}

/** The current edition's capacity (public.editions). */
async function setCapacity(value: number) {
  const { error } = await em()
    .service.from('editions')
    .update({ capacity: value })
    .eq('is_current', true);
  expect(error).toBeNull();
}

async function places() {
  const { data, error } = await em().anon.rpc('rally_places').single();
  expect(error).toBeNull();
  return data as { capacity: number; taken: number; remaining: number };
}

async function row(table: 'registrations' | 'sponsorship_enquiries', id: string) {
  const { data } = await em().service.from(table).select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

const INBOXES = ['registrations', 'sponsorship_enquiries', 'newsletter_subscribers'] as const;
const ARRANGED: Record<(typeof INBOXES)[number], () => Record<string, unknown>> = {
  registrations: () => ({
    lead_driver_name: 'Arranged',
    lead_driver_email: address('arranged'),
    lead_driver_phone: '01234 567890',
  }),
  sponsorship_enquiries: () => ({
    company_name: 'Arranged Ltd',
    email: address('sponsor'),
    phone: '01234 567890',
    tier: 'Tier 2 - £2,100',
    message: 'Hello',
  }),
  newsletter_subscribers: () => ({ email: address('sub') }),
};

describe.each(INBOXES)(
  '%s: only administrators read, change and delete; nobody inserts',
  (table) => {
    let id = '';
    beforeAll(async () => {
      id = await arrangeRow(em(), table, ARRANGED[table]());
    });

    test.each(CALLERS)('%s reads', async (caller) => {
      const { data, error } = await client(caller).from(table).select('id').eq('id', id);
      if (caller === 'anon') expect(error?.code).toBe('42501');
      else expect(data?.length ?? 0).toBe(caller === 'admin' ? 1 : 0);
    });

    test.each(CALLERS)('%s changes the status and note', async (caller) => {
      const status = table === 'newsletter_subscribers' ? 'unsubscribed' : 'contacted';
      await client(caller)
        .from(table)
        .update({ status, note: `by ${caller}` })
        .eq('id', id);
      const { data } = await em().service.from(table).select('note').eq('id', id).single();
      expect((data as { note: string }).note === `by ${caller}`).toBe(caller === 'admin');
    });

    test.each(CALLERS)('%s cannot change anything else', async (caller) => {
      const { error } = await client(caller)
        .from(table)
        .update({ created_at: '2000-01-01T00:00:00Z' })
        .eq('id', id);
      expect(error?.code).toBe('42501');
    });

    test.each(CALLERS)('%s cannot insert', async (caller) => {
      const { error } = await client(caller)
        .from(table)
        .insert(ARRANGED[table]() as never);
      expect(error?.code).toBe('42501');
    });

    test.each(CALLERS)('%s deletes', async (caller) => {
      const own = await arrangeRow(em(), table, ARRANGED[table]());
      await client(caller).from(table).delete().eq('id', own);
      const { data } = await em().service.from(table).select('id').eq('id', own);
      expect(data?.length).toBe(caller === 'admin' ? 0 : 1);
    });
  },
);

describe('contact_messages and the inbox counts', () => {
  test.each(CALLERS)('%s changes a message status', async (caller) => {
    const id = await arrangeRow(em(), 'contact_messages', {
      name: 'N',
      email: address('contact'),
      subject: 'general',
      message: 'Hi',
    });
    await client(caller).from('contact_messages').update({ status: 'contacted' }).eq('id', id);
    const { data } = await em().service.from('contact_messages').select('status').eq('id', id);
    expect(data?.[0]?.status).toBe(caller === 'admin' ? 'contacted' : 'new');
  });

  test.each(CALLERS)('%s reads the dashboard counts', async (caller) => {
    const { data, error } = await client(caller).from('inbox_counts').select('*');
    if (caller === 'anon') expect(error?.code).toBe('42501');
    else if (caller === 'visitor') expect(data?.every((count) => count.new_items === 0)).toBe(true);
    else
      expect(data?.find((count) => count.inbox === 'registrations')?.new_items).toBeGreaterThan(0);
  });

  test('the service functions are not the public’s', async () => {
    for (const caller of CALLERS) {
      const { error } = await client(caller).rpc('record_deposit_payment', {
        event_id: 'evt_x',
        event_type: 'checkout.session.completed',
        reference: randomUUID(),
        amount_total: 25_000,
        currency: 'gbp',
        mode: 'payment',
        payment_status: 'paid',
        payment_id: 'pi',
        paid_at: new Date().toISOString(),
      });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('public submissions', () => {
  test('a registration is stored, its reference answered, its terms acceptance recorded', async () => {
    const before = Date.now();
    const { data: id, error } = await em().anon.rpc('submit_registration', registration());
    const after = Date.now();
    expect(error).toBeNull();
    const stored = await row('registrations', id as string);
    expect(stored).toMatchObject({
      lead_driver_name: 'Zoë O’Brien, Jr.',
      status: 'new',
      deposit_status: 'pending',
      webhook_status: 'pending',
    });
    // The moment of acceptance is the moment the visitor sent the form (clocks may differ by a
    // little between the database and this process).
    const accepted = Date.parse(String(stored.terms_accepted_at));
    expect(accepted).toBeGreaterThanOrEqual(before - 5_000);
    expect(accepted).toBeLessThanOrEqual(after + 5_000);
  });

  test.each(['abc', '12345', '+44 20 7946 0958 0000 0000', '07700 900123 ext. 4'])(
    'a phone number of %j is refused on sign-up and on the sponsorship form',
    async (phone) => {
      // The forms' own check (src/lib/validation.ts) agrees with the database's.
      expect(phoneRule.test(phone)).toBe(false);
      const signUp = await em().anon.rpc(
        'submit_registration',
        registration({ lead_driver_phone: phone }),
      );
      expect(signUp.error?.details).toBe('leadDriverPhone');
      const coDriver = await em().anon.rpc(
        'submit_registration',
        registration({ co_driver_phone: phone }),
      );
      expect(coDriver.error?.details).toBe('coDriverPhone');
      const enquiry = await em().anon.rpc('submit_sponsorship_enquiry', {
        company_name: 'Acme',
        email: address('acme'),
        phone,
        tier: 'Tier 1 - £8,000',
        message: 'We would like to sponsor a car.',
      });
      expect(enquiry.status).toBe(400);
      expect(enquiry.error?.details).toBe('phone');
      expect(enquiry.error?.message).toBe('Please enter a valid phone number (7 to 15 digits).');
    },
  );

  test('a bad field is refused with 400, the field and a message for the visitor', async () => {
    const { error, status } = await em().anon.rpc(
      'submit_registration',
      registration({ lead_driver_phone: 'call me maybe' }),
    );
    expect(status).toBe(400);
    expect(error?.details).toBe('leadDriverPhone');
    expect(error?.message).toBe('Please enter a valid phone number (7 to 15 digits).');
    const terms = await em().anon.rpc('submit_registration', registration({ accept_terms: false }));
    expect(terms.error?.details).toBe('acceptTerms');
  });

  test('a robot filling the honeypot gets a reference and stores nothing', async () => {
    const email = address('robot');
    const { data: id, error } = await em().anon.rpc(
      'submit_registration',
      registration({ lead_driver_email: email, website: 'spam.example' }),
    );
    expect(error).toBeNull();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { data } = await em()
      .service.from('registrations')
      .select('id')
      .eq('lead_driver_email', email);
    expect(data).toEqual([]);
  });

  test('an enquiry is stored; a subscriber is one row per address, however often', async () => {
    const { data: id, error } = await em().anon.rpc('submit_sponsorship_enquiry', {
      company_name: 'Acme',
      email: address('acme'),
      phone: '+1 555 0100 200',
      tier: 'Tier 1 - £8,000',
      message: 'We would like to sponsor a car.',
    });
    expect(error).toBeNull();
    expect((await row('sponsorship_enquiries', id as string)).company_name).toBe('Acme');
    const badTier = await em().anon.rpc('submit_sponsorship_enquiry', {
      company_name: 'Acme',
      email: address('acme'),
      phone: '+1 555 0100 200',
      tier: 'Tier 9',
      message: 'x',
    });
    expect(badTier.error?.details).toBe('tier');

    const email = address('News');
    expect(
      (
        await em().anon.rpc('subscribe_newsletter', {
          email,
          consent_version: NEWSLETTER_CONSENT.version,
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await em().anon.rpc('subscribe_newsletter', {
          email: ` ${email.toUpperCase()} `,
          source: 'waitlist',
          consent_version: NEWSLETTER_CONSENT.version,
        })
      ).error,
    ).toBeNull();
    const { data } = await em()
      .service.from('newsletter_subscribers')
      .select('email, source')
      .eq('email', email.toLowerCase());
    expect(data).toEqual([{ email: email.toLowerCase(), source: 'waitlist' }]);
  });
});

describe('places', () => {
  test('counted: paid and recently pending registrations hold a place; cancelled ones do not', async () => {
    const before = await places();
    const { data: id } = await submitFromOwnNetwork(registration());
    expect((await places()).taken).toBe(before.taken + 1);
    await em()
      .service.from('registrations')
      .update({ status: 'cancelled' })
      .eq('id', id as string);
    expect((await places()).taken).toBe(before.taken);
    // An unpaid registration holds its place for 5 minutes (private.place_hold()), then no longer.
    const held = await arrangeRow(em(), 'registrations', {
      ...ARRANGED.registrations(),
      created_at: new Date(Date.now() - 4 * 60_000).toISOString(),
    });
    expect((await places()).taken).toBe(before.taken + 1);
    await em()
      .service.from('registrations')
      .update({ created_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .eq('id', held);
    expect((await places()).taken).toBe(before.taken);
  });

  test('two visitors racing for the last place: exactly one gets it, the other is told it is full', async () => {
    const { taken } = await places();
    await setCapacity(taken + 1);
    try {
      const answers = await Promise.all([
        submitFromOwnNetwork(registration()),
        submitFromOwnNetwork(registration()),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.error?.message).toBe(
        'The rally is full',
      );
      expect(await places()).toMatchObject({ remaining: 0 });
    } finally {
      await setCapacity(12);
    }
  });

  test('the capacity must be a whole number of cars, 0 or more', async () => {
    const { error } = await em()
      .admin.from('editions')
      .update({ capacity: -1 })
      .eq('is_current', true);
    expect(error).toMatchObject({ code: '23514', details: 'capacity' });
  });
});

describe('delivery and payment (Edge Functions under Deno)', { timeout: 60_000 }, () => {
  const deliver = (body: unknown, key?: string) =>
    http(em(), '/functions/v1/submission-delivery', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key ?? em().anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const inbox = async (name: string) =>
    (
      await http(em(), `/local/webhooks/${name}`, {
        key: em().serviceKey,
        headers: { authorization: `Bearer ${em().serviceKey}` },
      })
    ).json() as Record<string, unknown>[];

  test('a registration is copied to its webhook and confirmed by email, once', async () => {
    const input = registration();
    const { data: id } = await em().anon.rpc('submit_registration', input);
    const first = await deliver({ kind: 'registration', id });
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({ webhook: 'delivered', email: 'sent' });
    const copy = (await inbox('registration')).find((payload) => payload.reference === id);
    expect(copy).toMatchObject({
      leadDriverName: 'Zoë O’Brien, Jr.',
      leadDriverEmail: input.lead_driver_email,
      teamName: 'The <b>Bold</b> Team',
      separateRooms: false,
    });
    // The added field: when the visitor accepted the terms, as the registration records it.
    expect(copy?.termsAcceptedAt).toBeTruthy();
    expect(Date.parse(String(copy?.termsAcceptedAt))).toBe(
      Date.parse(String((await row('registrations', id as string)).terms_accepted_at)),
    );
    expect((await row('registrations', id as string)).webhook_status).toBe('delivered');
    const again = await deliver({ kind: 'registration', id });
    expect(again.json()).toEqual({ webhook: 'skipped', email: 'skipped' });
    const mail = await caughtMail(em(), input.lead_driver_email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your 2026 Europe Rally registration');
    // It carries the booking reference and none of the visitor's text (hostile-limits.test.ts).
    expect(mail[0]?.text).toContain(id as string);
    expect(mail[0]?.html).not.toContain('Bold');
  });

  test('the function renders the confirmation with React Email under Deno: an HTML part and a text part that say the same', async () => {
    const input = registration();
    const { data: id } = await submitFromOwnNetwork(input);
    expect((await deliver({ kind: 'registration', id })).json()).toMatchObject({ email: 'sent' });
    const [mail] = await caughtMail(em(), input.lead_driver_email);
    const name = EDITION_DEFAULTS.name;
    // React Email's document (its doctype and layout tables), the layout's header and footer.
    expect(mail?.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional/);
    expect(mail?.html).toContain('<table');
    expect(mail?.html).toContain(`<h1 style="`);
    expect(mail?.html).toContain(`>${name}</h1>`);
    expect(mail?.html).toContain(`>Booking reference:</strong> ${id as string}`);
    // The text part is the same email read as text: the header, the sentences, the footer.
    expect(mail?.text).toMatch(new RegExp(`^${name}\n\nHello,\n\nThank you for registering`));
    expect(mail?.text).toContain(`Booking reference: ${id as string}`);
    expect(mail?.text).toMatch(new RegExp(`The ${name} team\nhttp://`));
    expect(mail?.text).not.toMatch(/<\/?[a-z][^>]*>/i);
  });

  test('a failed webhook is recorded on the row; only an administrator may retry it', async () => {
    const { data: id } = await em().anon.rpc('submit_registration', registration());
    await http(em(), '/local/webhooks/registration/fail-next', {
      method: 'POST',
      key: em().serviceKey,
      headers: { authorization: `Bearer ${em().serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    expect((await deliver({ kind: 'registration', id })).json()).toMatchObject({
      webhook: 'failed',
    });
    expect(await row('registrations', id as string)).toMatchObject({
      webhook_status: 'failed',
      webhook_attempts: 1,
      webhook_error: 'The webhook answered HTTP 503',
    });
    expect((await deliver({ kind: 'registration', id, retry: true })).status).toBe(403);
    const session = (await em().admin.auth.getSession()).data.session;
    const retried = await deliver({ kind: 'registration', id, retry: true }, session?.access_token);
    expect(retried.json()).toMatchObject({ webhook: 'delivered' });
    expect(await row('registrations', id as string)).toMatchObject({
      webhook_status: 'delivered',
      webhook_attempts: 2,
      webhook_error: null,
    });
  });

  test('an enquiry is copied to its webhook and acknowledged by email', async () => {
    const email = address('acknowledged');
    const { data: id } = await em().anon.rpc('submit_sponsorship_enquiry', {
      company_name: 'Acme',
      email,
      phone: '+1 555 0100 200',
      tier: 'Tier 3 - £800',
      message: 'Count us in',
    });
    expect((await deliver({ kind: 'sponsorship', id })).json()).toEqual({
      webhook: 'delivered',
      email: 'sent',
    });
    expect((await inbox('sponsorship')).find((payload) => payload.reference === id)).toMatchObject({
      companyName: 'Acme',
      tier: 'Tier 3 - £800',
      message: 'Count us in',
    });
    expect((await caughtMail(em(), email))[0]?.subject).toBe(
      'Thank you for your sponsorship enquiry',
    );
  });

  const stripe = (payload: string, signature: string) =>
    http(em(), '/functions/v1/stripe-webhook', {
      method: 'POST',
      key: '',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const signed = (payload: string) =>
    stripeSignature(payload, LOCAL_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));

  test('a signed payment marks the registration paid once; replayed, second and forged events change nothing', async () => {
    const input = registration();
    const { data: id } = await em().anon.rpc('submit_registration', input);
    const event = JSON.stringify(
      checkoutCompletedEvent(id as string, input.lead_driver_email, { amount: DEPOSIT }),
    );

    const forged = await stripe(
      event,
      stripeSignature(event, 'whsec_wrong', Math.floor(Date.now() / 1000)),
    );
    expect(forged.status).toBe(400);
    expect((await row('registrations', id as string)).deposit_status).toBe('pending');

    const paid = await stripe(event, signed(event));
    expect(paid.status).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'paid' });
    const after = await row('registrations', id as string);
    expect(after).toMatchObject({
      deposit_status: 'paid',
      deposit_amount: 25_000,
      deposit_currency: 'gbp',
    });
    expect(after.payment_id).toMatch(/^pi_[0-9a-f]+$/);
    expect(after.deposit_paid_at).toBeTruthy();
    expect((await em().anon.rpc('deposit_status', { reference: id as string })).data).toBe('paid');

    expect((await stripe(event, signed(event))).json()).toMatchObject({ outcome: 'replayed' });
    // Another event for the same payment (a second payment is a refund due: hostile-payments).
    const again = checkoutCompletedEvent(id as string, input.lead_driver_email, {
      amount: DEPOSIT,
    });
    again.data.object.payment_intent = String(after.payment_id);
    const second = JSON.stringify(again);
    expect((await stripe(second, signed(second))).json()).toMatchObject({
      outcome: 'already-paid',
    });
    expect(await row('registrations', id as string)).toEqual(after);

    const receipts = (await caughtMail(em(), input.lead_driver_email)).filter((mail) =>
      mail.subject.startsWith('Deposit received'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('£250.00');
  });

  test.each([
    ['2026-11-24T13:35:13+00:00', 'Paid: 24 November 2026 at 13:35 GMT'],
    ['2026-06-24T13:35:13+00:00', 'Paid: 24 June 2026 at 14:35 BST'],
  ])('the receipt of a payment at %s says "%s"', async (paidAt, line) => {
    const input = registration();
    const { data: id } = await submitFromOwnNetwork(input);
    const event = JSON.stringify(
      checkoutCompletedEvent(
        id as string,
        input.lead_driver_email,
        { amount: DEPOSIT },
        Date.parse(paidAt),
      ),
    );
    expect((await stripe(event, signed(event))).json()).toMatchObject({ outcome: 'paid' });
    const receipt = (await caughtMail(em(), input.lead_driver_email)).find((mail) =>
      mail.subject.startsWith('Deposit received'),
    );
    expect(receipt?.text).toContain(line);
    expect(receipt?.html).not.toContain('+00:00');
  });

  test('deposit_status knows only paid, pending, failed, exception or unknown', async () => {
    expect((await em().anon.rpc('deposit_status', { reference: randomUUID() })).data).toBe(
      'unknown',
    );
    expect((await em().anon.rpc('deposit_status', { reference: 'nonsense' })).data).toBe('unknown');
  });
  // Issue 22: a 2027 entrant was emailed "Your 2026 Europe Rally registration ... (22-28 June
  // 2026)" by "The 2026 Europe Rally team", and a 2027 sponsor thanked for "sponsoring the 2026
  // Europe Rally". Each email now takes its row's edition (supabase/schemas/submissions.sql); these run
  // last, as they make 2027 current.
  describe('a 2027 edition made current', () => {
    const EDITION_2027 = {
      year: 2027,
      name: '2027 Europe Rally',
      start_date: '2027-06-20',
      end_date: '2027-06-26',
      start_place: 'United Kingdom',
      finish_place: 'Italy',
      price_per_car: 410_000,
      deposit: 30_000,
      capacity: 12,
      // Open on the test clock's day (TEST_CLOCK), so a team registers for 2027 now.
      registration_opens: '2026-01-01',
      registration_closes: '2027-05-31',
      status: 'published',
    };
    let edition2027 = '';
    /** A 2026 registration (made while 2026 was current) that pays after 2027 became current. */
    let earlier = { id: '', email: '' };

    beforeAll(async () => {
      const before = registration();
      const { data: id } = await submitFromOwnNetwork(before);
      earlier = { id: id as string, email: before.lead_driver_email };
      edition2027 = await arrangeRow(em(), 'editions', EDITION_2027);
      const { error } = await em().service.rpc('make_current_edition', { edition_year: 2027 });
      expect(error).toBeNull();
    });

    test('a 2027 registration gets "Your 2027 Europe Rally registration", 2027\'s dates, deposit and sender; its webhook copy names 2027', async () => {
      const input = registration();
      const { data: id } = await submitFromOwnNetwork(input);
      expect((await row('registrations', id as string)).edition_id).toBe(edition2027);
      expect((await deliver({ kind: 'registration', id })).json()).toEqual({
        webhook: 'delivered',
        email: 'sent',
      });
      const [mail, ...more] = await caughtMail(em(), input.lead_driver_email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Your 2027 Europe Rally registration');
      expect(mail?.from).toBe('2027 Europe Rally <hello@europerally.example>');
      expect(mail?.text).toContain(
        'Thank you for registering for the 2027 Europe Rally (20-26 June 2027).',
      );
      expect(mail?.text).toContain('the £300 deposit');
      expect(mail?.text).toContain('The 2027 Europe Rally team');
      expect(mail?.html).toContain('The 2027 Europe Rally team');
      expect(`${mail?.text} ${mail?.html}`).not.toMatch(/2026|£250/);

      const copy = (await inbox('registration')).find((payload) => payload.reference === id);
      expect(copy?.edition).toEqual({ id: edition2027, year: 2027, name: '2027 Europe Rally' });
    });

    test('a 2027 sponsorship enquiry is thanked for sponsoring the 2027 Europe Rally; its webhook copy names 2027', async () => {
      const email = address('sponsor-2027');
      const { data: id } = await em().anon.rpc('submit_sponsorship_enquiry', {
        company_name: 'Acme 2027',
        email,
        phone: '+1 555 0100 200',
        tier: 'Tier 3 - £800',
        message: 'Count us in for next year',
      });
      expect((await deliver({ kind: 'sponsorship', id })).json()).toEqual({
        webhook: 'delivered',
        email: 'sent',
      });
      const [mail] = await caughtMail(em(), email);
      expect(mail?.from).toBe('2027 Europe Rally <hello@europerally.example>');
      expect(mail?.text).toContain('sponsoring the 2027 Europe Rally.');
      expect(mail?.text).toContain('The 2027 Europe Rally team');
      expect(`${mail?.text} ${mail?.html}`).not.toContain('2026');
      const copy = (await inbox('sponsorship')).find((payload) => payload.reference === id);
      expect(copy?.edition).toEqual({ id: edition2027, year: 2027, name: '2027 Europe Rally' });
    });

    test("a 2027 deposit's receipt and the webhook's answer name 2027; a 2026 team paying now still reads 2026", async () => {
      const input = registration();
      const { data: id } = await submitFromOwnNetwork(input);
      const charge = { amount: EDITION_2027.deposit, edition: { id: edition2027, year: 2027 } };
      const event = JSON.stringify(
        checkoutCompletedEvent(id as string, input.lead_driver_email, charge),
      );
      expect((await stripe(event, signed(event))).json()).toEqual({
        received: true,
        outcome: 'paid',
        edition: { id: edition2027, year: 2027 },
      });
      const receipt = (await caughtMail(em(), input.lead_driver_email)).find((mail) =>
        mail.subject.startsWith('Deposit received'),
      );
      expect(receipt?.subject).toBe(
        'Deposit received: your place on the 2027 Europe Rally is secured',
      );
      expect(receipt?.from).toBe('2027 Europe Rally <hello@europerally.example>');
      expect(receipt?.text).toContain('We have received your deposit of £300.00.');
      expect(receipt?.text).toContain('Rally: 2027 Europe Rally, 20-26 June 2027');

      // The row's own edition, not the current one.
      const old = JSON.stringify(
        checkoutCompletedEvent(earlier.id, earlier.email, { amount: DEPOSIT }),
      );
      const answer = (await stripe(old, signed(old))).json() as {
        outcome: string;
        edition: { id: string; year: number };
      };
      expect(answer.outcome).toBe('paid');
      expect(answer.edition).toEqual({
        id: (await row('registrations', earlier.id)).edition_id,
        year: EDITION_DEFAULTS.year,
      });

      const oldReceipt = (await caughtMail(em(), earlier.email)).find((mail) =>
        mail.subject.startsWith('Deposit received'),
      );
      expect(oldReceipt?.subject).toBe(
        `Deposit received: your place on the ${EDITION_DEFAULTS.name} is secured`,
      );
      expect(oldReceipt?.from).toBe(`${EDITION_DEFAULTS.name} <hello@europerally.example>`);
    });

    test("an edition's name is the organiser's text: the sender stays one quoted name, the HTML escapes it", async () => {
      const hostile = '2027 "Rally" <b>x</b>\r\nBcc: evil@example.org';
      const rename = (name: string) =>
        em().service.from('editions').update({ name }).eq('id', edition2027);
      expect((await rename(hostile)).error).toBeNull();
      try {
        const input = registration();
        const { data: id } = await submitFromOwnNetwork(input);
        expect((await deliver({ kind: 'registration', id })).json()).toMatchObject({
          email: 'sent',
        });
        const [mail] = await caughtMail(em(), input.lead_driver_email);
        expect(mail?.from).toBe(
          '"2027 Rally b x /b Bcc: evil@example.org" <hello@europerally.example>',
        );
        expect(mail?.html).toContain('2027 &quot;Rally&quot; &lt;b&gt;x&lt;/b&gt;');
        expect(mail?.html).not.toContain('<b>x');
      } finally {
        await rename(EDITION_2027.name);
      }
    });
  });
});
