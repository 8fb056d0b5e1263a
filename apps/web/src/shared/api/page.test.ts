import { describe, expect, it } from 'vitest';
import { nextPageOf } from './page';

describe('nextPageOf', () => {
  it('asks for the next page until every item has been read', () => {
    expect(nextPageOf({ items: [1, 2], page: 1, size: 2, total: 5 })).toBe(2);
    expect(nextPageOf({ items: [5], page: 3, size: 2, total: 5 })).toBeUndefined();
    expect(nextPageOf({ items: [3, 4], page: 2, size: 2, total: 4 })).toBeUndefined();
    expect(nextPageOf({ items: [], page: 1, size: 20, total: 0 })).toBeUndefined();
  });
});
