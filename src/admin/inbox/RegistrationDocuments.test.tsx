// A registration's Documents panel in the inbox: each document the team owes as missing,
// submitted, accepted or rejected with the reason, the drivers' and the car's details, "View"
// opening a signed URL from Storage, "Accept", and "Reject" by keyboard alone (Enter opens the
// reason, Enter sends it, a blank reason is refused before anything is sent, Escape goes back to
// the button, and the team's email with the reason is sent at once); after a decision the panel loads again, says what was done and takes the focus to
// its heading. The database and Storage are stood in for at the network (test/network.ts); their
// side is tested against the emulator in tests/contract/team-documents.test.ts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { publicFunctions } from '../../data/functions';
import type { RegistrationDriver, TeamDocument } from '../../data/teamDocumentsAdmin';
import { type NetworkAnswer, restoreNetwork, stubNetwork } from '../../test/network';
import { REASON_REQUIRED, RegistrationDocuments } from './RegistrationDocuments';

const ID = '00000000-0000-4000-8000-000000000001';

function document(overrides: Partial<TeamDocument> = {}): TeamDocument {
  return {
    id: 'doc-licence',
    registration_id: ID,
    kind: 'lead_licence',
    object_path: `${ID}/lead_licence/0b5c1f8e-1a2b-4c3d-8e9f-000000000001.pdf`,
    file_name: 'licence.pdf',
    content_type: 'application/pdf',
    size_bytes: 2048,
    status: 'submitted',
    reason: null,
    submitted_at: '2026-03-20T10:00:00Z',
    decided_at: null,
    decided_by: null,
    decided_by_email: null,
    superseded_at: null,
    ...overrides,
  };
}

const lead: RegistrationDriver = {
  id: 'd1',
  registration_id: ID,
  role: 'lead',
  date_of_birth: '1990-05-01',
  licence_number: 'DRIVE905010AB9CD',
  licence_expiry: '2030-01-31',
  emergency_contact_name: 'Pat Driver',
  emergency_contact_phone: '07700 900999',
  updated_at: '2026-03-20T10:00:00Z',
};

const insurance = document({
  id: 'doc-insurance',
  kind: 'insurance',
  object_path: `${ID}/insurance/0b5c1f8e-1a2b-4c3d-8e9f-000000000002.pdf`,
  file_name: 'insurance.pdf',
});

function stub(documents: NetworkAnswer, more: Record<string, NetworkAnswer> = {}) {
  return stubNetwork({
    required_document_kinds: { body: ['lead_licence', 'insurance', 'mot'] },
    team_documents: documents,
    registration_drivers: { body: [lead] },
    ...more,
  });
}

function renderPanel(onChanged = () => {}) {
  render(
    <RegistrationDocuments
      registration={{
        id: ID,
        co_driver_name: '',
        insurance_expiry: '2026-12-31',
        mot_expiry: null,
      }}
      db={publicDb}
      functions={publicFunctions}
      onChanged={onChanged}
    />,
  );
  return screen.getByRole('region', { name: 'Documents' });
}

