// The admin list's view in the URL: read leniently, written minimally, and reset to page 1 by
// anything but a change of page.
import { describe, expect, test } from 'vitest';
import {
  changeListQuery,
  clearedListQuery,
  isNarrowed,
  readListQuery,
  writeListQuery,
  type ListOptions,
} from './list-query';

const options: ListOptions = {
  filters: ['category', 'year', 'status'],
  sorts: ['order', 'title', 'newest'],
  defaultSort: 'order',
};
const read = (search: string) => readListQuery(new URLSearchParams(search), options);

describe('reading a view from the URL', () => {
  test('gives the default view for a plain path', () => {
    expect(read('')).toEqual({
      search: '',
      status: null,
      filters: {},
      sort: 'order',
      page: 1,
      pageSize: 20,
      trash: false,
    });
  });

  test('reads the search, status, filters, sort, page and rows per page', () => {
    expect(
      read('q=+alps+&status=draft&category=2025+Rally&year=2025&sort=title&page=3&size=50'),
    ).toEqual({
      search: 'alps',
      status: 'draft',
      filters: { category: '2025 Rally', year: '2025' },
      sort: 'title',
      page: 3,
      pageSize: 50,
      trash: false,
    });
  });

  test('reads and writes the Trash view, which starts at page 1 and keeps it in the URL', () => {
    expect(read('view=trash')).toMatchObject({ trash: true });
    expect(read('view=bin')).toMatchObject({ trash: false });
    const onPage3 = read('page=3');
    const trash = changeListQuery(onPage3, { trash: true });
    expect(trash).toMatchObject({ trash: true, page: 1 });
    expect(writeListQuery(trash, options).toString()).toBe('view=trash');
  });

  test.each([
    ['status=archived', { status: null }],
    ['sort=price', { sort: 'order' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=two', { page: 1 }],
    ['size=1000', { pageSize: 20 }],
    ['category=', { filters: {} }],
    ['colour=red', { filters: {} }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(read(search)).toMatchObject(expected);
  });

  test('never takes a filter column from a parameter the view itself uses', () => {
    expect(read('status=draft').filters).toEqual({});
  });
});

describe('writing a view to the URL', () => {
  test('writes only what differs from the default view', () => {
    expect(writeListQuery(read(''), options).toString()).toBe('');
    const view = read('q=alps&status=published&year=2024&sort=newest&page=2&size=50');
    expect(writeListQuery(view, options).toString()).toBe(
      'q=alps&status=published&year=2024&sort=newest&page=2&size=50',
    );
  });

  test('round-trips every view it reads', () => {
    for (const search of ['q=a%26b&category=x%2Cy', 'page=4', 'sort=title&size=50']) {
      const view = read(search);
      expect(read(writeListQuery(view, options).toString())).toEqual(view);
    }
  });
});

describe('changing a view', () => {
  const onPage3 = read('q=alps&page=3');

  test('a new search, status, filter, sort or page size starts at page 1', () => {
    expect(changeListQuery(onPage3, { search: 'lakes' })).toMatchObject({ page: 1 });
    expect(changeListQuery(onPage3, { status: 'draft' })).toMatchObject({ page: 1 });
    expect(changeListQuery(onPage3, { filters: { year: '2024' } })).toMatchObject({
      page: 1,
      filters: { year: '2024' },
    });
    expect(changeListQuery(onPage3, { sort: 'title' })).toMatchObject({ page: 1 });
    expect(changeListQuery(onPage3, { pageSize: 50 })).toMatchObject({ page: 1 });
  });

  test('a change of page keeps everything else', () => {
    expect(changeListQuery(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  test('a filter change keeps the other filters', () => {
    const view = read('category=Alps&year=2024');
    expect(changeListQuery(view, { filters: { year: '' } }).filters).toEqual({
      category: 'Alps',
      year: '',
    });
  });

  test('clearing keeps the order and page size, and drops what narrows the list', () => {
    const view = read('q=x&status=draft&category=Alps&sort=title&size=50&page=2');
    expect(isNarrowed(view)).toBe(true);
    const cleared = clearedListQuery(view);
    expect(writeListQuery(cleared, options).toString()).toBe('sort=title&size=50');
    expect(isNarrowed(cleared)).toBe(false);
  });

  test('clearing as a change (Clear filters) drops the filters too', () => {
    const view = read('q=x&category=Alps&year=2024&sort=title');
    const cleared = changeListQuery(view, clearedListQuery(view));
    expect(writeListQuery(cleared, options).toString()).toBe('sort=title');
  });
});
