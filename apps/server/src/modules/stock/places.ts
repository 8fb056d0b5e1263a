// Where a store is, and how far and how near another store is to it.
import { eq } from 'drizzle-orm';
import { distanceMeters, STORE_PROXIMITY, type StoreProximity } from '@gerai/contract';
import type { Reader } from '../../db/client';
import { stores } from '../../db/schema';

/** Where a store is: the origin of a nearest-stores walk (the ordering store, or my store). */
export interface StoreOrigin {
  code: string;
  kelurahan: string;
  kecamatan: string;
  latitude: number;
  longitude: number;
}

/** The store's place, for a walk from it; unknown → null. */
export async function storeOrigin(db: Reader, code: string): Promise<(StoreOrigin & typeof stores.$inferSelect) | null> {
  const [row] = await db.select().from(stores).where(eq(stores.code, code)).limit(1);
  return row ?? null;
}

/** How a store relates to the origin: its kelurahan (within its kecamatan), its kecamatan, or neither. */
export function proximityOf(origin: Pick<StoreOrigin, 'kelurahan' | 'kecamatan'>, store: Pick<StoreOrigin, 'kelurahan' | 'kecamatan'>): StoreProximity {
  if (store.kecamatan !== origin.kecamatan) return STORE_PROXIMITY.NEARBY;
  return store.kelurahan === origin.kelurahan ? STORE_PROXIMITY.KELURAHAN : STORE_PROXIMITY.KECAMATAN;
}

/** Haversine metres between two stores, as the screens show them (whole metres). */
export function storeDistanceM(a: Pick<StoreOrigin, 'latitude' | 'longitude'>, b: Pick<StoreOrigin, 'latitude' | 'longitude'>): number {
  return Math.round(distanceMeters({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }));
}
