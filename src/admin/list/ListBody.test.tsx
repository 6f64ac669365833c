// ListBody's four states, as every admin list shows them: loading, could not load (with Retry),
// nothing at all (the screen's empty state), and the results (the result line, the rows, the
// pages; the out-of-date warning when a reload failed; Clear filters when nothing matches).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { ListPage } from '../../data/content-table';
import { ListBody, LIST_FAILED, LIST_OUT_OF_DATE } from './ListBody';
import type { ListPaging, ShownList } from './useServerList';

const QUERY = {
  search: '',
  status: null,
  filters: { year: '2024' },
  sort: 'newest',
  page: 2,
  pageSize: 20,
};

function shown(overrides: Partial<ShownList<string>> = {}): ShownList<string> {
  return {
    rows: [],
    loading: false,
    busy: false,
    failed: false,
    unavailable: false,
    none: false,
    reload: vi.fn(),
    ...overrides,
  };
}

function paging(page: Partial<ListPage<unknown>>, narrowed = false): ListPaging {
  return {
    query: QUERY,
    page: { rows: [], total: 0, tableTotal: 0, page: 2, pageCount: 3, ...page },
    narrowed,
    change: vi.fn(),
  };
}

function draw(list: ShownList<string>) {
  return render(
    <ListBody
      list={list}
      plural="images"
      loadingText="Loading images..."
      empty={<p>No images yet.</p>}
    >
      {(rows) => (
        <ul aria-label="Images">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListBody>,
  );
}

const ROWS = Array.from({ length: 20 }, (_, index) => `image ${index + 21}`);

describe('ListBody', () => {
  test('loading: a labelled spinner and nothing else', () => {
    draw(shown({ loading: true, rows: ['stale'] }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading images...');
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('could not load: the message, and Retry loads again', async () => {
    const list = shown({ failed: true, unavailable: true });
    draw(list);
    expect(screen.getByText(LIST_FAILED)).toBeVisible();
    expect(screen.queryByText('No images yet.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.reload).toHaveBeenCalledTimes(1);
  });

  test('nothing at all: the screen’s own empty state, no result line or pages', () => {
    draw(shown({ none: true, paging: paging({ pageCount: 1 }) }));
    expect(screen.getByText('No images yet.')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('results: the result line, the rows and the pages', async () => {
    const pages = paging({ rows: ROWS, total: 52, tableTotal: 52 });
    draw(shown({ rows: ROWS, paging: pages }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 21–40 of 52 images');
    expect(screen.getByRole('list', { name: 'Images' }).children).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Pages of images' });
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(screen.queryByText(LIST_OUT_OF_DATE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pages.change).toHaveBeenCalledWith({ page: 3 });
  });

  test('results after a failed reload: the rows stay, with the warning and Retry', async () => {
    const list = shown({
      rows: ROWS,
      failed: true,
      paging: paging({ rows: ROWS, total: 52, tableTotal: 52 }),
    });
    draw(list);
    expect(screen.getByText(LIST_OUT_OF_DATE)).toBeVisible();
    expect(screen.getByRole('list', { name: 'Images' }).children).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.reload).toHaveBeenCalledTimes(1);
  });

  test('a view that matches nothing: "no match", and Clear filters clears the view', async () => {
    const pages = paging({ tableTotal: 52, pageCount: 1 }, true);
    draw(shown({ paging: pages }));
    expect(screen.getByRole('status')).toHaveTextContent('No images match');
    expect(screen.getByText('No results match your search')).toBeVisible();
    expect(screen.queryByText('No images yet.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(pages.change).toHaveBeenCalledWith(
      expect.objectContaining({ search: '', status: null, filters: { year: '' }, page: 1 }),
    );
  });

  test('a list shown whole: its rows, without a result line or pages', () => {
    draw(shown({ rows: ['ann', 'bob'] }));
    expect(screen.getByRole('list', { name: 'Images' }).children).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
