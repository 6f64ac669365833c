import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CONSENT } from '../config/consent';
import { DbProvider } from '../data/dbContext';
import { fakeDb, SITE_FACTS } from '../test/fakeRest';
import { Layout } from './Layout';
import { Footer } from './Footer';
import { Header } from './Header';

function Page({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Link to="/news">Go to news</Link>
    </>
  );
}

/** The layout with the seed's facts: the database has not answered its reads. */
function renderLayout(path = '/') {
  const { db } = fakeDb({}, { hanging: SITE_FACTS });
  return render(
    <DbProvider db={db}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Layout header={<Header />} footer={<Footer />} />}>
            <Route index element={<Page title="Home page" />} />
            <Route path="news" element={<Page title="News page" />} />
            <Route path="gallery" element={<Page title="Gallery page" />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </DbProvider>,
  );
}

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('Layout', { timeout: 20_000 }, () => {
  it("links to every section, labels /about 'Charity' and offers the sign-up button", () => {
    // While registration is open (the seed's calendar); src/lib/calendar.test.ts has the rest.
    vi.useFakeTimers({ now: new Date(2026, 2, 1, 12), toFake: ['Date'] });
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/',
        '/2026-rally',
        '/gallery',
        '/videos',
        '/news',
        '/sponsors',
        '/about',
      ]),
    );
    expect(within(nav).getAllByRole('link', { name: 'Charity' })[0]).toHaveAttribute(
      'href',
      '/about',
    );
    expect(within(nav).getByRole('link', { name: 'Sign Up to 2026 Tour' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    vi.useRealTimers();
  });

  it('has the footer links, contact details and the 2026 copyright', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms & Conditions', '/terms-conditions'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(footer).getByRole('link', { name: /Facebook/ })).toBeInTheDocument();
    expect(within(footer).getByText(/info@europerally/)).toBeInTheDocument();
    expect(within(footer).getByText(/© 2026 Europe Rally/)).toBeInTheDocument();
  });

  it('is transparent on the home page until scrolled more than 50 px', () => {
    renderLayout('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-opaque', 'false');
    act(() => {
      window.scrollY = 50;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-opaque', 'false');
    act(() => {
      window.scrollY = 51;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-opaque', 'true');
    window.scrollY = 0;
  });

  it('is always opaque on other pages', () => {
    renderLayout('/gallery');
    expect(screen.getByRole('banner')).toHaveAttribute('data-opaque', 'true');
  });

  it('opens the mobile menu, closes it with Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById(
      screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls') ?? '',
    );
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'Gallery' }));
    expect(screen.getByRole('heading', { name: 'Gallery page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers Contact in the mobile menu, after the main links in the wide bar’s order', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    const barLinks = within(bar)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link').textContent);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById(
      screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    const menuLinks = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(menuLinks.slice(0, barLinks.length).map(([label]) => label)).toEqual(barLinks);
    expect(menuLinks[barLinks.length]).toEqual(['Contact', '/contact']);
  });

  it('scrolls to the top on navigation and focuses the new page heading, not on first load', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout('/');
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Home page' }));
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Go to news' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'News page' }));
    scrollTo.mockRestore();
  });

  it('shows the newsletter consent, sends its version and asks for the confirmation email', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    renderLayout('/');
    const input = screen.getByLabelText('Email address');
    // The words agreed to are on the form, and the box points to them.
    expect(input).toHaveAccessibleDescription(NEWSLETTER_CONSENT.wording);
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, 'fan@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you! Please confirm with the link we have emailed to fan@example.org.',
    );
    // The subscription and the confirmation go through the public client (src/data/newsletter.ts).
    const [url, init] = (fetch.mock.calls as [string, RequestInit][]).find(([address]) =>
      String(address).includes('/rpc/subscribe_newsletter'),
    ) ?? ['', {}];
    expect(url).toContain('/rest/v1/rpc/subscribe_newsletter');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'fan@example.org',
      source: 'footer',
      consent_version: NEWSLETTER_CONSENT.version,
    });
    // Then the confirmation the database queued is asked for, and nothing else.
    const sent = (fetch.mock.calls as [string, RequestInit][]).find(([address]) =>
      String(address).includes('/functions/v1/participant-emails'),
    );
    expect(JSON.parse(String(sent?.[1].body))).toEqual({ only: 'newsletter' });
    vi.unstubAllGlobals();
  });
});
