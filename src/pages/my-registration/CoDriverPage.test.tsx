// The co-driver's own section (/my-registration/co-driver/<secret>), with the network stood in at
// fetch: it shows and saves only the co-driver's own details, shows the database's refusal beside
// its field, says so after the cut-off, and shows nothing personal for a link that opens nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import type { CoDriverPage as Section } from '../../data/coDriver';
import { restoreNetwork, stubNetwork } from '../../test/network';
import CoDriverPage from './CoDriverPage';
import { LINK_NOT_VALID } from '../../data/teamPage';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

function section(overrides: Partial<Section> = {}): Section {
  return {
    team_name: 'The Hairpins',
    co_driver_name: 'Sam Co',
    co_driver_email: 'sam@example.org',
    co_driver_phone: '07700 900456',
    driver: {
      date_of_birth: null,
      licence_number: '',
      licence_expiry: null,
      emergency_contact_name: '',
      emergency_contact_phone: '',
      complete: false,
    },
    licence: {
      kind: 'co_licence',
      label: 'Co-driver’s driving licence',
      status: 'missing',
      reason: null,
      file_name: null,
      submitted_at: null,
    },
    edition: {
      year: 2026,
      name: '2026 Europe Rally',
      start_date: '2026-06-22',
      end_date: '2026-06-28',
    },
    cancelled: false,
    details_editable_until: '2026-06-08',
    details_editable: true,
    ...overrides,
  };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[paths.coDriverPage(SECRET)]}>
      <Routes>
        <Route path={paths.coDriverPagePattern} element={<CoDriverPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('CoDriverPage', { timeout: 20_000 }, () => {
  it('saves only the co-driver’s own details', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      co_driver_page: { body: section() },
      update_co_driver_details: { body: section({ co_driver_phone: '+44 7700 900789' }) },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The Hairpins: co-driver' })).toBeVisible();
    const phone = screen.getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '+44 7700 900789');
    await user.type(screen.getByLabelText('Date of birth'), '1990-02-03');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeVisible();
    expect(calls.at(-1)).toEqual({
      name: 'update_co_driver_details',
      body: {
        secret: SECRET,
        details: {
          co_driver_name: 'Sam Co',
          co_driver_email: 'sam@example.org',
          co_driver_phone: '+44 7700 900789',
          date_of_birth: '1990-02-03',
          licence_number: '',
          licence_expiry: '',
          emergency_contact_name: '',
          emergency_contact_phone: '',
        },
      },
    });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('sends the co-driver’s licence through the co-driver’s own link, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    let uploaded: FormData | null = null;
    const submitted = section({
      licence: {
        kind: 'co_licence',
        label: 'Co-driver’s driving licence',
        status: 'submitted',
        reason: null,
        file_name: 'licence.pdf',
        submitted_at: '2026-03-20T10:00:00Z',
      },
    });
    let loads = 0;
    stubNetwork({
      co_driver_page: () => {
        loads += 1;
        return { body: loads === 1 ? section() : submitted };
      },
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/functions/v1/team-documents')) return stubbed(input, init);
      uploaded = init?.body as FormData;
      return new Response('{"document_id":"d1"}', {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderPage();
    await user.type(await screen.findByLabelText('Licence number'), 'MORGA657054SM9IJ');
    expect(screen.getByText('Missing')).toBeVisible();
    const input = screen.getByLabelText(/Upload Co-driver’s driving licence/);
    await user.upload(input, new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('licence.pdf was sent. The organisers will check it.'),
    ).toBeVisible();
    const form = uploaded as unknown as FormData;
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('kind')).toBe('co_licence');
    expect(await screen.findByText('Submitted')).toBeVisible();
    expect(loads).toBe(2);
    // Only the licence was read again: the form still holds what was typed.
    expect(screen.getByLabelText('Licence number')).toHaveValue('MORGA657054SM9IJ');
  });

  it('checks the fields before asking, and shows the database’s refusal beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      co_driver_page: { body: section() },
      update_co_driver_details: {
        status: 400,
        body: {
          code: 'PT400',
          details: 'coDriverEmail',
          message: 'Please enter a valid email address.',
        },
      },
    });
    renderPage();
    const name = await screen.findByLabelText(/^Full name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Please enter your full name.')).toBeVisible();
    expect(calls.map((call) => call.name)).toEqual(['co_driver_page']);
    await user.type(name, 'Sam Co');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an under-18 refusal beside the date of birth', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      co_driver_page: { body: section() },
      update_co_driver_details: {
        status: 400,
        body: {
          code: 'PT400',
          details: 'coDateOfBirth',
          message: 'A driver must be 18 or over on 22 June 2026.',
        },
      },
    });
    renderPage();
    await user.type(await screen.findByLabelText('Date of birth'), '2009-06-23');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('A driver must be 18 or over on 22 June 2026.')).toBeVisible();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the details can no longer be changed', async () => {
    stubNetwork({ co_driver_page: { body: section({ details_editable: false }) } });
    renderPage();
    expect(
      await screen.findByText(/Your details could be changed until 8 June 2026/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save my details' })).not.toBeInTheDocument();
  });

  it('shows nothing personal for a link that opens nothing', async () => {
    stubNetwork({ co_driver_page: { body: null } });
    renderPage();
    expect(await screen.findByRole('heading', { name: LINK_NOT_VALID })).toBeVisible();
    expect(screen.queryByText('Sam Co')).not.toBeInTheDocument();
  });
});
