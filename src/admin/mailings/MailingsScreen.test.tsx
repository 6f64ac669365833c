// The Mailings screen: the list with each mailing's status and counts (loading, empty and failed
// states), "New mailing" refusing an empty subject or message before anything is saved, the
// number of recipients shown before sending, "Send" asking for confirmation naming the audience
// and the count, then the batches until none remains and the log per recipient; "Send test to
// me"; and "Resume sending" for an interrupted mailing. The database and the function are stood
// in for at the network; their side is in tests/contract/mailings.test.ts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { publicFunctions } from '../../data/functions';
import type { Mailing, MailingRecipient } from '../../data/mailings';
import type { Edition } from '../../data/types';
import {
  type NetworkAnswer,
  type NetworkCall,
  restoreNetwork,
  stubNetwork,
} from '../../test/network';
import { ToastProvider } from '../ui/Toast';
import { HELD, MailingsScreen } from './MailingsScreen';

const EDITION = {
  id: 'e2026',
  year: 2026,
  name: '2026 Europe Rally',
  is_current: true,
} as Edition;

function mailing(changes: Partial<Mailing> = {}): Mailing {
  return {
    id: 'm1',
    audience: 'teams',
    edition_id: 'e2026',
    subject: 'Route notes',
    body: '<p>Hello</p>',
    status: 'sent',
    created_at: '2026-03-01T09:15:00Z',
    sent_at: '2026-03-01T09:20:00Z',
    recipients: 3,
    sent: 2,
    failed: 1,
    ...changes,
  };
}

const LOG: MailingRecipient[] = [
  {
    id: 'r1',
    email: 'lead@example.org',
    name: 'Lead',
    status: 'sent',
    error: null,
    sent_at: null,
  },
  {
    id: 'r2',
    email: 'bad@example.org',
    name: null,
    status: 'failed',
    error: 'The email API answered 422',
    sent_at: null,
  },
];

function renderScreen(path = '/admin/mailings') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route
            path="/admin/mailings"
            element={<MailingsScreen db={publicDb} functions={publicFunctions} />}
          />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

/**
 * `mailings` is both the table (a draft's insert: its body has `audience`) and the function (its
 * body has `mailing`): each answers its own.
 */
