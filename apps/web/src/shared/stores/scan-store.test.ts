import { beforeEach, describe, expect, it } from 'vitest';
import { useScanStore } from './scan-store';

const store = () => useScanStore.getState();
beforeEach(() => store().reset());

describe('scan store (spec §4 scanned products)', () => {
  it('adds a scanned product and clears the current scan after the add', () => {
    store().setCurrent({ productID: 'P1', qty: 1 });
    expect(store().current).toMatchObject({ productID: 'P1', qty: 1 });
    store().addProduct({ productID: 'P1', qty: 1 });
    expect(store().products).toEqual([{ productID: 'P1', qty: 1, qtyEdit: 1, attrQtyOos: 0 }]);
    expect(store().current).toBeNull();
  });

  it('adding the same productID updates its quantities instead of adding a second line', () => {
    store().addProduct({ productID: 'P1', qty: 1, name: 'Teh Botol' });
    store().addProduct({ productID: 'P2', qty: 1 });
    store().addProduct({ productID: 'P1', qty: 3, attrQtyOos: 1 });
    expect(store().products).toHaveLength(2);
    expect(store().products[0]).toEqual({ productID: 'P1', name: 'Teh Botol', qty: 3, qtyEdit: 3, attrQtyOos: 1 });
  });

  it('confirming a quantity copies qtyEdit into qty', () => {
    store().addProduct({ productID: 'P1', qty: 2 });
    store().setQtyEdit('P1', 5);
    expect(store().products[0]).toMatchObject({ qty: 2, qtyEdit: 5 });
    store().confirmQty('P1');
    expect(store().products[0]).toMatchObject({ qty: 5, qtyEdit: 5 });
  });

  it('never lets the out-of-stock quantity go below 0', () => {
    store().addProduct({ productID: 'P1', qty: 1, attrQtyOos: -2 });
    expect(store().products[0]!.attrQtyOos).toBe(0);
    store().setOutOfStock('P1', -1);
    expect(store().products[0]!.attrQtyOos).toBe(0);
    store().setOutOfStock('P1', 2);
    expect(store().products[0]!.attrQtyOos).toBe(2);
  });

  it('reset clears all products and the current scan', () => {
    store().addProduct({ productID: 'P1', qty: 1 });
    store().setCurrent({ productID: 'P2' });
    store().reset();
    expect(store().products).toEqual([]);
    expect(store().current).toBeNull();
  });
});
