import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { ROLE } from '@gerai/contract';
import { verifyPassword } from '../db/password';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data';
import { isValidEan13 } from './ean13';
import { seededDbPerFile } from './seed-test-kit';

const { handle, rows } = seededDbPerFile();

describe('demo accounts (design.md §7)', () => {
  it('has the seven accounts with their roles, stores and the demo password', async () => {
    for (const acc of DEMO_ACCOUNTS) {
      const [user] = await handle.db.select().from(t.users).where(eq(t.users.nik, acc.nik));
      expect(user, acc.nik).toMatchObject({ roleId: acc.roleId, storeCode: acc.storeCode });
      expect(user!.name.split(' ').length).toBeGreaterThanOrEqual(2);
      expect(verifyPassword(DEMO_PASSWORD, user!.passwordHash)).toBe(true);
      expect(verifyPassword('salah', user!.passwordHash)).toBe(false);
    }
    const byNik = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.nik, a.roleId]));
    expect(byNik).toEqual({ '10000001': ROLE.STAFF, '10000002': ROLE.STAFF, '20000001': ROLE.STORE_CHIEF, '20000002': ROLE.STORE_CHIEF, '30000001': ROLE.AREA_SUPERVISOR, '40000001': ROLE.HELPDESK, '90000001': ROLE.SUPER_USER });
  });

  it('gives the area supervisor T001–T010 and nobody else extra stores', async () => {
    const supervised = await rows<{ nik: string; store_code: string }>(sql`select u.nik, us.store_code from user_stores us join users u on u.id = us.user_id order by us.store_code`);
    expect(new Set(supervised.map((r) => r.nik))).toEqual(new Set(['30000001']));
    expect(supervised.map((r) => r.store_code)).toEqual(['T001', 'T002', 'T003', 'T004', 'T005', 'T006', 'T007', 'T008', 'T009', 'T010']);
  });
});

describe('stores and products', () => {
  it('has at least 50 Jabodetabek stores with three-word names, kelurahan, kecamatan and coordinates', async () => {
    const stores = await handle.db.select().from(t.stores).orderBy(asc(t.stores.code));
    expect(stores.length).toBeGreaterThanOrEqual(50);
    expect(stores[0]).toMatchObject({ code: 'T001', name: 'Toko Kemang Raya', kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan' });
    for (const s of stores) {
      expect(s.name.trim().split(/\s+/).length, s.name).toBeGreaterThanOrEqual(3);
      expect(s.kelurahan.length).toBeGreaterThan(2);
      expect(s.kecamatan.length).toBeGreaterThan(2);
      expect(s.latitude).toBeGreaterThan(-6.8);
      expect(s.latitude).toBeLessThan(-6.0);
      expect(s.longitude).toBeGreaterThan(106.4);
      expect(s.longitude).toBeLessThan(107.2);
    }
    expect(new Set(stores.map((s) => s.name)).size).toBe(stores.length);
  });

  it('has at least 500 products, every barcode a valid and unique EAN-13, with stock in every store', async () => {
    const products = await handle.db.select().from(t.products);
    expect(products.length).toBeGreaterThanOrEqual(500);
    expect(products.filter((p) => !isValidEan13(p.ean13))).toEqual([]);
    expect(new Set(products.map((p) => p.ean13)).size).toBe(products.length);
    expect(products.every((p) => p.price >= 100 && p.price % 100 === 0)).toBe(true);
    const [stock] = await rows<{ n: number; stores: number; products: number; empty: number }>(
      sql`select count(*)::int n, count(distinct store_code)::int stores, count(distinct product_id)::int products, count(*) filter (where qty = 0)::int empty from store_stock`,
    );
    expect(stock!.stores).toBeGreaterThanOrEqual(50);
    expect(stock!.products).toBe(products.length);
    expect(stock!.empty).toBeGreaterThan(0);
    expect(stock!.empty).toBeLessThan(stock!.n / 5);
  });
});
