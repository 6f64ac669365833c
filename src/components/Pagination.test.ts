import { describe, expect, it } from 'vitest';
import { pageNumbers } from './Pagination';

describe('pageNumbers', () => {
  it('offers the first, the last and the current page with its neighbours, gaps as null', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 84)).toEqual([1, null, 4, 5, 6, null, 84]);
    expect(pageNumbers(84, 84)).toEqual([1, null, 83, 84]);
    // A gap of a single page shows that page rather than an ellipsis standing for it.
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
