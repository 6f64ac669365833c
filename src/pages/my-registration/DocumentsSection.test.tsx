// The Documents section of the team's page (issue 25): loading, the error with Try again, each
// document's status in words (Missing, Submitted, Accepted, Rejected: <reason>), "View" opening
// the signed URL the team-documents function answers, uploads checked in the browser for type and
// size before anything is sent and the busy state while one is sent, and the details' checks: a
// driver under 18 on the start date and an expiry before the end refused beside the field before
// the database is asked, the database's own refusal shown beside its field with everything typed
// kept. The database and the function are stood in for at the network (test/network.ts); their
// side is tested against the emulator in the contract tests and end to end in
// tests/e2e/team-documents.spec.ts.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamPage } from '../../data/teamPage';
import type { TeamReadiness } from '../../data/teamDocuments';
import { DOCUMENT_TOO_LARGE, DOCUMENT_WRONG_TYPE } from '../../data/teamDocuments';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { DocumentsSection, DOCUMENTS_LOAD_FAILED } from './DocumentsSection';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

const team = {
  co_driver_name: '',
  edition: {
    year: 2026,
    name: '2026 Europe Rally',
    start_date: '2026-06-22',
    end_date: '2026-06-28',
    start_place: 'United Kingdom',
    finish_place: 'Austria',
    balance_due: '2026-05-01',
  },
} as TeamPage;

const driver = {
  name: 'Alex Driver',
  date_of_birth: null,
  licence_number: '',
  licence_expiry: null,
  emergency_contact_name: '',
  emergency_contact_phone: '',
  complete: false,
};

function readiness(overrides: Partial<TeamReadiness> = {}): TeamReadiness {
  return {
    details: {
      lead: driver,
      co: null,
      vehicle: {
        vehicle_make: 'Mini',
        vehicle_model: 'Cooper',
        vehicle_colour: 'Red',
        registration_plate: 'AB12 CDE',
        insurance_expiry: null,
        mot_expiry: null,
      },
      complete: false,
    },
    items: [
      {
        kind: 'lead_licence',
        label: "Lead driver's driving licence",
        status: 'accepted',
        reason: null,
        file_name: 'licence.pdf',
        submitted_at: '2026-03-20T10:00:00Z',
      },
      {
        kind: 'insurance',
        label: 'Insurance certificate',
        status: 'rejected',
        reason: 'It does not cover France.',
        file_name: 'insurance.pdf',
        submitted_at: '2026-03-20T10:05:00Z',
      },
      {
        kind: 'mot',
        label: 'MOT certificate',
        status: 'missing',
        reason: null,
        file_name: null,
        submitted_at: null,
      },
    ],
    ready: false,
    readiness: 'rejected',
    missing: [],
    ...overrides,
  };
}

function renderSection() {
  return render(<DocumentsSection secret={SECRET} team={team} />);
}

