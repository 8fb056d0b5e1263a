import { describe, expect, it } from 'vitest';
import { distanceMeters, STOCK_LOOKUP } from '@gerai/contract';
import { products, stores } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { bookingApi, CHIEF, productPicker, setStock, STAFF, STAFF_T002, SUPER_USER } from '../bookings/booking-test-kit';

const ctx = testContextPerFile();
const api = bookingApi(ctx);
const freshProduct = productPicker(ctx);

type Row = { storeCode: string; distanceM: number; proximity: string; qty: number; qtyReserved: number; kelurahan: string; kecamatan: string };

async function lookup(productId: string, query = '') {
  const res = await api.get(STAFF, `/api/stock/products/${productId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { product: { productID: string; barcode: string }; store: Row; nearby: Row[] };
}

describe('stock lookup', () => {
  it('answers my store and the nearest other stores, nearest first, with kelurahan, kecamatan and haversine metres', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T001', product.productId, 7);
    const data = await lookup(product.productId);
    expect(data.product).toMatchObject({ productID: product.productId, barcode: product.ean13, name: product.name });
    expect(data.store).toMatchObject({ storeCode: 'T001', qty: 7, qtyReserved: 0, distanceM: 0, kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan' });
    expect(data.nearby).toHaveLength(STOCK_LOOKUP.nearbyStores);
    expect(data.nearby.map((s) => s.storeCode)).not.toContain('T001');
    const distances = data.nearby.map((s) => s.distanceM);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The nearest is T003, in the same kelurahan; T002 is in the same kecamatan.
    expect(data.nearby[0]).toMatchObject({ storeCode: 'T003', proximity: 'kelurahan' });
    expect(data.nearby.find((s) => s.storeCode === 'T002')).toMatchObject({ proximity: 'kecamatan' });
    const all = await ctx.handle.db.select().from(stores);
    const t001 = all.find((s) => s.code === 'T001')!;
    for (const s of data.nearby) {
      const row = all.find((x) => x.code === s.storeCode)!;
      expect(s.distanceM).toBe(Math.round(distanceMeters({ lat: t001.latitude, lng: t001.longitude }, { lat: row.latitude, lng: row.longitude })));
    }
    // Exactly the nearest ten: no store left out is nearer than the last one shown.
    const others = all
      .filter((s) => s.code !== 'T001')
      .map((s) => distanceMeters({ lat: t001.latitude, lng: t001.longitude }, { lat: s.latitude, lng: s.longitude }))
      .sort((a, b) => a - b);
    expect(distances).toEqual(others.slice(0, STOCK_LOOKUP.nearbyStores).map(Math.round));
  });

  it('keeps only stores that have it with inStockOnly, and shows 0 where a store has no row', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T003', product.productId, 0);
    await setStock(ctx, 'T002', product.productId, 4);
    const every = await lookup(product.productId);
    expect(every.nearby.find((s) => s.storeCode === 'T003')).toMatchObject({ qty: 0 });
    const stocked = await lookup(product.productId, '?inStockOnly=true');
    expect(stocked.nearby.map((s) => s.storeCode)).not.toContain('T003');
    expect(stocked.nearby[0]).toMatchObject({ storeCode: 'T002', qty: 4 });
    expect(stocked.nearby.every((s) => s.qty >= 1)).toBe(true);
  });

  it('finds a product by its scanned barcode or productID label, and answers 200 with null for one the catalogue does not know (yet)', async () => {
    const product = await freshProduct();
    const byEan = await api.get(STAFF, `/api/stock/barcode/${product.ean13}`);
    expect(byEan.statusCode).toBe(200);
    expect(byEan.json().data.product.productID).toBe(product.productId);
    expect((await api.get(STAFF, `/api/stock/barcode/${product.productId}`)).json().data.product.productID).toBe(product.productId);
    for (const url of ['/api/stock/barcode/0000000000000', '/api/stock/products/NOPE-1']) {
      const res = await api.get(STAFF, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ message: 'Success', data: null });
    }
    // Not kept as absent: once the catalogue has it, the next read finds it.
    await ctx.handle.db.insert(products).values({ productId: 'NOPE-1', ean13: '0000000000000', name: 'Produk Baru Uji', category: 'Uji', price: 1000 });
    expect((await api.get(STAFF, '/api/stock/products/NOPE-1')).json().data.product.productID).toBe('NOPE-1');
    expect((await api.get(STAFF, '/api/stock/barcode/0000000000000')).json().data.product.productID).toBe('NOPE-1');
    expect((await api.get(STAFF, '/api/stock/barcode/bad%20code')).statusCode).toBe(400);
  });

  it('searches by name or exact code with my store’s stock', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T001', product.productId, 5);
    await setStock(ctx, 'T002', product.productId, 9);
    const byCode = (await api.get(STAFF, `/api/stock/products?q=${product.ean13}`)).json().data;
    expect(byCode.items[0]).toMatchObject({ productID: product.productId, qty: 5, qtyReserved: 0 });
    const word = product.name.split(' ')[0]!;
    const byName = (await api.get(STAFF_T002, `/api/stock/products?q=${encodeURIComponent(word)}&size=50`)).json().data;
    expect(byName.total).toBeGreaterThanOrEqual(1);
    expect(byName.items.every((i: { name: string }) => i.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(byName.items.find((i: { productID: string }) => i.productID === product.productId)).toMatchObject({ qty: 9 });
    expect((await api.get(STAFF, '/api/stock/products?q=a')).statusCode).toBe(400);
    expect((await api.get(STAFF, `/api/stock/products?q=${encodeURIComponent('%_')}`)).json().data.total).toBe(0);
    // A "my store" screen needs a store: the super user picks one first.
    expect((await api.get(SUPER_USER, `/api/stock/products/${product.productId}`)).json().code).toBe('STORE_REQUIRED');
  });

  it('follows the ledger: a pack takes the units off, the cancel of the packed order puts them back, a take reserves them', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T001', product.productId, 10);
    await setStock(ctx, 'T002', product.productId, 6);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 2 }]);
    for (let i = 0; i < 2; i++) expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: product.ean13 })).statusCode).toBe(200);
    // Picking moves nothing; the pack does.
    expect((await lookup(product.productId)).store.qty).toBe(10);
    const packed = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(packed.statusCode, packed.body).toBe(200);
    expect((await lookup(product.productId)).store.qty).toBe(8);
    const cancelled = await api.post(CHIEF, '/api/cancellations', { shipmentNo: order.shipmentNo, reasonId: 1 });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect((await lookup(product.productId)).store.qty).toBe(10);

    const short = await api.pickingOrder([{ productId: product.productId, qty: 3 }]);
    const booking = await api.booked(STAFF, short, 'T002', 3);
    expect((await api.step(STAFF_T002, booking.bookID, 'take')).statusCode).toBe(200);
    expect((await lookup(product.productId)).nearby.find((s) => s.storeCode === 'T002')).toMatchObject({ qty: 3, qtyReserved: 3 });
  });
});
