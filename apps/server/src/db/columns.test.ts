import { describe, expect, it } from 'vitest';
import { orders } from './schema';
import { pickColumns } from './columns';

describe('pickColumns', () => {
  it('gives the named columns of the table, in the order named, and nothing else', () => {
    const picked = pickColumns(orders, ['orderNo', 'storeCode']);
    expect(Object.keys(picked)).toEqual(['orderNo', 'storeCode']);
    expect(picked.orderNo).toBe(orders.orderNo);
    expect(picked.storeCode).toBe(orders.storeCode);
  });
});
