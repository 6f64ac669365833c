import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import { categoryFacets, galleryRow } from '../../test/rows';
import GalleryPage from './GalleryPage';
import { restoreNetwork } from '../../test/network';

// jsdom has no layout, so the test plays the browser's part: it says when the end sentinel is visible.
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
class FakeIntersectionObserver {
  private entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
async function scrollToEnd() {
  await waitFor(() => expect(observers.size).toBeGreaterThan(0));
  act(() => {
    for (const { callback, targets } of [...observers]) {
      callback(
        targets.map(
          (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
        ),
        {} as IntersectionObserver,
      );
    }
  });
}

const images = [
  ...Array.from({ length: 30 }, (_, i) =>
    galleryRow(i, { title: i % 2 ? `Alpine pass ${i}` : `Lake ${i}` }),
  ),
  ...Array.from({ length: 15 }, (_, i) =>
    galleryRow(30 + i, { category: '2024 Rally', title: `Town ${i}` }),
  ),
  galleryRow(99, { title: 'Secret draft', published: false }),
];

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
  observers.clear();
});

const tiles = () => within(screen.getByTestId('gallery-grid')).getAllByRole('listitem');

// Typing and rendering are slow on a shared CI machine; the default 5 s is too tight.
describe('GalleryPage', { timeout: 20_000 }, () => {
  it('shows a loading state first', () => {
    const { db } = fakeDb({}, { hanging: ['gallery_images'] });
    renderPage(<GalleryPage />, { db });
    expect(screen.getByText('Loading photos...')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search photos...')).toBeInTheDocument();
  });

  it("loads 20 at a time when the end comes into view, then says 'You've reached the end'", async () => {
    // Each page answers slowly enough that 'Loading more...' is rendered on its own even when a
    // busy machine delays React's commit (at 150 ms it was sometimes batched with the result).
    const { db } = fakeDb({ gallery_images: images }, { delayMs: 600 });
    renderPage(<GalleryPage />, { db });
    await waitFor(() => expect(tiles()).toHaveLength(20), { timeout: 5000 });
    expect(screen.queryByText("You've reached the end")).toBeNull();
    await scrollToEnd();
    expect(await screen.findByText('Loading more...', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(tiles()).toHaveLength(40), { timeout: 5000 });
    await scrollToEnd();
    await waitFor(() => expect(tiles()).toHaveLength(45), { timeout: 5000 });
    expect(screen.getByText("You've reached the end")).toBeInTheDocument();
    expect(screen.queryByAltText('Secret draft')).toBeNull();
  });

  it('filters by category and searches titles, starting again from page one', async () => {
    const user = userEvent.setup();
    const { db, requests } = fakeDb({
      gallery_images: images,
      content_facets: categoryFacets('gallery_images', images),
    });
    renderPage(<GalleryPage />, { db });
    await waitFor(() => expect(tiles()).toHaveLength(20));
    const group = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', '2024 Rally', '2025 Rally']);
    await user.click(within(group).getByRole('button', { name: '2024 Rally' }));
    await waitFor(() => expect(tiles()).toHaveLength(15));
    expect(within(group).getByRole('button', { name: '2024 Rally' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText("You've reached the end")).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'All' }));
    await user.type(screen.getByPlaceholderText('Search photos...'), 'alpine');
    await waitFor(() => expect(tiles()).toHaveLength(15));
    const last = requests.filter((request) => request.url.searchParams.has('title')).pop();
    expect(last?.url.searchParams.get('title')).toBe('ilike.%alpine%');
    expect(last?.url.searchParams.get('offset')).toBe('0');
  });

  it('shows the empty state when nothing matches', async () => {
    const user = userEvent.setup();
    const { db } = fakeDb({ gallery_images: images });
    renderPage(<GalleryPage />, { db });
    await waitFor(() => expect(tiles()).toHaveLength(20));
    await user.type(screen.getByPlaceholderText('Search photos...'), 'zebra');
    expect(await screen.findByText('No images found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search term')).toBeInTheDocument();
  });

  it('logs a failed load and shows the empty state', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { db } = fakeDb({}, { failing: { gallery_images: 500 } });
    renderPage(<GalleryPage />, { db });
    expect(await screen.findByText('No images found')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('opens a lightbox that arrows move through and Escape closes', async () => {
    const user = userEvent.setup();
    const { db } = fakeDb({ gallery_images: images.slice(0, 3) });
    renderPage(<GalleryPage />, { db });
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const first = within(tiles()[0] as HTMLElement).getByRole('button');
    await user.click(first);
    expect(screen.getByRole('dialog', { name: 'Lake 0 (1 of 3)' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Alpine pass 1 (2 of 3)' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Lake 2 (3 of 3)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(first);
  });
});
