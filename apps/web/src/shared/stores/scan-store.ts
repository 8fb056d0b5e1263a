import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** One product line being picked (spec §3 order product fields). */
export interface ScannedProduct {
  productID: string;
  barcode?: string;
  name?: string;
  /** Confirmed picked quantity. */
  qty: number;
  /** Quantity in the edit-quantity field, copied into qty on confirm. */
  qtyEdit: number;
  /** Out-of-stock quantity; never below 0. */
  attrQtyOos: number;
}

export type ScanInput = Pick<ScannedProduct, 'productID'> & Partial<Omit<ScannedProduct, 'productID'>>;

interface ScanStore {
  products: ScannedProduct[];
  /** The product just scanned, shown before it is added. */
  current: ScannedProduct | null;
  setCurrent: (product: ScanInput | null) => void;
  /** Adds a product; the same productID updates its quantities. Clears the current scan. */
  addProduct: (product: ScanInput) => void;
  setQtyEdit: (productID: string, qtyEdit: number) => void;
  /** Confirming a product quantity copies qtyEdit into qty. */
  confirmQty: (productID: string) => void;
  setOutOfStock: (productID: string, attrQtyOos: number) => void;
  /** Clears everything (leaving order detail). */
  reset: () => void;
}

const quantity = (value: number | undefined) => (Number.isFinite(value) ? Math.max(0, Math.trunc(value as number)) : 0);

function normalise(input: ScanInput, previous?: ScannedProduct): ScannedProduct {
  const qty = input.qty !== undefined ? quantity(input.qty) : (previous?.qty ?? 0);
  return {
    ...previous,
    ...input,
    qty,
    qtyEdit: input.qtyEdit !== undefined ? quantity(input.qtyEdit) : input.qty !== undefined ? qty : (previous?.qtyEdit ?? qty),
    attrQtyOos: input.attrQtyOos !== undefined ? quantity(input.attrQtyOos) : (previous?.attrQtyOos ?? 0),
  };
}

const update = (products: ScannedProduct[], productID: string, change: (p: ScannedProduct) => ScannedProduct) =>
  products.map((p) => (p.productID === productID ? change(p) : p));

export const useScanStore = create<ScanStore>()(
  persist(
    (set) => ({
      products: [],
      current: null,
      setCurrent: (product) => set({ current: product ? normalise(product) : null }),
      addProduct: (product) =>
        set((state) => {
          const existing = state.products.find((p) => p.productID === product.productID);
          const products = existing
            ? update(state.products, product.productID, (p) => normalise(product, p))
            : [...state.products, normalise(product)];
          return { products, current: null };
        }),
      setQtyEdit: (productID, qtyEdit) =>
        set((state) => ({ products: update(state.products, productID, (p) => ({ ...p, qtyEdit: quantity(qtyEdit) })) })),
      confirmQty: (productID) => set((state) => ({ products: update(state.products, productID, (p) => ({ ...p, qty: p.qtyEdit })) })),
      setOutOfStock: (productID, attrQtyOos) =>
        set((state) => ({ products: update(state.products, productID, (p) => ({ ...p, attrQtyOos: quantity(attrQtyOos) })) })),
      reset: () => set({ products: [], current: null }),
    }),
    {
      // Survives a webview reload mid-pick; cleared when the crew leaves the order.
      name: 'gerai.scan',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ products }) => ({ products }),
    },
  ),
);

export const resetScan = () => useScanStore.getState().reset();
