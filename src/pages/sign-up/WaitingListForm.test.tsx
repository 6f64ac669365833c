// The waiting-list form of a full edition: the registration form's field rules and the consent in
// the wording the database keeps, what join_waiting_list is sent, the place in the queue it
// answers, and its refusals (beside their fields, places left again, too many tries) keeping what
// was typed. The database is stood in for at the network; join_waiting_list itself is tested
// against the emulator in tests/contract/waiting-list.test.ts.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITING_LIST_CONSENT } from '../../config/consent';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { CONSENT_REQUIRED, WAITING_LIST_RATE_LIMITED, WaitingListForm } from './WaitingListForm';

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

function renderForm(onPlacesLeft = vi.fn()) {
  render(<WaitingListForm editionName="2026 Europe Rally" onPlacesLeft={onPlacesLeft} />);
  return onPlacesLeft;
}

const join = () => screen.getByRole('button', { name: 'Join the waiting list' });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Full name/), '  Robin Waiting ');
  await user.type(screen.getByLabelText(/^Email/), 'robin@example.org');
  await user.type(screen.getByLabelText(/^Phone/), '07700 900456');
  await user.click(screen.getByLabelText(WAITING_LIST_CONSENT.wording));
}

describe('WaitingListForm', { timeout: 20_000 }, () => {
  it('asks for name, email, phone and consent by the registration rules, and sends nothing without them', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({});
    renderForm();
    await user.type(screen.getByLabelText(/^Phone/), '12');
    await user.click(join());
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    expect(screen.getByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a valid phone number (7 to 15 digits).'),
    ).toBeInTheDocument();
    expect(screen.getByText(CONSENT_REQUIRED)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('joins with the consent version shown and says the place in the queue', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      join_waiting_list: { body: { position: 3, status: 'waiting' } },
      'participant-emails': { body: { ok: true } },
    });
    renderForm();
    await fill(user);
    await user.click(join());
    expect(
      await screen.findByText(
        'You are on the waiting list: number 3. We will email you if a place becomes free.',
      ),
    ).toBeInTheDocument();
    // The acknowledgement the database queued is sent now rather than at the next run, after the
    // answer is shown (not awaited by it): wait for its call.
    await waitFor(() =>
      expect(calls).toEqual([
        {
          name: 'join_waiting_list',
          body: {
            name: 'Robin Waiting',
            email: 'robin@example.org',
            phone: '07700 900456',
            consent_version: WAITING_LIST_CONSENT.version,
          },
        },
        { name: 'participant-emails', body: { only: 'waiting_list' } },
      ]),
    );
  });

  it('says it is sending while the database answers, on the button', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({ join_waiting_list: 'hang' });
    renderForm();
    await fill(user);
    await user.click(join());
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  });

  it("shows the database's refusal beside its field and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      join_waiting_list: {
        status: 400,
        body: { code: 'PT400', message: 'Please enter a valid email address.', details: 'email' },
      },
    });
    renderForm();
    await fill(user);
    await user.click(join());
    const email = screen.getByLabelText(/^Email/);
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription(/valid email address/));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('robin@example.org');
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('  Robin Waiting ');
    expect(screen.getByLabelText(WAITING_LIST_CONSENT.wording)).toBeChecked();
  });

  it('a refused consent shows beside the box', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      join_waiting_list: {
        status: 400,
        body: { code: 'PT400', message: 'Please agree to be contacted.', details: 'consent' },
      },
    });
    renderForm();
    await fill(user);
    await user.click(join());
    await vi.waitFor(() =>
      expect(screen.getByLabelText(WAITING_LIST_CONSENT.wording)).toHaveAccessibleDescription(
        'Please agree to be contacted.',
      ),
    );
  });

  it('when places are free again, says they can register and has the page count them again', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      join_waiting_list: {
        status: 409,
        body: { code: 'PT409', message: 'Places are left.', details: 'places-left' },
      },
    });
    const onPlacesLeft = renderForm();
    await fill(user);
    await user.click(join());
    expect(
      await screen.findByText(
        'A place on the 2026 Europe Rally is free again, so you can register now.',
      ),
    ).toBeInTheDocument();
    expect(onPlacesLeft).toHaveBeenCalledOnce();
  });

  it("outside the registration window: the calendar's sentence, keeping the form", async () => {
    const user = userEvent.setup({ delay: null });
    const closed = 'Registration for the 2026 Europe Rally closed on 31 May 2026.';
    stubNetwork({
      join_waiting_list: {
        status: 409,
        body: { code: 'PT409', message: closed, details: 'closed' },
      },
    });
    renderForm();
    await fill(user);
    await user.click(join());
    expect(await screen.findByText(closed)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('robin@example.org');
  });

  it('too many tries: says to try again later, keeping the form', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      join_waiting_list: { status: 429, body: { code: 'PT429', message: 'Too many' } },
    });
    renderForm();
    await fill(user);
    await user.click(join());
    expect(await screen.findByText(WAITING_LIST_RATE_LIMITED)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('07700 900456');
  });
});