function network(
  answers: Record<string, NetworkAnswer>,
  functionAnswer: (body: Record<string, unknown>) => { status?: number; body: unknown } = () => ({
    body: { sent: 0, failed: 0, remaining: 0 },
  }),
) {
  const calls: NetworkCall[] = stubNetwork({
    editions: { body: [EDITION] },
    mailings: () => {
      const body = (calls.at(-1)?.body ?? {}) as Record<string, unknown>;
      return 'audience' in body ? { body: { id: 'm9' } } : functionAnswer(body);
    },
    ...answers,
  });
  return calls;
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('the Mailings screen', { timeout: 20_000 }, () => {
  it('lists the mailings with their audience, status and counts', async () => {
    network({ mailings_with_counts: { body: [mailing()] } });
    renderScreen();
    const [row] = await screen.findAllByTestId('mailing-row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['All teams of the 2026 Europe Rally', 'Sent', '2 of 3', '1', '1 Mar 2026, 09:15']);
  });

  it('shows the empty and the failed states', async () => {
    network({ mailings_with_counts: { body: [] } });
    renderScreen();
    expect(await screen.findByText('No mailing has been written yet.')).toBeVisible();
    vi.unstubAllGlobals();
    network({ mailings_with_counts: { status: 500, body: { message: 'down' } } });
    renderScreen('/admin/mailings?again');
    expect(await screen.findByText('Could not load the mailings. Please try again.')).toBeVisible();
  });

  it('refuses an empty subject and message, and shows the recipients before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({ mailing_recipient_count: { body: 42 } });
    renderScreen('/admin/mailings?new');
    expect(await screen.findByText(/This mailing would reach 42 people/)).toBeVisible();
    expect(calls.find((call) => call.name === 'mailing_recipient_count')?.body).toEqual({
      audience: 'teams',
      edition: 'e2026',
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a subject.')).toBeVisible();
    expect(await screen.findByText('Write the message.')).toBeVisible();
    expect(calls.some((call) => call.name === 'mailings')).toBe(false);
    // The subscribers: no edition, and the count is the confirmed subscribers'.
    await user.selectOptions(screen.getByLabelText(/Audience/), 'subscribers');
    expect(screen.queryByLabelText(/Edition/)).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'mailing_recipient_count').at(-1)?.body).toEqual({
        audience: 'subscribers',
      }),
    );
  });

  it('sends after a confirmation naming the audience and the count, batch after batch', async () => {
    const user = userEvent.setup({ delay: null });
    let batches = 0;
    const calls = network(
      {
        mailing_recipient_count: { body: 3 },
        send_mailing: { body: 3 },
        mailings_with_counts: { body: [mailing({ id: 'm9', status: 'sent', sent: 3, failed: 0 })] },
        mailing_recipients: { body: LOG },
      },
      () => {
        batches += 1;
        return { body: { sent: batches === 1 ? 2 : 1, failed: 0, remaining: 2 - batches } };
      },
    );
    renderScreen('/admin/mailings?new');
    await user.type(await screen.findByLabelText(/Subject/), 'Route notes');
    const editor = await waitFor(() => {
      const found = document.querySelector('.ql-editor');
      if (!found) throw new Error('the editor has not loaded');
      return found as HTMLElement;
    });
    await user.click(editor);
    await user.keyboard('The route is ready.');
    await waitFor(() => expect(editor.textContent).toContain('The route is ready.'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const panel = await screen.findByRole('alertdialog');
    expect(panel).toHaveTextContent(
      'Send “Route notes” to All teams of the 2026 Europe Rally: 3 people?',
    );
    const draft = calls.find((call) => call.name === 'mailings')?.body as Record<string, string>;
    expect(draft).toMatchObject({ audience: 'teams', edition_id: 'e2026', subject: 'Route notes' });
    expect(draft.body).toMatch(/^<p>The(&nbsp;| )route/);
    await user.click(within(panel).getByRole('button', { name: 'Yes, send to 3 people' }));
    expect(await screen.findAllByTestId('recipient-row')).toHaveLength(2);
    expect(batches).toBe(2);
    expect(calls.find((call) => call.name === 'send_mailing')?.body).toEqual({ mailing: 'm9' });
    expect(screen.getByText('The email API answered 422')).toBeVisible();
    // The sending ends by reloading the mailing and its log (the log's second load): wait for it,
    // or it is asked after this test, of the real network.
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'mailing_recipients').length).toBeGreaterThan(1),
    );
  });

  it('"Send test to me" saves the draft and sends it to the administrator', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({ mailing_recipient_count: { body: 3 } }, (body) =>
      body.test === true ? { body: { sent_to: 'admin@example.org' } } : { status: 500, body: {} },
    );
    renderScreen('/admin/mailings?new');
    await user.type(await screen.findByLabelText(/Subject/), 'Route notes');
    const editor = await waitFor(() => {
      const found = document.querySelector('.ql-editor');
      if (!found) throw new Error('the editor has not loaded');
      return found as HTMLElement;
    });
    await user.click(editor);
    await user.keyboard('Hello');
    await waitFor(() => expect(editor.textContent).toContain('Hello'));
    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('A test has been sent to admin@example.org.')).toBeVisible();
    expect(calls.filter((call) => call.name === 'mailings').map((call) => call.body)).toEqual([
      expect.objectContaining({ subject: 'Route notes' }),
      { mailing: 'm9', test: true },
    ]);
    expect(calls.some((call) => call.name === 'send_mailing')).toBe(false);
  });

  it('offers "Resume sending" for an interrupted mailing, and resumes', async () => {
    const user = userEvent.setup({ delay: null });
    let resumed = 0;
    network(
      {
        mailings_with_counts: { body: [mailing({ status: 'sending', sent: 1, failed: 0 })] },
        mailing_recipients: { body: LOG },
      },
      () => {
        resumed += 1;
        return { body: { sent: 2, failed: 0, remaining: 0 } };
      },
    );
    renderScreen('/admin/mailings?mailing=m1');
    expect(
      await screen.findByText('The sending was interrupted. Nobody receives the mailing twice.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume sending' }));
    await waitFor(() => expect(resumed).toBe(1));
  });

  it('stops asking when the rest is held by a stopped run, and says when to resume', async () => {
    const user = userEvent.setup({ delay: null });
    let asked = 0;
    network(
      {
        mailings_with_counts: { body: [mailing({ status: 'sending', sent: 1, failed: 0 })] },
        mailing_recipients: { body: LOG },
      },
      () => {
        asked += 1;
        return { body: { sent: 0, failed: 0, remaining: 2 } };
      },
    );
    renderScreen('/admin/mailings?mailing=m1');
    await user.click(await screen.findByRole('button', { name: 'Resume sending' }));
    expect(await screen.findByText(HELD)).toBeVisible();
    expect(asked).toBe(1);
  });
});
