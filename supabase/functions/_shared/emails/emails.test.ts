// Every participant email rendered as the functions render it (renderEmail, React Email under
// Node here, the same modules Deno runs): its subject, the edition's facts and the amounts it was
// given, a hostile team name escaped in the HTML and readable in the text, its links, and a text
// part with no HTML in it. The imports' pinned versions are the ones installed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { renderEmail, type EditionFacts, type EmailKind, type EmailProps } from './index.tsx';

const SITE = 'https://rally.example';
// Not the seeded edition: every fact below can only have come from the props.
const edition: EditionFacts = {
  id: '7d0f0e1c-0000-4000-8000-000000002027',
  year: 2027,
  name: '2027 Europe Rally',
  startDate: '2027-06-20',
  endDate: '2027-06-26',
  deposit: 30_000,
};
const HOSTILE = '<script>alert(1)</script>';
const reference = '3f2b8c1e-1111-4222-8333-444455556666';
const teamPage = { link: `${SITE}/my-registration/s3cret-Secret_value`, expiresOn: '2027-07-26' };
const team = { site: SITE, edition, reference, leadDriverName: 'Zoë O’Brien', teamName: HOSTILE };
const payment = {
  amount: 370_000,
  currency: 'gbp',
  paidAt: '2027-03-20T10:15:00Z',
  paymentId: 'pi_test_balance',
};

type Case<K extends EmailKind> = {
  kind: K;
  props: EmailProps<K>;
  subject: string;
  /** What the text part must say (and the HTML, escaped as React escapes it). */
  says: string[];
  links?: string[];
};
const make = <K extends EmailKind>(c: Case<K>) => c;

