import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { PHONE_HINT } from '../../lib/field-rules';
import { SponsorshipForm } from './SponsorshipForm';
import { restoreNetwork } from '../../test/network';

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Company name/), 'Acme Motors');
  await user.type(screen.getByLabelText(/Email/), 'cars@acme.example');
  await user.type(screen.getByLabelText(/Phone/), '01234 567890');
  await user.selectOptions(screen.getByLabelText(/Sponsorship tier/), 'Tier 2 - £2,100');
  await user.type(screen.getByLabelText(/Message/), 'We would love a car.');
}

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('SponsorshipForm', { timeout: 20_000 }, () => {
  it("starts the tier at 'Select Sponsorship Tier' with exactly the three spec options", () => {
    render(<SponsorshipForm />, { wrapper: MemoryRouter });
    const options = [
      ...(screen.getByLabelText(/Sponsorship tier/) as HTMLSelectElement).options,
    ].map((o) => o.text);
    expect(options).toEqual([
      'Select Sponsorship Tier',
      'Tier 1 - £8,000',
      'Tier 2 - £2,100',
      'Tier 3 - £800',
    ]);
  });

  it('takes the tier a tier card chose from the address, focused, and states the length limits', async () => {
    render(
      <MemoryRouter initialEntries={['/sponsors?tier=tier-3#sponsorship-enquiry']}>
        <SponsorshipForm />
      </MemoryRouter>,
    );
    const tier = screen.getByLabelText(/Sponsorship tier/);
    await waitFor(() => expect(tier).toHaveValue('Tier 3 - £800'));
    expect(tier).toHaveFocus();
    expect(screen.getByLabelText(/Message/)).toHaveAccessibleDescription('Up to 2,000 characters.');
    expect(screen.getByLabelText(/Phone/)).toHaveAccessibleDescription(PHONE_HINT);
  });

  it('refuses an empty or badly addressed enquiry, says why beside each field and focuses the first', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<SponsorshipForm />, { wrapper: MemoryRouter });
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    const company = screen.getByLabelText(/Company name/);
    expect(company).toHaveFocus();
    expect(company).toHaveAttribute('aria-invalid', 'true');
    // The field states its limit, then what went wrong.
    expect(company).toHaveAccessibleDescription(
      'Up to 200 characters. Please enter your company name.',
    );
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(screen.getByLabelText(/Sponsorship tier/)).toHaveAccessibleDescription(
      'Please select a sponsorship tier.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the enquiry, asks for its delivery, thanks the sponsor in a closable modal and clears the form', async () => {
    const user = userEvent.setup({ delay: null });
    const reference = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/rpc/')
        ? new Response(JSON.stringify(reference), { status: 200 })
        : new Response('{"webhook":"delivered","email":"sent"}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<SponsorshipForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/rest/v1/rpc/submit_sponsorship_enquiry');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      company_name: 'Acme Motors',
      email: 'cars@acme.example',
      phone: '01234 567890',
      tier: 'Tier 2 - £2,100',
      message: 'We would love a car.',
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [deliveryUrl, delivery] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(deliveryUrl).toContain('/functions/v1/submission-delivery');
    expect(JSON.parse(String(delivery.body))).toMatchObject({ kind: 'sponsorship', id: reference });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('');
    expect(screen.getByLabelText(/Sponsorship tier/)).toHaveValue('');
  });

  it('says there was an issue on a non-ok answer and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    // A new answer per call: a body can be read once.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    render(<SponsorshipForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an issue submitting your inquiry. Please try again.',
    );
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Acme Motors');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says there was an error when the request fails and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    render(<SponsorshipForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'There was an error submitting your inquiry. Please try again.',
      ),
    );
    expect(screen.getByLabelText(/Message/)).toHaveValue('We would love a car.');
  });
});
