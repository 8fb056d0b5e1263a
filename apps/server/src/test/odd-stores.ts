import { stores } from '../db/schema';
import { openTestDb } from './test-db';

/**
 * The demo database with four more stores whose names hold what a "contains" search must take literally or
 * fold (LIKE's `%`, `_` and `\`, an ä): for the store searches' comparisons with `ilike`. `place` is their
 * kelurahan (their kecamatan is 'Uji').
 */
export async function openWithOddStores(place = 'Uji') {
  const handle = await openTestDb({ data: 'demo' });
  const odd = ['Toko Diskon 50% Uji', 'Toko Garis_Bawah', 'Toko Miring \\ Uji', 'Toko ÄBC Besar'];
  await handle.db.insert(stores).values(
    odd.map((name, i) => ({ code: `U${i}`, name, address: 'Jl. Uji', kelurahan: place, kecamatan: 'Uji', city: 'Jakarta', latitude: -6.2, longitude: 106.8, areaCode: 'JKS' })),
  );
  return handle;
}
