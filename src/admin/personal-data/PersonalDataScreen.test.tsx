// The Personal data screen: a search lists each group of what the database answered (or says
// nothing is held), loading and failed states with Retry, the database's refusal beside the
// field, "Export" downloading the answer as JSON named with the day, and "Erase" asking first
// (stating what is kept), then erasing, deleting the files and searching again. The database is
// stood in for at the network (never by mocking a data module); its side is in
// tests/contract/personal-data.test.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { publicFunctions } from '../../data/functions';
import type { PersonalData } from '../../data/personalData';
import { type NetworkAnswer, restoreNetwork, stubNetwork } from '../../test/network';
import { ToastProvider } from '../ui/Toast';
import { ERASE_EXPLAINED, PersonalDataScreen, SEARCH_FAILED } from './PersonalDataScreen';

const NOTHING: PersonalData = {
  email: 'petra@example.org',
  registrations: [],
  sponsorship_enquiries: [],
  contact_messages: [],
  newsletter_subscriptions: [],
  waiting_list_entries: [],
  consent_records: [],
  emails_sent: [],
  mailings_received: [],
};

const FOUND: PersonalData = {
  ...NOTHING,
  registrations: [
    {
      role: 'lead driver',
      edition: '2026 Europe Rally',
      registration: {
        team_name: 'Quill Racing',
        status: 'confirmed',
        created_at: '2026-03-01T09:00:00Z',
      },
      drivers: [],
      documents: [],
      payments: [{ kind: 'deposit', amount_pence: 25_000 }],
    },
  ],
  contact_messages: [
    { name: 'Petra Quill', subject: 'rally', status: 'new', created_at: '2026-02-01T10:00:00Z' },
  ],
  newsletter_subscriptions: [
    { source: 'footer', status: 'subscribed', created_at: '2026-01-05T08:00:00Z' },
  ],
  emails_sent: [{ kind: 'team_link', status: 'sent', sent_at: '2026-03-02T12:00:00Z' }],
};

let downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
});

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

function renderScreen() {
  render(
    <MemoryRouter initialEntries={['/admin/personal-data']}>
      <ToastProvider>
        <PersonalDataScreen db={publicDb} functions={publicFunctions} today={() => '2026-03-05'} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

async function searchFor(email: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/Email address/), email);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

function network(answers: Record<string, NetworkAnswer>) {
  return stubNetwork(answers);
}

describe('the Personal data screen', { timeout: 20_000 }, () => {
  it('lists every group with its count and a line per row', async () => {
    const calls = network({ personal_data: { body: FOUND } });
    renderScreen();
    await searchFor('Petra@Example.org');
    const registrations = await screen.findByRole('region', { name: 'Registrations (1)' });
    expect(within(registrations).getByRole('listitem')).toHaveTextContent(
      '2026 Europe Rally · lead driver · Quill Racing · confirmed',
    );
    expect(screen.getByRole('region', { name: 'Contact messages (1)' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Newsletter subscriptions (1)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Emails sent (1)' })).toHaveTextContent('team_link');
    expect(screen.getByRole('region', { name: 'Consent records (0)' })).toHaveTextContent('None.');
    expect(calls.find((call) => call.name === 'personal_data')?.body).toEqual({
      email: 'Petra@Example.org',
    });
  });

  it('says when nothing is held', async () => {
    network({ personal_data: { body: NOTHING } });
    renderScreen();
    await searchFor('petra@example.org');
    expect(await screen.findByText('Nothing is held about petra@example.org.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Erase' })).not.toBeInTheDocument();
  });

  it('says it is searching, then that it failed, and Retry searches again', async () => {
    let answer: 'fail' | 'found' = 'fail';
    let arrive = () => {};
    const first = new Promise<void>((resolve) => (arrive = resolve));
    network({
      personal_data: async () => {
        await first;
        return answer === 'fail' ? { status: 503, body: { message: 'down' } } : { body: FOUND };
      },
    });
    renderScreen();
    const user = await searchFor('petra@example.org');
    expect(screen.getByText('Searching...', { selector: 'p' })).toBeInTheDocument();
    arrive();
    expect(await screen.findByText(SEARCH_FAILED)).toBeInTheDocument();
    answer = 'found';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Registrations (1)' })).toBeInTheDocument();
  });

  it("shows the database's refusal beside the field", async () => {
    network({
      personal_data: {
        status: 400,
        body: { code: 'PT400', message: 'Please enter an email address.', details: 'email' },
      },
    });
    renderScreen();
    await searchFor('x@y.z');
    expect(await screen.findByText('Please enter an email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('Export downloads the answer as JSON named with the day', async () => {
    network({ personal_data: { body: FOUND } });
    renderScreen();
    const user = await searchFor('petra@example.org');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(downloads.map((download) => download.name)).toEqual(['personal-data-2026-03-05.json']);
    expect(JSON.parse(await (downloads[0]?.blob as Blob).text())).toEqual(FOUND);
  });

  it('Erase asks first, stating what is kept; Keep it changes nothing', async () => {
    const calls = network({ personal_data: { body: FOUND } });
    renderScreen();
    const user = await searchFor('petra@example.org');
    await user.click(await screen.findByRole('button', { name: 'Erase' }));
    const question = screen.getByRole('alertdialog', {
      name: 'Erase everything held about petra@example.org?',
    });
    expect(question).toHaveTextContent(ERASE_EXPLAINED);
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.map((call) => call.name)).not.toContain('erase_personal_data');
  });

  it('Yes, erase: erases, has the files deleted, says so and searches again', async () => {
    let erased = false;
    const calls = network({
      personal_data: () => ({ body: erased ? NOTHING : FOUND }),
      erase_personal_data: () => {
        erased = true;
        return { body: { registrations: 1, files_queued: 2 } };
      },
      'personal-data-files': { body: { teams_anonymised: 0, files_deleted: 2 } },
    });
    renderScreen();
    const user = await searchFor('petra@example.org');
    await user.click(await screen.findByRole('button', { name: 'Erase' }));
    await user.click(screen.getByRole('button', { name: 'Yes, erase' }));
    expect(
      await screen.findByText('Erased everything held about petra@example.org. 2 files deleted.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nothing is held about petra@example.org.')).toBeVisible();
    expect(calls.map((call) => call.name)).toEqual([
      'personal_data',
      'erase_personal_data',
      'personal-data-files',
      'personal_data',
    ]);
    expect(calls[1]?.body).toEqual({ email: 'petra@example.org' });
  });

  it('a failed erasure says nothing changed and keeps the question open', async () => {
    network({
      personal_data: { body: FOUND },
      erase_personal_data: { status: 503, body: { message: 'down' } },
    });
    renderScreen();
    const user = await searchFor('petra@example.org');
    await user.click(await screen.findByRole('button', { name: 'Erase' }));
    await user.click(screen.getByRole('button', { name: 'Yes, erase' }));
    expect(
      await screen.findByText('Could not erase. Nothing was changed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
