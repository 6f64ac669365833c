// The list core's rules, on a list whose pages a test serves: a `?page=` past the end becomes
// the last page in the URL (replacing the history entry), a failed load keeps what is shown and
// says so, a reload after a change shows the change, and "nothing at all" is told from "nothing
// matches". The data core's own clamp (serving the last page) is tested against the emulator.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListPage, ListQuery } from '../../data/content-table';
import { useListQuery } from './useListQuery';
import { useServerList, useWholeList } from './useServerList';

const OPTIONS = { filters: ['year'], sorts: ['newest'], defaultSort: 'newest' };

/** A table of `rows` names served 2 a page, the last page for a page past the end. */
function pager(table: { rows: string[] }) {
  return vi.fn(async (query: ListQuery): Promise<ListPage<string>> => {
    const size = 2;
    const matching = table.rows.filter((row) => row.includes(query.search));
    const pageCount = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(query.page, pageCount);
    return {
      rows: matching.slice((page - 1) * size, page * size),
      total: matching.length,
      tableTotal: table.rows.length,
      page,
      pageCount,
    };
  });
}

function renderList(url: string, load: (query: ListQuery) => Promise<ListPage<string>>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/admin/start', url]} initialIndex={1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    () => {
      const list = useServerList({ name: 'things', view: useListQuery(OPTIONS), load });
      return { list, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  );
}

describe('useServerList', () => {
  beforeEach(() => {
    // useLoad logs every failed load; these tests fail some on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('clamps a page past the end to the last page, in the view and the URL', async () => {
    const load = pager({ rows: ['a', 'b', 'c', 'd', 'e'] });
    const { result } = renderList('/admin/things?page=9', load);
    await waitFor(() => expect(result.current.location.search).toBe('?page=3'));
    expect(result.current.list.query.page).toBe(3);
    expect(result.current.list.rows).toEqual(['e']);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 9 }));
    // The clamp replaced the entry: Back returns to the screen before, not to the page that never was.
    act(() => void result.current.navigate(-1));
    await waitFor(() => expect(result.current.location.pathname).toBe('/admin/start'));
  });

  it('leaves a page in range as it is', async () => {
    const load = pager({ rows: ['a', 'b', 'c', 'd', 'e'] });
    const { result } = renderList('/admin/things?page=2', load);
    await waitFor(() => expect(result.current.list.rows).toEqual(['c', 'd']));
    expect(result.current.location.search).toBe('?page=2');
  });

  it('keeps the rows shown when a reload fails, says so, and is not "unavailable"', async () => {
    const table = { rows: ['a', 'b'] };
    const served = pager(table);
    let offline = false;
    const load = (query: ListQuery) =>
      offline ? Promise.reject(new Error('offline')) : served(query);
    const { result } = renderList('/admin/things', load);
    await waitFor(() => expect(result.current.list.rows).toEqual(['a', 'b']));

    offline = true;
    act(() => result.current.list.reload());
    await waitFor(() => expect(result.current.list.failed).toBe(true));
    expect(result.current.list.rows).toEqual(['a', 'b']);
    expect(result.current.list.unavailable).toBe(false);
    expect(result.current.list.none).toBe(false);
  });

  it('is unavailable (not empty) when the first load fails', async () => {
    const { result } = renderList('/admin/things', () => Promise.reject(new Error('offline')));
    await waitFor(() => expect(result.current.list.failed).toBe(true));
    expect(result.current.list.unavailable).toBe(true);
    expect(result.current.list.none).toBe(false);
    expect(result.current.list.loading).toBe(false);
  });

  it('shows a change after reload, keeping the old rows until the answer comes', async () => {
    const table = { rows: ['a', 'b'] };
    let release = () => {};
    const served = pager(table);
    let hold = false;
    const load = async (query: ListQuery) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return served(query);
    };
    const { result } = renderList('/admin/things', load);
    await waitFor(() => expect(result.current.list.rows).toEqual(['a', 'b']));

    table.rows = ['b'];
    hold = true;
    act(() => result.current.list.reload());
    await waitFor(() => expect(result.current.list.busy).toBe(true));
    expect(result.current.list.rows).toEqual(['a', 'b']);
    await act(async () => release());
    await waitFor(() => expect(result.current.list.rows).toEqual(['b']));
    expect(result.current.list.busy).toBe(false);
  });

  it('keeps the previous view’s rows shown while the next view loads', async () => {
    const served = pager({ rows: ['a', 'b', 'c'] });
    let hold = false;
    const load = async (query: ListQuery) => {
      if (hold) await new Promise(() => {});
      return served(query);
    };
    const { result } = renderList('/admin/things', load);
    await waitFor(() => expect(result.current.list.rows).toEqual(['a', 'b']));
    hold = true;
    act(() => result.current.list.view.change({ page: 2 }));
    await waitFor(() => expect(result.current.list.query.page).toBe(2));
    expect(result.current.list.loading).toBe(false);
    expect(result.current.list.busy).toBe(true);
    expect(result.current.list.rows).toEqual(['a', 'b']);
  });

  it('tells an empty table ("none") from a view that matches nothing', async () => {
    const empty = renderList('/admin/things', pager({ rows: [] }));
    await waitFor(() => expect(empty.result.current.list.none).toBe(true));

    const unmatched = renderList('/admin/things?q=zzz', pager({ rows: ['a'] }));
    await waitFor(() => expect(unmatched.result.current.list.loading).toBe(false));
    expect(unmatched.result.current.list.rows).toEqual([]);
    expect(unmatched.result.current.list.narrowed).toBe(true);
    expect(unmatched.result.current.list.none).toBe(false);
  });
});

describe('useWholeList', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('keeps the rows on a failed reload, and is unavailable only when nothing was shown', async () => {
    let answer: Promise<string[]> = Promise.resolve(['ann', 'bob']);
    const { result } = renderHook(() => useWholeList('people', () => answer));
    await waitFor(() => expect(result.current.rows).toEqual(['ann', 'bob']));
    answer = Promise.reject(new Error('offline'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.rows).toEqual(['ann', 'bob']);
    expect(result.current.unavailable).toBe(false);
  });
});