const row = (panel: HTMLElement, label: string) =>
  within(panel).getByText(label).closest('li') as HTMLElement;

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('the Documents panel', () => {
  test('shows each document the team owes with its status, and the details given', async () => {
    stub({
      body: [document(), document({ ...insurance, status: 'rejected', reason: 'Not France.' })],
    });
    const panel = renderPanel();
    expect(await within(panel).findByText("Lead driver's driving licence")).toBeInTheDocument();
    expect(
      within(row(panel, "Lead driver's driving licence")).getByText('Submitted'),
    ).toBeVisible();
    expect(
      within(row(panel, 'Insurance certificate')).getByText('Rejected: Not France.'),
    ).toHaveClass('bg-red-100');
    const mot = row(panel, 'MOT certificate');
    expect(within(mot).getByText('Missing')).toBeVisible();
    expect(within(mot).getByText('Not sent yet.')).toBeVisible();
    expect(within(mot).queryByRole('button')).toBeNull();
    expect(panel).toHaveTextContent(
      'born 1 May 1990; licence DRIVE905010AB9CD, valid until 31 January 2030; emergency contact Pat Driver, 07700 900999',
    );
    expect(panel).toHaveTextContent(
      'insurance valid until 31 December 2026; MOT valid until not given',
    );
  });

  test('says when the documents could not be loaded, with Retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let down = true;
    stub(() => (down ? { status: 500, body: { message: 'down' } } : { body: [document()] }));
    const panel = renderPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Could not load the documents. Please try again.',
    );
    down = false;
    await userEvent
      .setup({ delay: null })
      .click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('Submitted')).toBeInTheDocument();
  });

  test('"View" opens the signed URL Storage answers for the file', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const calls = stub(
      { body: [document()] },
      {
        '0b5c1f8e-1a2b-4c3d-8e9f-000000000001.pdf': {
          body: { signedURL: `/object/sign/documents/${ID}/lead_licence/x.pdf?token=t` },
        },
      },
    );
    const panel = renderPanel();
    await userEvent.setup({ delay: null }).click(
      await within(panel).findByRole('button', {
        name: "View the Lead driver's driving licence",
      }),
    );
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]?.[0]).toMatch(
      new RegExp(`/storage/v1/object/sign/documents/${ID}/lead_licence/x\\.pdf\\?token=t$`),
    );
    expect(calls.find((call) => call.name.endsWith('.pdf'))?.body).toEqual({ expiresIn: 60 });
  });

  test('"Accept" records the decision, loads the panel again and says so', async () => {
    const user = userEvent.setup({ delay: null });
    let decided = false;
    const changed = vi.fn();
    const calls = stub(
      () => ({ body: [document({ status: decided ? 'accepted' : 'submitted' })] }),
      {
        decide_team_document: () => {
          decided = true;
          return { body: { status: 'accepted' } };
        },
      },
    );
    const panel = renderPanel(changed);
    await user.click(
      await within(panel).findByRole('button', {
        name: "Accept the Lead driver's driving licence",
      }),
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      "Lead driver's driving licence: accepted.",
    );
    expect(within(panel).getByRole('heading', { name: 'Documents' })).toHaveFocus();
    expect(
      await within(row(panel, "Lead driver's driving licence")).findByText('Accepted'),
    ).toBeVisible();
    expect(calls.find((call) => call.name === 'decide_team_document')?.body).toEqual({
      document: 'doc-licence',
      decision: 'accepted',
    });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  test('"Reject" works by keyboard: the reason is required, Enter sends it, the team is told', async () => {
    const user = userEvent.setup({ delay: null });
    let decided = false;
    const calls = stub(
      () => ({
        body: [
          document(),
          decided ? { ...insurance, status: 'rejected', reason: 'Not France.' } : insurance,
        ],
      }),
      {
        decide_team_document: () => {
          decided = true;
          return { body: { status: 'rejected' } };
        },
        'participant-emails': { body: { sent: 1 } },
      },
    );
    const panel = renderPanel();
    const reject = await within(panel).findByRole('button', {
      name: 'Reject the Insurance certificate',
    });
    reject.focus();
    await user.keyboard('{Enter}');
    const reason = within(panel).getByRole('textbox', { name: /Reason, sent to the team/ });
    expect(reason).toHaveFocus();
    // Escape goes back to the button, without deciding.
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('textbox')).toBeNull();
    await waitFor(() =>
      expect(
        within(panel).getByRole('button', { name: 'Reject the Insurance certificate' }),
      ).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(within(panel).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      expect.stringContaining(REASON_REQUIRED),
    );
    expect(calls.some((call) => call.name === 'decide_team_document')).toBe(false);
    await user.keyboard('Not France.{Enter}');
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Insurance certificate: rejected. The team has been emailed the reason.',
    );
    expect(
      await within(row(panel, 'Insurance certificate')).findByText('Rejected: Not France.'),
    ).toBeVisible();
    expect(calls.find((call) => call.name === 'decide_team_document')?.body).toEqual({
      document: 'doc-insurance',
      decision: 'rejected',
      reason: 'Not France.',
    });
    // The team's email goes at once, not with the next daily run.
    const names = calls.map((call) => call.name);
    expect(names.indexOf('participant-emails')).toBe(names.indexOf('decide_team_document') + 1);
    expect(calls.find((call) => call.name === 'participant-emails')?.body).toEqual({
      only: 'document_rejected',
    });
  });

  test('says the rejection email is queued when it cannot be sent at once', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub(
      { body: [document(), insurance] },
      {
        decide_team_document: { body: { status: 'rejected' } },
        'participant-emails': { status: 500, body: { error: 'down' } },
      },
    );
    const panel = renderPanel();
    await user.click(
      await within(panel).findByRole('button', { name: 'Reject the Insurance certificate' }),
    );
    await user.keyboard('Blurred.{Enter}');
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Insurance certificate: rejected. The email with the reason is queued and goes with the next daily emails.',
    );
  });

  test("says the database's refusal of a decision in the row, keeping the reason typed", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub(
      { body: [document(), insurance] },
      {
        decide_team_document: {
          status: 409,
          body: {
            code: 'PT409',
            message: 'The team has sent a newer file since: decide on that one.',
            details: 'superseded',
          },
        },
      },
    );
    const panel = renderPanel();
    await user.click(
      await within(panel).findByRole('button', { name: 'Reject the Insurance certificate' }),
    );
    await user.keyboard('Blurred.{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The team has sent a newer file since: decide on that one.',
    );
    expect(within(panel).getByRole('textbox', { name: /Reason/ })).toHaveValue('Blurred.');
  });
});
