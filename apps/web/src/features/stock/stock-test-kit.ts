import type { StockLookup, StockProduct, StockSearchItem, StoreStock } from '@gerai/contract';
import { storeT001 } from '@/test/fixtures';

// What the stock tests serve: a product, my store (T001) and its nearest stores, nearest first.

export const product: StockProduct = {
  productID: '20001',
  barcode: '8991234567895',
  name: 'Indomie Goreng 85g',
  category: 'Mi instan',
  imageUrl: null,
  price: 3500,
  unit: 'pcs',
};

/** A store's stock of the product; T001 (the app's own test store) unless told. */
export function storeStock(over: Partial<StoreStock> = {}): StoreStock {
  return {
    ...storeT001,
    distanceM: 0,
    proximity: 'kelurahan',
    qty: 12,
    qtyReserved: 0,
    ...over,
  };
}

/** As the server answers: the nearest first (the web keeps that order). */
export const nearbyStores: StoreStock[] = [
  storeStock({ storeCode: 'T002', storeName: 'Toko Bangka Raya', distanceM: 350, proximity: 'kelurahan', qty: 4, phone: '0217190002' }),
  storeStock({ storeCode: 'T005', storeName: 'Toko Mampang', kelurahan: 'Mampang Prapatan', distanceM: 1240, proximity: 'kecamatan', qty: 0, phone: null }),
  storeStock({ storeCode: 'T003', storeName: 'Toko Tegal Parang', kelurahan: 'Tegal Parang', distanceM: 2050, proximity: 'kecamatan', qty: 7, qtyReserved: 2 }),
  storeStock({ storeCode: 'T009', storeName: 'Toko Pancoran', kelurahan: 'Pancoran', kecamatan: 'Pancoran', distanceM: 4380, proximity: 'nearby', qty: 1 }),
];

export function stockLookup(over: Partial<StockLookup> = {}): StockLookup {
  return { product, store: storeStock({ qtyReserved: 3 }), nearby: nearbyStores, ...over };
}

export function searchItem(over: Partial<StockSearchItem> = {}): StockSearchItem {
  return { ...product, qty: 12, qtyReserved: 3, ...over };
}

export const searchPage = (items: StockSearchItem[]) => ({ items, page: 1, size: 20, total: items.length });
