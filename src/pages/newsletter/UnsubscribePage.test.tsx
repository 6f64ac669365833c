// The newsletter's secret-link pages: the unsubscribe page unsubscribes on opening and says so,
// offers "Resubscribe" with the wording agreed to (its version sent), says a wrong link opens
// nothing without anything personal, and shows a failed call with Retry; the confirmation page
// confirms or says the link is not valid. Both never indexed and send no Referer. The database is
// stood in for at the network; its side is in tests/contract/consent.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CONSENT } from '../../config/consent';
import { paths } from '../../config/paths';
import { restoreNetwork, stubNetwork } from '../../test/network';
import ConfirmSubscriptionPage, {
  CONFIRM_NOT_VALID,
  SUBSCRIPTION_CONFIRMED,
} from './ConfirmSubscriptionPage';
import UnsubscribePage, {
  RESUBSCRIBED,
  UNSUBSCRIBE_FAILED,
  UNSUBSCRIBE_NOT_VALID,
  UNSUBSCRIBED,
} from './UnsubscribePage';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={paths.unsubscribePattern} element={<UnsubscribePage />} />
        <Route path={paths.newsletterConfirmPattern} element={<ConfirmSubscriptionPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('UnsubscribePage', { timeout: 20_000 }, () => {
  it('unsubscribes on opening, is never indexed and sends no Referer', async () => {
    const calls = stubNetwork({ unsubscribe: { body: true } });
    renderAt(paths.unsubscribe(SECRET));
    expect(await screen.findByText(UNSUBSCRIBED)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'unsubscribe')).toEqual([
      { name: 'unsubscribe', body: { secret: SECRET } },
    ]);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('offers to resubscribe with the wording shown, and sends its version', async () => {
    const calls = stubNetwork({ unsubscribe: { body: true }, resubscribe: { body: true } });
    renderAt(paths.unsubscribe(SECRET));
    const again = await screen.findByRole('button', { name: 'Resubscribe' });
    expect(again).toHaveAccessibleDescription(NEWSLETTER_CONSENT.wording);
    await userEvent.setup().click(again);
    expect(await screen.findByText(RESUBSCRIBED)).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'resubscribe')?.body).toEqual({
      secret: SECRET,
      consent_version: NEWSLETTER_CONSENT.version,
    });
  });

  it('a link that opens nothing says so, with nothing to resubscribe', async () => {
    stubNetwork({ unsubscribe: { body: false } });
    renderAt(paths.unsubscribe('altered'));
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_NOT_VALID })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubscribe' })).not.toBeInTheDocument();
  });

  it('a failed call says so and tries again', async () => {
    let first = true;
    stubNetwork({
      unsubscribe: () => {
        const answer = first ? { status: 500, body: { message: 'down' } } : { body: true };
        first = false;
        return answer;
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(paths.unsubscribe(SECRET));
    expect(await screen.findByText(UNSUBSCRIBE_FAILED)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(UNSUBSCRIBED)).toBeInTheDocument();
  });
});

describe('ConfirmSubscriptionPage', { timeout: 20_000 }, () => {
  it('confirms the subscription by the emailed link', async () => {
    const calls = stubNetwork({ confirm_newsletter: { body: true } });
    renderAt(paths.newsletterConfirm(SECRET));
    expect(await screen.findByText(SUBSCRIPTION_CONFIRMED)).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'confirm_newsletter')?.body).toEqual({
      secret: SECRET,
    });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('an altered or expired link says it is not valid', async () => {
    stubNetwork({ confirm_newsletter: { body: false } });
    renderAt(paths.newsletterConfirm('altered'));
    expect(await screen.findByRole('heading', { name: CONFIRM_NOT_VALID })).toBeInTheDocument();
  });
});