const cases = [
  make({
    kind: 'registrationConfirmation',
    props: { site: SITE, edition, reference, holdsPlace: true, teamPage },
    subject: 'Your 2027 Europe Rally registration',
    says: [
      'Thank you for registering for the 2027 Europe Rally (20-26 June 2027).',
      'while you pay the £300 deposit',
      `Booking reference: ${reference}`,
      'The link works until 26 July 2027.',
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'enquiryAcknowledgement',
    props: { site: SITE, edition },
    subject: 'Thank you for your sponsorship enquiry',
    says: ['Thank you for your interest in sponsoring the 2027 Europe Rally.'],
  }),
  make({
    kind: 'teamLink',
    props: { site: SITE, edition, teamPage },
    subject: 'Your team page for the 2027 Europe Rally',
    says: [
      'your team page for the 2027 Europe Rally (20-26 June 2027).',
      'Open your team page',
      'The link works until 26 July 2027.',
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'depositReceipt',
    props: { ...team, payment: { ...payment, amount: 30_000 }, teamPage },
    subject: 'Deposit received: your place on the 2027 Europe Rally is secured',
    says: [
      'Dear Zoë O’Brien,',
      'We have received your deposit of £300.00.',
      'Paid: 20 March 2027 at 10:15 GMT',
      'Rally: 2027 Europe Rally, 20-26 June 2027',
      `Team: ${HOSTILE}`,
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'balanceReceipt',
    props: { ...team, payment, teamPage },
    subject: 'Balance received: your 2027 Europe Rally registration is paid in full',
    says: [
      'We have received your balance payment of £3,700.00.',
      'is paid in full',
      'Payment: pi_test_balance',
      `Team: ${HOSTILE}`,
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'balanceReminder',
    props: { ...team, balance: 370_000, dueDate: '2027-05-20', daysLeft: 14, teamPage },
    subject: 'Your 2027 Europe Rally balance of £3,700.00 is due in 14 days',
    says: [
      `The balance of £3,700.00 for ${HOSTILE} on the 2027 Europe Rally is due on 20 May 2027, in 14 days.`,
      '"Pay balance"',
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'balanceReminder',
    props: { ...team, balance: 370_050, dueDate: '2027-05-20', daysLeft: 3, teamPage },
    subject: 'Your 2027 Europe Rally balance of £3,700.50 is due in 3 days',
    says: ['is due on 20 May 2027, in 3 days.'],
    links: [teamPage.link],
  }),
  make({
    kind: 'overdueNotice',
    props: { ...team, balance: 370_000, dueDate: '2027-05-20', teamPage },
    subject: 'Your 2027 Europe Rally balance is overdue',
    says: [
      `The balance of £3,700.00 for ${HOSTILE} on the 2027 Europe Rally was due on 20 May 2027`,
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'cancellationToTeam',
    props: { ...team, cancelledAt: '2027-03-18T09:00:00Z', refundDue: 185_000 },
    subject: 'Your 2027 Europe Rally registration is cancelled',
    says: [
      `The registration of ${HOSTILE} for the 2027 Europe Rally is cancelled, as you asked on 18 March 2027 at 09:00 GMT.`,
      'Under the terms, £1,850.00 is due back to you.',
      'Refund due: £1,850.00',
    ],
  }),
  make({
    kind: 'cancellationToTeam',
    props: { ...team, cancelledAt: '2027-05-01T09:00:00Z', refundDue: 0 },
    subject: 'Your 2027 Europe Rally registration is cancelled',
    says: ['Under the terms, no refund is due on the day you cancelled.', 'Refund due: None'],
  }),
  make({
    kind: 'cancellationToOrganiser',
    props: {
      ...team,
      cancelledAt: '2027-03-18T09:00:00Z',
      refundDue: 185_000,
      paid: 400_000,
      leadDriverEmail: 'zoe@example.org',
      adminLink: `${SITE}/admin/registrations/${reference}`,
    },
    subject: `Cancelled: ${HOSTILE} (2027 Europe Rally)`,
    says: [
      `${HOSTILE} cancelled their registration for the 2027 Europe Rally on 18 March 2027 at 09:00 GMT.`,
      'Refund due: £1,850.00.',
      'Paid: £4,000.00',
      'Email: zoe@example.org',
    ],
    links: [`${SITE}/admin/registrations/${reference}`],
  }),
  make({
    kind: 'waitingListJoined',
    props: { site: SITE, edition, name: 'Zoë O’Brien', position: 3 },
    subject: 'You are on the waiting list for the 2027 Europe Rally',
    says: [
      'Dear Zoë O’Brien,',
      'You are on the waiting list for the 2027 Europe Rally (20-26 June 2027), number 3 in the queue.',
    ],
  }),
  make({
    kind: 'waitingListOffer',
    props: {
      site: SITE,
      edition,
      name: null,
      offerLink: `${SITE}/sign-up/offer/s3cret-Offer_value`,
      // 14:30 in London in summer.
      expiresAt: '2027-03-30T13:30:00Z',
    },
    subject: 'A place is free for you on the 2027 Europe Rally',
    says: [
      'Hello,',
      'A place has become free on the 2027 Europe Rally (20-26 June 2027)',
      'The offer expires on 30 March 2027 at 14:30 BST;',
    ],
    links: [`${SITE}/sign-up/offer/s3cret-Offer_value`],
  }),
  make({
    kind: 'refundSent',
    props: { ...team, refunded: 185_050 },
    subject: 'Your 2027 Europe Rally refund is on its way',
    says: [
      `We have refunded £1,850.50 for the cancelled registration of ${HOSTILE} for the 2027 Europe Rally, to the card you paid with.`,
      'Refunded: £1,850.50',
    ],
  }),
  make({
    kind: 'documentsReminder',
    props: {
      ...team,
      teamPage,
      daysLeft: 30,
      missing: ["Co-driver's details", 'Insurance certificate (rejected: Expired in May)'],
    },
    subject: '2027 Europe Rally: documents still needed, 30 days to go',
    says: [
      `The 2027 Europe Rally starts on 20 June 2027, in 30 days. Before ${HOSTILE} can drive, we still need:`,
      "• Co-driver's details",
      '• Insurance certificate (rejected: Expired in May)',
      `Reference: ${reference}`,
    ],
    links: [teamPage.link],
  }),
  make({
    kind: 'documentRejected',
    props: {
      ...team,
      teamPage,
      document: 'Insurance certificate',
      fileName: 'cover.pdf',
      reason: `It names another car. ${HOSTILE}`,
    },
    subject: '2027 Europe Rally: your insurance certificate needs replacing',
    says: [
      'We have checked the insurance certificate you sent for the 2027 Europe Rally and cannot accept it:',
      `It names another car. ${HOSTILE}`,
      'Please send a new one on your team page.',
      'File: cover.pdf',
    ],
    links: [teamPage.link],
  }),
];

/** As React writes text into HTML. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe.each(cases)('$kind: $subject', ({ kind, props, subject, says, links = [] }) => {
  const rendered = () => renderEmail(kind, 'team@example.org', props as never);

  test('its subject, sender, and the edition in both parts', async () => {
    const email = await rendered();
    expect(email.to).toBe('team@example.org');
    expect(email.subject).toBe(subject);
    expect(email.fromName).toBe('2027 Europe Rally');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('2027 Europe Rally');
      expect(part).toContain(SITE);
      expect(part).not.toMatch(/2026|£250/);
    }
    expect(email.html).toContain('<h1');
    expect(email.text).toMatch(/^2027 Europe Rally\n/);
    expect(email.text).toContain('The 2027 Europe Rally team');
  });

  test('says its facts in the text part, and the same escaped in the HTML', async () => {
    const email = await rendered();
    for (const line of says) {
      expect(email.text).toContain(line);
      // A fact line is a label in <strong> and its value: compare the value.
      const value = /^[A-Z][a-z ]+: (.+)$/.exec(line)?.[1] ?? line;
      expect(email.html).toContain(escaped(value));
    }
  });

  test('escapes a team name in the HTML; the text reads it as typed and holds no tag', async () => {
    const email = await rendered();
    expect(email.html).not.toContain('<script');
    const named = 'teamName' in props;
    if (named) {
      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(email.text).toContain(HOSTILE);
    }
    expect(email.text.split(HOSTILE).join('')).not.toMatch(/<\/?[a-z!][^>]*>/i);
  });

  test('links to what it names, in the HTML and in the text', async () => {
    const email = await rendered();
    for (const link of [...links, SITE]) {
      expect(email.html).toContain(`href="${link}"`);
      expect(email.text).toContain(link);
    }
  });
});

test('the emails to a typed address carry no visitor text: their props have none', async () => {
  const confirmation = await renderEmail('registrationConfirmation', 'x@example.org', {
    site: SITE,
    edition,
    reference,
    holdsPlace: false,
  });
  expect(confirmation.text).toContain('Please pay the £300 deposit now');
  expect(confirmation.text).not.toContain('team page');
  // Made through a waiting-list offer: the offer holds the place until it expires.
  const offered = await renderEmail('registrationConfirmation', 'x@example.org', {
    site: SITE,
    edition,
    reference,
    holdsPlace: false,
    heldUntil: '2027-03-22T12:00:00Z',
  });
  expect(offered.text).toContain(
    'Your place from the waiting list is held until 22 March 2027 at 12:00 GMT while you pay the £300 deposit',
  );
  expect(offered.text).not.toContain('if a place is still free');
  // A confirmation takes no team name (nor any other text a visitor typed): tsc refuses one here,
  // and one that slipped past the types would still not be printed.
  const smuggled: EmailProps<'registrationConfirmation'> = {
    site: SITE,
    edition,
    reference,
    holdsPlace: false,
    // @ts-expect-error: no such prop.
    teamName: HOSTILE,
  };
  const email = await renderEmail('registrationConfirmation', 'x@example.org', smuggled);
  for (const part of [email.subject, email.text, email.html]) {
    expect(part).not.toContain('alert(1)');
  }
});

test("the administrator email is the organisation's, with no edition", async () => {
  const email = await renderEmail('administratorGranted', 'new@example.org', { site: SITE });
  expect(email.subject).toBe('You are now an administrator of the Europe Rally website');
  expect(email.fromName).toBeUndefined();
  expect(email.text).toMatch(/^Europe Rally\n/);
  expect(email.text).toContain(`Sign in at ${SITE}/admin with your email address and password.`);
});

test('a subject is one line, whatever the team is called', async () => {
  const email = await renderEmail('cancellationToOrganiser', 'organiser@example.org', {
    ...team,
    teamName: 'Team\r\nBcc: evil@example.org',
    cancelledAt: '2027-03-18T09:00:00Z',
    refundDue: 0,
    paid: 30_000,
    leadDriverEmail: 'zoe@example.org',
    adminLink: `${SITE}/admin`,
  });
  expect(email.subject).toBe('Cancelled: Team Bcc: evil@example.org (2027 Europe Rally)');
});

test("the templates' npm: imports are the versions package.json installs", () => {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const sources = readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
  const installed = (name: string) =>
    (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string })
      .version;
  const specifiers = [...sources.matchAll(/npm:((?:@[^/@\s]+\/)?[^/@\s]+)@([\d.]+)/g)];
  expect(specifiers.length).toBeGreaterThan(0);
  for (const [specifier, name = '', version] of specifiers)
    expect(version, specifier).toBe(installed(name));
});

describe('a mailing (the admin’s Mailings screen)', () => {
  const body = '<h2>Route notes</h2><p>Meet at <strong>Dover</strong> at 8.</p>';

  test('to the teams: the edition’s frame, the message as written, no unsubscribe link', async () => {
    const email = await renderEmail('mailing', 'team@example.org', {
      site: SITE,
      edition,
      subject: `Route notes ${HOSTILE}`,
      body,
    });
    expect(email.subject).toBe(`Route notes ${HOSTILE}`);
    expect(email.fromName).toBe('2027 Europe Rally');
    expect(email.html).toContain(body);
    // The subject is the preview: text, escaped.
    expect(email.html).not.toContain('<script');
    expect(email.text).toContain('Meet at Dover at 8.');
    expect(email.html).not.toMatch(/unsubscribe/i);
    expect(email.text).not.toMatch(/unsubscribe/i);
  });

  test('to the subscribers: the organisation’s frame and a visible unsubscribe link', async () => {
    const pageUrl = `${SITE}/unsubscribe/s3cret`;
    const email = await renderEmail('mailing', 'reader@example.org', {
      site: SITE,
      subject: 'News',
      body,
      unsubscribe: { pageUrl },
    });
    expect(email.fromName).toBeUndefined();
    expect(email.text).toMatch(/^Europe Rally\n/);
    expect(email.html).toContain(`href="${pageUrl}"`);
    expect(email.text).toContain(pageUrl);
    expect(email.text).toContain('Unsubscribe');
  });
});
