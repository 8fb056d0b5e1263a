import { describe, expect, it } from 'vitest';
import { measure, toStoreStock, type Candidate } from './walk';

const origin = { code: 'T001', kelurahan: 'Kel A', kecamatan: 'Kec A', latitude: -6.2, longitude: 106.8 };
const store = (code: string, latitude: number, longitude: number): Candidate => ({
  code,
  name: `Toko ${code}`,
  address: 'Jl. Contoh',
  kelurahan: 'Kel B',
  kecamatan: 'Kec A',
  city: 'Jakarta',
  phone: null,
  latitude,
  longitude,
  qty: 3,
  qtyReserved: 0,
});

describe('measure', () => {
  it("sorts nearest first by haversine metres (code on a tie) into a new array, each row measured in place rather than copied (the hot reads' allocation)", () => {
    const far = store('T009', -6.3, 106.8);
    const near = store('T005', -6.21, 106.8);
    const tie = store('T004', -6.21, 106.8);
    const rows = [far, near, tie];
    const sorted = measure(origin, rows);
    expect(sorted.map((r) => r.code)).toEqual(['T004', 'T005', 'T009']);
    // The same row objects, not copies; the statement's array keeps its own order.
    expect(sorted[0]).toBe(tie);
    expect(sorted[2]).toBe(far);
    expect(rows.map((r) => r.code)).toEqual(['T009', 'T005', 'T004']);
    expect(Math.round(sorted[0]!.meters)).toBe(1112);
    expect(toStoreStock(origin, sorted[0]!)).toMatchObject({ storeCode: 'T004', distanceM: 1112, proximity: 'kecamatan', qty: 3, qtyReserved: 0 });
  });
});
