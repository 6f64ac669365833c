import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_NOT_STARTED } from '../../data/registrations';
import { RegistrationForm, REGISTRATION_FULL } from './RegistrationForm';
import { restoreNetwork } from '../../test/network';

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

function renderForm(onRegistered = vi.fn(), onFull = vi.fn()) {
  render(
    <MemoryRouter>
      <RegistrationForm onRegistered={onRegistered} onFull={onFull} />
    </MemoryRouter>,
  );
  return onRegistered;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Full name/), 'Alex Driver');
  await user.type(screen.getByLabelText(/^Email/), 'alex@example.org');
  await user.type(screen.getByLabelText(/^Phone/), '07700 900123');
  await user.click(screen.getByLabelText(/I accept the/));
}

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('RegistrationForm', { timeout: 20_000 }, () => {
  it("requires the lead driver's name, email and phone and the terms, nothing else", async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    expect(screen.getByText("Please enter the lead driver's full name.")).toBeInTheDocument();
    expect(screen.getByText("Please enter the lead driver's email address.")).toBeInTheDocument();
    expect(screen.getByText("Please enter the lead driver's phone number.")).toBeInTheDocument();
    expect(
      screen.getByText('Please accept the terms and conditions to register.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Co-driver full name/)).not.toHaveAttribute('aria-invalid');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('links the terms and notes the extra cost of separate rooms', () => {
    renderForm();
    expect(screen.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute(
      'href',
      '/terms-conditions',
    );
    expect(screen.getByLabelText('We would like separate rooms')).toHaveAccessibleDescription(
      'Separate rooms are available at an extra cost; we will confirm the price with you.',
    );
  });

  it('stores the registration, asks for its delivery and sends the browser to pay with the reference', async () => {
    const user = userEvent.setup({ delay: null });
    const reference = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    const checkoutUrl = 'http://127.0.0.1:54321/local/checkout/cs_test_deposit';
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/rpc/submit_registration')
        ? new Response(JSON.stringify(reference), { status: 200 })
        : String(input).includes('/functions/v1/checkout')
          ? Response.json({ url: checkoutUrl })
          : new Response('{"webhook":"delivered","email":"sent"}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onRegistered = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Co-driver full name/), 'Sam Navigator');
    await user.type(screen.getByLabelText(/Team name/), 'The Hairpins');
    await user.type(screen.getByLabelText(/Vehicle make/), 'Mini');
    await user.type(screen.getByLabelText(/Vehicle colour/), 'Red');
    await user.type(screen.getByLabelText(/Registration plate/), 'AB12 CDE');
    await user.click(screen.getByLabelText('We would like separate rooms'));
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalled());
    // The Checkout Session the checkout function made for the deposit the database computes.
    expect(onRegistered).toHaveBeenCalledWith(checkoutUrl);
    // The layout reads settings, editions and events beside the form: find the form's call by address.
    const calls = fetch.mock.calls.filter(([input]) =>
      /\/rest\/v1\/rpc\/|\/functions\/v1\//.test(String(input)),
    );
    expect(calls).toHaveLength(3);
    const [url, init] = calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/rest/v1/rpc/submit_registration');
    expect(JSON.parse(String(init.body))).toEqual({
      lead_driver_name: 'Alex Driver',
      lead_driver_email: 'alex@example.org',
      lead_driver_phone: '07700 900123',
      accept_terms: true,
      co_driver_name: 'Sam Navigator',
      co_driver_email: '',
      co_driver_phone: '',
      team_name: 'The Hairpins',
      separate_rooms: true,
      vehicle_make: 'Mini',
      vehicle_colour: 'Red',
      registration_plate: 'AB12 CDE',
    });
    const [deliveryUrl, delivery] = calls[1] as unknown as [string, RequestInit];
    expect(deliveryUrl).toContain('/functions/v1/submission-delivery');
    expect(JSON.parse(String(delivery.body))).toEqual({
      kind: 'registration',
      id: reference,
      retry: false,
    });
    const [checkoutCall, started] = calls[2] as unknown as [string, RequestInit];
    expect(checkoutCall).toContain('/functions/v1/checkout');
    // No amount: the function asks the database for it.
    expect(JSON.parse(String(started.body))).toEqual({ kind: 'deposit', reference });
  });

  it('when the payment cannot be started it says so, and sending again starts the payment only', async () => {
    const user = userEvent.setup({ delay: null });
    const reference = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    let checkoutAnswers = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/rpc/submit_registration'))
        return new Response(JSON.stringify(reference), { status: 200 });
      if (!String(input).includes('/functions/v1/checkout'))
        return new Response('{"webhook":"delivered","email":"sent"}', { status: 200 });
      checkoutAnswers += 1;
      return checkoutAnswers === 1
        ? Response.json({ error: 'The payment could not be started.' }, { status: 500 })
        : Response.json({ url: 'http://127.0.0.1:54321/local/checkout/cs_test_2' });
    });
    vi.stubGlobal('fetch', fetch);
    const onRegistered = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(await screen.findByText(DEPOSIT_NOT_STARTED)).toBeInTheDocument();
    expect(onRegistered).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    await vi.waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith('http://127.0.0.1:54321/local/checkout/cs_test_2'),
    );
    const stored = fetch.mock.calls.filter(([input]) =>
      String(input).includes('/rpc/submit_registration'),
    );
    expect(stored).toHaveLength(1);
  });

  it('shows the database’s refusal beside its field and keeps everything typed', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({
            code: 'PT400',
            message: 'Please enter a valid phone number (7 to 15 digits).',
            details: 'leadDriverPhone',
          }),
          { status: 400 },
        ),
      ),
    );
    const onRegistered = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(
      await screen.findByText('Please enter a valid phone number (7 to 15 digits).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveFocus();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Alex Driver');
    expect(screen.getByLabelText(/I accept the/)).toBeChecked();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  // The server's window decides even when the page's clock says open (supabase/schemas/registrations.sql):
  // its 409 names the phase and carries the visitor's sentence, shown above the form.
  it.each([
    ['closed', 'Registration for the 2026 Europe Rally closed on 31 May 2026.'],
    ['before-opening', 'Registration for the 2026 Europe Rally opens on 1 September 2025.'],
  ])(
    'shows the database’s %s refusal, keeps everything typed, offers no deposit step',
    async (phase, message) => {
      const user = userEvent.setup({ delay: null });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const fetch = vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/rpc/submit_registration')
          ? new Response(JSON.stringify({ code: 'PT409', message, details: phase, hint: null }), {
              status: 409,
            })
          : new Response('[]', { status: 200 }),
      );
      vi.stubGlobal('fetch', fetch);
      const onFull = vi.fn();
      const onRegistered = renderForm(vi.fn(), onFull);
      await fillRequired(user);
      await user.type(screen.getByLabelText(/Team name/), 'The Hairpins');
      await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByLabelText(/^Full name/)).toHaveValue('Alex Driver');
      expect(screen.getByLabelText(/Team name/)).toHaveValue('The Hairpins');
      expect(screen.getByLabelText(/I accept the/)).toBeChecked();
      expect(onRegistered).not.toHaveBeenCalled();
      expect(onFull).not.toHaveBeenCalled();
      // Nothing was stored, so no delivery is asked for either.
      expect(fetch.mock.calls.map(([input]) => String(input))).not.toContainEqual(
        expect.stringContaining('/functions/v1/'),
      );
    },
  );

  it('says the rally is full when the database answers 409 for its places', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/rpc/submit_registration')
          ? new Response(
              JSON.stringify({ code: 'PT409', message: 'The rally is full', details: 'places' }),
              { status: 409 },
            )
          : new Response('[]', { status: 200 }),
      ),
    );
    const onFull = vi.fn();
    renderForm(vi.fn(), onFull);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_FULL);
    expect(onFull).toHaveBeenCalled();
  });

  it('says there was an error when the request fails', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Register and Pay Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error submitting your registration. Please try again.',
    );
  });
});