const item = (label: string) => screen.getByText(label).closest('li') as HTMLElement;

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('DocumentsSection', { timeout: 20_000 }, () => {
  it('says it is loading while the documents are asked for', () => {
    stubNetwork({ team_readiness: 'hang' });
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your documents...');
  });

  it('says when the documents could not be loaded, and loads them again on "Try again"', async () => {
    let down = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubNetwork({
      team_readiness: () =>
        down ? { status: 500, body: { message: 'down' } } : { body: readiness() },
    });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENTS_LOAD_FAILED);
    down = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('MOT certificate')).toBeInTheDocument();
  });

  it('says each document as missing, submitted, accepted or rejected with the reason', async () => {
    stubNetwork({ team_readiness: { body: readiness() } });
    renderSection();
    expect(await screen.findByText('1 of 3 documents accepted.')).toBeInTheDocument();
    expect(within(item("Lead driver's driving licence")).getByText('Accepted')).toBeVisible();
    expect(
      within(item('Insurance certificate')).getByText('Rejected: It does not cover France.'),
    ).toBeVisible();
    expect(within(item('MOT certificate')).getByText('Missing')).toBeVisible();
    // An accepted document is not sent again; the others are.
    expect(within(item("Lead driver's driving licence")).queryByLabelText(/Upload/)).toBeNull();
    expect(within(item('MOT certificate')).getByLabelText(/Upload MOT certificate/)).toBeEnabled();
    expect(
      within(item('Insurance certificate')).getByLabelText(/Upload again Insurance certificate/),
    ).toBeEnabled();
  });

  it('says when the team is ready to drive', async () => {
    stubNetwork({
      team_readiness: {
        body: readiness({
          items: readiness().items.map((one) => ({ ...one, status: 'accepted', reason: null })),
          ready: true,
          readiness: 'ready to drive',
        }),
      },
    });
    renderSection();
    expect(
      await screen.findByText('Ready to drive: every document has been accepted.'),
    ).toBeInTheDocument();
  });

  it('opens the signed URL the function answers for "View"', async () => {
    const user = userEvent.setup({ delay: null });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const url = 'https://db.example.org/storage/v1/object/sign/documents/x.pdf?token=t';
    const calls = stubNetwork({
      team_readiness: { body: readiness() },
      'team-documents': { body: { url } },
    });
    renderSection();
    await user.click(
      await screen.findByRole('button', { name: "View Lead driver's driving licence" }),
    );
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer'));
    expect(calls.find((call) => call.name === 'team-documents')?.body).toEqual({
      secret: SECRET,
      kind: 'lead_licence',
      action: 'url',
    });
  });

  it('refuses a file of the wrong type or over 10 MB before sending it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const calls = stubNetwork({ team_readiness: { body: readiness() } });
    renderSection();
    const input = await screen.findByLabelText(/Upload MOT certificate/);
    await user.upload(input, new File(['<html>'], 'mot.html', { type: 'text/html' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENT_WRONG_TYPE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const large = new File(['%PDF-'], 'mot.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, large);
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENT_TOO_LARGE);
    expect(calls.map((call) => call.name)).toEqual(['team_readiness']);
  });

  it('sends a chosen PDF, says so while it is sent, then shows the documents again', async () => {
    const user = userEvent.setup({ delay: null });
    let release = () => {};
    const sent = new Promise<void>((resolve) => (release = resolve));
    let uploaded: FormData | null = null;
    let loads = 0;
    stubNetwork({
      team_readiness: () => {
        loads += 1;
        return { body: readiness() };
      },
    });
    // The upload is multipart: its form is read here rather than by the JSON stand-in.
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/functions/v1/team-documents')) return stubbed(input, init);
      uploaded = init?.body as FormData;
      await sent;
      return new Response('{"document_id":"d1"}', {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderSection();
    const input = await screen.findByLabelText(/Upload MOT certificate/);
    await user.upload(input, new File(['%PDF-1.4'], 'mot.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Sending mot.pdf (8 B)...')).toBeInTheDocument();
    expect(input).toBeDisabled();
    release();
    expect(
      await screen.findByText('mot.pdf was sent. The organisers will check it.'),
    ).toBeInTheDocument();
    const form = uploaded as unknown as FormData;
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('kind')).toBe('mot');
    expect((form.get('file') as File).name).toBe('mot.pdf');
    await waitFor(() => expect(loads).toBe(2));
  });

  it("says the function's refusal of an upload beside it", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubNetwork({
      team_readiness: { body: readiness() },
      'team-documents': {
        status: 400,
        body: { error: 'Please send a JPEG, PNG or PDF file.', field: 'file' },
      },
    });
    renderSection();
    await user.upload(
      await screen.findByLabelText(/Upload MOT certificate/),
      new File(['<html>'], 'mot.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please send a JPEG, PNG or PDF file.',
    );
  });

  it('refuses a driver under 18 on the start date and an expiry before the end, beside the fields, before asking the database', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({ team_readiness: { body: readiness() } });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Drivers and car' });
    const lead = within(within(form).getByRole('group', { name: 'Lead driver' }));
    // 17 years before the start: 18 only the day after it.
    fireEvent.change(lead.getByLabelText('Date of birth'), { target: { value: '2008-06-23' } });
    fireEvent.change(lead.getByLabelText('Licence valid until'), {
      target: { value: '2026-06-27' },
    });
    fireEvent.change(within(form).getByLabelText(/Insurance valid until/), {
      target: { value: '2026-06-01' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save documents' }));
    expect(lead.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'A driver must be 18 or over on 22 June 2026.',
    );
    expect(lead.getByLabelText('Date of birth')).toHaveFocus();
    expect(lead.getByLabelText('Licence valid until')).toHaveAccessibleDescription(
      'The licence must be valid until the end of the rally (28 June 2026).',
    );
    expect(within(form).getByLabelText(/Insurance valid until/)).toHaveAccessibleDescription(
      expect.stringContaining(
        'The insurance must be valid until the end of the rally (28 June 2026).',
      ),
    );
    expect(calls.map((call) => call.name)).toEqual(['team_readiness']);
  });

  it("shows the database's refusal beside its field and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubNetwork({
      team_readiness: { body: readiness() },
      update_team_documents_details: {
        status: 400,
        body: {
          code: 'PT400',
          message: 'The MOT must be valid until the end of the rally (28 June 2026).',
          details: 'motExpiry',
        },
      },
    });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Drivers and car' });
    const lead = within(within(form).getByRole('group', { name: 'Lead driver' }));
    fireEvent.change(lead.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    await user.type(lead.getByLabelText(/Driving licence number/), 'DRIVE905010AB9CD');
    fireEvent.change(within(form).getByLabelText('MOT valid until'), {
      target: { value: '2026-07-31' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save documents' }));
    const mot = within(form).getByLabelText('MOT valid until');
    await waitFor(() =>
      expect(mot).toHaveAccessibleDescription(
        'The MOT must be valid until the end of the rally (28 June 2026).',
      ),
    );
    expect(mot).toHaveFocus();
    expect(lead.getByLabelText(/Driving licence number/)).toHaveValue('DRIVE905010AB9CD');
    expect(lead.getByLabelText('Date of birth')).toHaveValue('1990-05-01');
    expect(calls.find((call) => call.name === 'update_team_documents_details')?.body).toEqual({
      secret: SECRET,
      details: {
        lead: {
          date_of_birth: '1990-05-01',
          licence_number: 'DRIVE905010AB9CD',
          licence_expiry: '',
          emergency_contact_name: '',
          emergency_contact_phone: '',
        },
        vehicle: {
          vehicle_make: 'Mini',
          vehicle_model: 'Cooper',
          vehicle_colour: 'Red',
          registration_plate: 'AB12 CDE',
          insurance_expiry: '',
          mot_expiry: '2026-07-31',
        },
      },
    });
  });

  it('saves the details, the co-driver section with them for a team with a co-driver', async () => {
    const user = userEvent.setup({ delay: null });
    const withCo = readiness({
      details: { ...readiness().details, co: { ...driver, name: 'Sam Co' } },
    });
    const calls = stubNetwork({
      team_readiness: { body: withCo },
      update_team_documents_details: { body: withCo },
    });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Drivers and car' });
    const co = within(within(form).getByRole('group', { name: 'Co-driver' }));
    fireEvent.change(co.getByLabelText('Date of birth'), { target: { value: '1992-02-29' } });
    await user.click(within(form).getByRole('button', { name: 'Save documents' }));
    expect(await screen.findByText('Your documents have been saved.')).toBeInTheDocument();
    const body = calls.find((call) => call.name === 'update_team_documents_details')?.body as {
      details: { co: { date_of_birth: string } };
    };
    expect(body.details.co.date_of_birth).toBe('1992-02-29');
  });
});
