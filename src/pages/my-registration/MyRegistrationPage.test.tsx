import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import type { TeamMoney, TeamPage } from '../../data/teamPage';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { LINK_NOT_VALID } from '../../data/teamPage';
import MyRegistrationPage from './MyRegistrationPage';
import { LINK_RATE_LIMITED, LINK_SENT } from './RequestLinkForm';
import { TeamStatement } from './TeamStatement';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

const owing: TeamMoney = {
  price_pence: 395_000,
  supplement_pence: 0,
  total_pence: 395_000,
  deposit_pence: 25_000,
  deposit_paid_pence: 25_000,
  paid_pence: 25_000,
  refunded_pence: 0,
  refund_due_pence: null,
  balance_pence: 370_000,
  balance_due_on: '2026-05-01',
  currency: 'gbp',
  state: 'balance due',
};

const paidInFull: TeamMoney = {
  ...owing,
  paid_pence: 395_000,
  balance_pence: 0,
  state: 'paid in full',
};

function team(overrides: Partial<TeamPage> = {}): TeamPage {
  return {
    reference: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
    team_name: 'The Hairpins',
    lead_driver_name: 'Alex Driver',
    lead_driver_email: 'alex@example.org',
    lead_driver_phone: '07700 900123',
    co_driver_name: '',
    co_driver_email: '',
    co_driver_phone: '',
    vehicle_make: 'Mini',
    vehicle_model: 'Cooper',
    vehicle_colour: 'Red',
    registration_plate: 'AB12 CDE',
    separate_rooms: false,
    emergency_contact_name: 'Pat Driver',
    emergency_contact_phone: '07700 900999',
    edition: {
      year: 2026,
      name: '2026 Europe Rally',
      start_date: '2026-06-22',
      end_date: '2026-06-28',
      start_place: 'United Kingdom',
      finish_place: 'Austria',
      balance_due: '2026-05-01',
    },
    money: owing,
    cancelled: false,
    cancelled_at: null,
    refund_due_pence: null,
    details_editable_until: '2026-06-08',
    details_editable: true,
    may_cancel: true,
    ...overrides,
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={paths.myRegistration} element={<MyRegistrationPage />} />
        <Route path={paths.teamPagePattern} element={<MyRegistrationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('MyRegistrationPage', { timeout: 20_000 }, () => {
  it('is never indexed and sends no Referer carrying the secret', async () => {
    stubNetwork({ team_page: { body: team() } });
    renderAt(paths.teamPage(SECRET));
    await screen.findByText('The Hairpins');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('says it is loading while the page is asked for', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderAt(paths.teamPage(SECRET));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your registration...');
  });

  it('shows nothing personal for a link that opens nothing, and the form to ask for one', async () => {
    const calls = stubNetwork({ team_page: { body: null } });
    renderAt(paths.teamPage(`${SECRET.slice(0, -1)}x`));
    expect(await screen.findByRole('heading', { name: LINK_NOT_VALID })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me my link' })).toBeInTheDocument();
    expect(screen.queryByText(/Balance/)).not.toBeInTheDocument();
    expect(calls[0]).toEqual({ name: 'team_page', body: { secret: `${SECRET.slice(0, -1)}x` } });
  });

  it('answers "Email me my link" the same way whatever the address', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      request_team_link: { status: 204, body: undefined },
      'participant-emails': { body: { ok: true } },
    });
    renderAt(paths.myRegistration);
    await user.type(screen.getByLabelText(/Lead driver's email/), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Email me my link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_SENT);
    // The link the database queued (if the address has a registration) is sent at once.
    expect(calls).toEqual([
      { name: 'request_team_link', body: { email: 'nobody@example.org' } },
      { name: 'participant-emails', body: { only: 'team_link' } },
    ]);
  });

  it('asks politely to try later when too many links were asked for', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      request_team_link: { status: 429, body: { code: 'PT429', message: 'Too many' } },
    });
    renderAt(paths.myRegistration);
    await user.type(screen.getByLabelText(/Lead driver's email/), 'alex@example.org');
    await user.click(screen.getByRole('button', { name: 'Email me my link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_RATE_LIMITED);
  });

  it('shows the team and what is owed, with "Pay balance"', async () => {
    stubNetwork({ team_page: { body: team() } });
    renderAt(paths.teamPage(SECRET));
    const money = await screen.findByRole('region', { name: 'Your payments' });
    expect(screen.getByText('Alex Driver, alex@example.org, 07700 900123')).toBeInTheDocument();
    expect(screen.getByText('Mini Cooper, Red, AB12 CDE')).toBeInTheDocument();
    expect(screen.getByText('Pat Driver, 07700 900999')).toBeInTheDocument();
    expect(within(money).getByText('Price').nextSibling).toHaveTextContent('£3,950');
    expect(within(money).getByText('Paid so far').nextSibling).toHaveTextContent('£250');
    expect(within(money).getByText(/^Balance/)).toHaveTextContent('Balance due by 1 May 2026');
    expect(within(money).getByText('£3,700')).toBeInTheDocument();
    expect(within(money).queryByText('Separate rooms supplement')).not.toBeInTheDocument();
    expect(screen.getByTestId('money-state')).toHaveTextContent(
      'Your deposit is paid. The balance of £3,700 is due by 1 May 2026.',
    );
    expect(screen.queryByText('Paid in full')).not.toBeInTheDocument();
    expect(within(money).getByRole('button', { name: 'Pay balance' })).toBeEnabled();
  });

  it('pays the balance through the checkout function and goes to the page it answers', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      checkout: { body: { url: 'https://checkout.example/cs_test_1' } },
    });
    const go = vi.fn();
    render(<TeamStatement money={owing} secret={SECRET} onPayment={go} />);
    await user.click(screen.getByRole('button', { name: 'Pay balance' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(calls.find((call) => call.name === 'checkout')?.body).toEqual({
      kind: 'balance',
      secret: SECRET,
    });
  });

  it("says the checkout function's refusal when the payment page cannot be opened", async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      team_page: { body: team() },
      checkout: { status: 409, body: { error: 'Nothing is owed on this registration.' } },
      // The documents (the page's one other alert when they fail) stay loading.
      team_readiness: 'hang',
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Pay balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing is owed on this registration.',
    );
  });

  it('shows the supplement when separate rooms were chosen, and "Paid in full" once nothing is owed', async () => {
    stubNetwork({
      team_page: {
        body: team({
          separate_rooms: true,
          money: {
            ...paidInFull,
            supplement_pence: 30_000,
            total_pence: 425_000,
            paid_pence: 425_000,
          },
        }),
      },
    });
    renderAt(paths.teamPage(SECRET));
    const money = await screen.findByRole('region', { name: 'Your payments' });
    expect(within(money).getByText('Separate rooms supplement').nextSibling).toHaveTextContent(
      '£300',
    );
    expect(within(money).getByText('Paid in full')).toBeInTheDocument();
    expect(within(money).queryByRole('button', { name: 'Pay balance' })).not.toBeInTheDocument();
    expect(screen.getByText('Separate rooms')).toBeInTheDocument();
  });

  it('back from the checkout, says the payment is being confirmed and asks again until it shows', async () => {
    let asked = 0;
    stubNetwork({
      team_page: () => {
        asked += 1;
        return { body: team({ money: asked < 3 ? owing : paidInFull }) };
      },
    });
    renderAt(`${paths.teamPage(SECRET)}?paid=balance`);
    expect(await screen.findByText(/your payment is being confirmed/)).toBeInTheDocument();
    expect(
      await screen.findByText('Thank you: your payment has been received.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Paid in full')).toBeInTheDocument();
    expect(asked).toBe(3);
  });

  it('after the cut-off, says until when changes were possible and whom to contact', async () => {
    stubNetwork({ team_page: { body: team({ details_editable: false }) } });
    renderAt(paths.teamPage(SECRET));
    expect(
      await screen.findByText(
        /Details could be changed until 8 June 2026\. To change anything now/,
      ),
    ).toHaveTextContent('please contact the organisers at info@europerally.org.uk');
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
  });

  it('edits the details with the sign-up rules, and shows the database refusal beside its field, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      team_page: { body: team() },
      update_team_details: {
        status: 400,
        body: {
          code: 'PT400',
          message: 'Please enter a valid email address.',
          details: 'coDriverEmail',
        },
      },
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    // The sign-up form's rule, on the client first.
    await user.type(screen.getByLabelText(/^Co-driver phone/), '12');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByLabelText(/^Co-driver phone/)).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid phone number (7 to 15 digits).'),
    );
    expect(calls.some((call) => call.name === 'update_team_details')).toBe(false);
    await user.clear(screen.getByLabelText(/^Co-driver phone/));
    await user.type(screen.getByLabelText(/^Co-driver full name/), 'Sam Navigator');
    await user.type(screen.getByLabelText(/^Co-driver email/), 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const field = screen.getByLabelText(/^Co-driver email/);
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('sam@example.org');
    expect(screen.getByLabelText(/^Co-driver full name/)).toHaveValue('Sam Navigator');
    const sent = calls.find((call) => call.name === 'update_team_details')?.body as {
      secret: string;
      details: Record<string, unknown>;
    };
    expect(sent.secret).toBe(SECRET);
    expect(sent.details).toMatchObject({
      co_driver_name: 'Sam Navigator',
      co_driver_email: 'sam@example.org',
      vehicle_model: 'Cooper',
      separate_rooms: false,
    });
  });

  it('saves the details and shows them, with the supplement said before saving', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      team_page: { body: team() },
      update_team_details: {
        body: team({ co_driver_name: 'Sam Navigator', co_driver_email: 'sam@example.org' }),
      },
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    await user.type(screen.getByLabelText(/^Co-driver full name/), 'Sam Navigator');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(screen.getByText('Sam Navigator, sam@example.org')).toBeInTheDocument();
  });

  it("asks for the co-driver's documents once a co-driver is added under Edit details", async () => {
    const user = userEvent.setup({ delay: null });
    const section = { date_of_birth: null, licence_number: '', licence_expiry: null };
    const documents = (co: boolean) => ({
      details: {
        lead: { ...section, name: 'Alex Driver', complete: false },
        co: co ? { ...section, name: 'Sam Navigator', complete: false } : null,
        vehicle: { vehicle_make: 'Mini', insurance_expiry: null, mot_expiry: null },
        complete: false,
      },
      items: [],
      ready: false,
      readiness: 'documents missing',
      missing: [],
    });
    let saved = false;
    stubNetwork({
      team_page: { body: team() },
      team_readiness: () => ({ body: documents(saved) }),
      update_team_details: () => {
        saved = true;
        return { body: team({ co_driver_name: 'Sam Navigator' }) };
      },
    });
    renderAt(paths.teamPage(SECRET));
    const form = await screen.findByRole('form', { name: 'Drivers and car' });
    expect(within(form).queryByRole('group', { name: 'Co-driver' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    await user.type(screen.getByLabelText(/^Co-driver full name/), 'Sam Navigator');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    // The section is made again for two drivers once the save is answered: wait for it.
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Drivers and car' })).getByRole('group', {
          name: 'Co-driver',
        }),
      ).toBeInTheDocument(),
    );
  });

  it('offers the team pack once paid in full and ready to drive, and says when it will come before', async () => {
    const user = userEvent.setup({ delay: null });
    const section = { date_of_birth: '1980-01-01', licence_number: 'X', licence_expiry: null };
    let ready = false;
    const calls = stubNetwork({
      team_page: { body: team({ money: paidInFull }) },
      team_readiness: () => ({
        body: {
          details: {
            lead: { ...section, name: 'Alex Driver', complete: true },
            co: null,
            vehicle: { vehicle_make: 'Mini', insurance_expiry: null, mot_expiry: null },
            complete: true,
          },
          items: [],
          ready,
          readiness: ready ? 'ready to drive' : 'awaiting check',
          missing: [],
        },
      }),
      'team-pack': { status: 409, body: { error: 'The team pack is not ready yet.' } },
    });
    const { unmount } = renderAt(paths.teamPage(SECRET));
    expect(await screen.findByText(/ready to download here once every document/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download the team pack' })).toBeNull();
    unmount();
    ready = true;
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Download the team pack' }));
    // The function's own sentence when it refuses.
    expect(await screen.findByText('The team pack is not ready yet.')).toBeVisible();
    expect(calls.filter((call) => call.name === 'team-pack')).toEqual([
      { name: 'team-pack', body: { secret: SECRET } },
    ]);
  });

  it('says what separate rooms cost before saving, as the choice changes', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      team_page: {
        body: team({
          separate_rooms: true,
          money: { ...owing, supplement_pence: 30_000, total_pence: 425_000 },
        }),
      },
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const rooms = screen.getByLabelText('We would like separate rooms');
    expect(rooms).toBeChecked();
    expect(rooms).toHaveAccessibleDescription(
      'Separate rooms add £300: your price becomes £4,250.',
    );
    await user.click(rooms);
    expect(rooms).toHaveAccessibleDescription(
      'Separate rooms would add £300 to your price of £3,950.',
    );
  });

  it('shows what the terms give back before asking to confirm, then says it is cancelled with the refund due', async () => {
    const user = userEvent.setup({ delay: null });
    let cancelled = false;
    const calls = stubNetwork({
      team_page: () => ({
        body: cancelled
          ? team({
              cancelled: true,
              cancelled_at: '2026-03-20T12:00:00Z',
              refund_due_pence: 185_000,
              may_cancel: false,
              details_editable: false,
              money: { ...paidInFull, state: 'cancelled', refund_due_pence: 185_000 },
            })
          : team({ money: paidInFull }),
      }),
      cancellation_quote: {
        body: {
          refund_pence: 185_000,
          percent: 50,
          days_before: 94,
          paid_pence: 395_000,
          deposit_pence: 25_000,
        },
      },
      cancel_registration: () => {
        cancelled = true;
        return {
          body: {
            outcome: 'cancelled',
            refund_due_pence: 185_000,
            cancelled_at: '2026-03-20T12:00:00Z',
          },
        };
      },
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    expect(
      await screen.findByText(
        'If you cancel today you will get back £1,850 (50% of what you paid beyond the deposit).',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'cancel_registration')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel our registration' }));
    expect(
      await screen.findByText(/Your registration is cancelled\. A refund of £1,850 is due to you/),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('This registration was cancelled on 20 March 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('money-state')).toHaveTextContent(
      'This registration is cancelled. A refund of £1,850 is due to you.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay balance' })).not.toBeInTheDocument();
    // The team's and the organiser's emails the cancellation queued are sent at once.
    expect(calls).toContainEqual({ name: 'participant-emails', body: { only: 'cancellation' } });
  });

  it('says plainly when cancelling today gives nothing back', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      team_page: { body: team({ money: paidInFull }) },
      cancellation_quote: {
        body: {
          refund_pence: 0,
          percent: 0,
          days_before: 40,
          paid_pence: 395_000,
          deposit_pence: 25_000,
        },
      },
    });
    renderAt(paths.teamPage(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    expect(
      await screen.findByText(/If you cancel today you will get nothing back/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep our registration' }));
    expect(screen.getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();
  });
});
