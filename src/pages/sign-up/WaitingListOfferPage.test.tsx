// The waiting-list offer's page: a standing offer shows until when the place is held and the
// registration form filled in, which registers with the offer's secret and goes on to the
// deposit; "Decline this place" asks first; a link that opens nothing shows nothing personal;
// loading and a failed load. The database and the checkout function are stood in for at the
// network; the database's side is in tests/contract/waiting-list.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import type { WaitingListOffer } from '../../data/waitingList';
import { restoreNetwork, stubNetwork } from '../../test/network';
import WaitingListOfferPage, {
  DECLINED,
  OFFER_LOAD_FAILED,
  OFFER_NOT_VALID,
} from './WaitingListOfferPage';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

const offer: WaitingListOffer = {
  edition_year: 2026,
  edition_name: '2026 Europe Rally',
  name: 'Robin Waiting',
  email: 'robin@example.org',
  phone: '07700 900456',
  // 14:30 in London (summer time).
  expires_at: '2026-03-30T13:30:00Z',
  status: 'offered',
};

function renderAt(path: string, onRegistered = vi.fn()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path={paths.waitingListOfferPattern}
          element={<WaitingListOfferPage onRegistered={onRegistered} />}
        />
        <Route path={paths.signUp} element={<p>The sign-up page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('WaitingListOfferPage', { timeout: 20_000 }, () => {
  it('is never indexed and sends no Referer carrying the secret', async () => {
    stubNetwork({ waiting_list_offer: { body: offer } });
    renderAt(paths.waitingListOffer(SECRET));
    await screen.findByRole('form', { name: 'Rally registration' });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('says until when the place is held (en-GB, London time) and fills in the form', async () => {
    const calls = stubNetwork({ waiting_list_offer: { body: offer } });
    renderAt(paths.waitingListOffer(SECRET));
    expect(
      await screen.findByRole('heading', {
        name: 'A place on the 2026 Europe Rally is yours until 30 March 2026 at 14:30 BST',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Robin Waiting');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('robin@example.org');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('07700 900456');
    expect(calls).toEqual([{ name: 'waiting_list_offer', body: { secret: SECRET } }]);
  });

  it("registers with the offer's secret and goes on to the deposit", async () => {
    const user = userEvent.setup({ delay: null });
    const reference = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    const checkoutUrl = 'http://127.0.0.1:54321/local/checkout/cs_test_offer';
    const calls = stubNetwork({
      waiting_list_offer: { body: offer },
      submit_registration: { body: reference },
      'submission-delivery': { body: { webhook: 'delivered', email: 'sent' } },
      checkout: { body: { url: checkoutUrl } },
    });
    const onRegistered = vi.fn();
    renderAt(paths.waitingListOffer(SECRET), onRegistered);
    await user.click(await screen.findByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith(checkoutUrl));
    const submitted = calls.find((call) => call.name === 'submit_registration');
    expect(submitted?.body).toMatchObject({
      lead_driver_name: 'Robin Waiting',
      lead_driver_email: 'robin@example.org',
      lead_driver_phone: '07700 900456',
      accept_terms: true,
      waiting_list_offer: SECRET,
    });
    expect(calls.find((call) => call.name === 'checkout')?.body).toEqual({
      kind: 'deposit',
      reference,
    });
  });

  it('an offer that stopped standing before the form was sent: the page shows the link as not valid', async () => {
    const user = userEvent.setup({ delay: null });
    let standing = true;
    stubNetwork({
      waiting_list_offer: () => ({ body: standing ? offer : null }),
      submit_registration: () => {
        standing = false;
        return { status: 409, body: { code: 'PT409', message: 'Full', details: 'full' } };
      },
    });
    renderAt(paths.waitingListOffer(SECRET));
    await user.click(await screen.findByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(await screen.findByRole('heading', { name: OFFER_NOT_VALID })).toBeInTheDocument();
  });

  it('an entry carried over from the old email-only box: the form starts with its email alone', async () => {
    stubNetwork({ waiting_list_offer: { body: { ...offer, name: null, phone: null } } });
    renderAt(paths.waitingListOffer(SECRET));
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('robin@example.org');
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('');
    // Sending asks for what is missing, by the form's own rules.
    await userEvent.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(screen.getByText("Please enter the lead driver's full name.")).toBeInTheDocument();
    expect(screen.getByText("Please enter the lead driver's phone number.")).toBeInTheDocument();
  });

  it('declines after asking, and says the place has gone to the next person', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      waiting_list_offer: { body: offer },
      decline_waiting_list_offer: { body: true },
      'participant-emails': { body: { ok: true } },
    });
    renderAt(paths.waitingListOffer(SECRET));
    await user.click(await screen.findByRole('button', { name: 'Decline this place' }));
    expect(calls.some((call) => call.name === 'decline_waiting_list_offer')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Keep the offer' }));
    await user.click(screen.getByRole('button', { name: 'Decline this place' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline this place' }));
    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'decline_waiting_list_offer')).toEqual([
      { name: 'decline_waiting_list_offer', body: { secret: SECRET } },
    ]);
    // The next person's offer, which the decline queued, is sent now.
    expect(calls).toContainEqual({ name: 'participant-emails', body: { only: 'waiting_list' } });
    expect(screen.queryByRole('form', { name: 'Rally registration' })).toBeNull();
  });

  it('a wrong, altered, expired or used link shows nothing personal and leads to /sign-up', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({ waiting_list_offer: { body: null } });
    renderAt(paths.waitingListOffer(`${SECRET.slice(0, -1)}x`));
    expect(await screen.findByRole('heading', { name: OFFER_NOT_VALID })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.body).not.toHaveTextContent('Robin');
    await user.click(screen.getByRole('link', { name: 'Go to the sign-up page' }));
    expect(await screen.findByText('The sign-up page')).toBeInTheDocument();
  });

  it('says it is loading, and offers to try again when the load fails', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: 'hang' | 'fail' | 'offer' = 'fail';
    stubNetwork({
      waiting_list_offer: () =>
        answer === 'fail' ? { status: 503, body: { message: 'down' } } : { body: offer },
    });
    renderAt(paths.waitingListOffer(SECRET));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your offer...');
    expect(await screen.findByText(OFFER_LOAD_FAILED)).toBeInTheDocument();
    answer = 'offer';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Rally registration' })).toBeInTheDocument();
  });
});
