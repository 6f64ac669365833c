import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import { ContactForm } from './ContactForm';

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Jo Bloggs');
  await user.type(screen.getByLabelText(/^Email/), 'jo@example.org');
  await user.selectOptions(screen.getByLabelText(/^Subject/), 'sponsorship');
  await user.type(screen.getByLabelText(/^Message/), 'Hello rally team');
}

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('ContactForm', { timeout: 20_000 }, () => {
  it('requires name, email, subject and message but not phone', async () => {
    const user = userEvent.setup({ delay: null });
    const { db, requests } = fakeDb({});
    renderPage(<ContactForm />, { db });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
  });

  it("stores the message, shows 'Sending...' meanwhile and then thanks the visitor", async () => {
    const user = userEvent.setup({ delay: null });
    const { db, requests } = fakeDb({}, { delayMs: 200 });
    renderPage(<ContactForm />, { db });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Thank you for your message! We'll get back to you soon.",
    );
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.table).toBe('contact_messages');
    expect(requests[0]?.body).toEqual({
      name: 'Jo Bloggs',
      email: 'jo@example.org',
      phone: null,
      subject: 'sponsorship',
      message: 'Hello rally team',
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('says something went wrong and keeps the message when storing fails', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({}, { failing: { contact_messages: 500 } });
    renderPage(<ContactForm />, { db });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello rally team');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows the database’s refusal of a field beside it, focused, and keeps everything typed', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusal = {
      code: 'PT400',
      message: 'Please enter a valid email address.',
      details: 'email',
    };
    const { db } = fakeDb({}, { refusing: { contact_messages: { status: 400, error: refusal } } });
    renderPage(<ContactForm />, { db });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Please enter a valid email address.',
      ),
    );
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.queryByText('Something went wrong. Please try again later.')).toBeNull();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Jo Bloggs');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello rally team');
  });

  it('says the visitor has sent too many messages on a 429 and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({}, { failing: { contact_messages: 429 } });
    renderPage(<ContactForm />, { db });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in a short time, so this one was not sent. Please try again in an hour.',
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Jo Bloggs');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello rally team');
  });

  it('states the message limit, counts down as the visitor types and refuses a longer message', async () => {
    const user = userEvent.setup({ delay: null });
    const { db, requests } = fakeDb({});
    renderPage(<ContactForm />, { db });
    const message = screen.getByLabelText(/^Message/);
    expect(message).toHaveAccessibleDescription('Up to 2,000 characters: 2,000 left.');
    await user.type(message, 'Héllo 🚗');
    expect(message).toHaveAccessibleDescription('Up to 2,000 characters: 1,993 left.');
    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(2001));
    expect(message).toHaveAccessibleDescription('Up to 2,000 characters: 1 too many.');
    await user.type(screen.getByLabelText(/^Name/), 'Jo Bloggs');
    await user.type(screen.getByLabelText(/^Email/), 'jo@example.org');
    await user.selectOptions(screen.getByLabelText(/^Subject/), 'rally');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      screen.getByText('Please shorten your message to 2,000 characters or fewer.'),
    ).toBeInTheDocument();
    expect(message).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('passes a filled honeypot on, so the database can drop it, and thanks as usual', async () => {
    const user = userEvent.setup({ delay: null });
    const { db, requests } = fakeDb({});
    const { container } = renderPage(<ContactForm />, { db });
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    await fillIn(user);
    if (trap) await user.type(trap, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message!');
    expect(requests[0]?.body).toMatchObject({ website: 'https://spam.example' });
  });
});
