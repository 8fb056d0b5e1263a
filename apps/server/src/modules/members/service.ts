import { eq, sql } from 'drizzle-orm';
import { ROLE_LABEL, type Member, type Store } from '@gerai/contract';
import type { Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { canSeeStore } from '../../platform/principal';
import { writeAudit } from '../../platform/audit';

/** "Toko Kemang Raya" → "Kemang Raya": the spec shows the second and third words. */
export function shortStoreName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.slice(1, 3).join(' ') || name;
}

export function toStoreView(row: typeof stores.$inferSelect): Store {
  return {
    storeCode: row.code,
    storeName: row.name,
    address: row.address,
    kelurahan: row.kelurahan,
    kecamatan: row.kecamatan,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone ?? null,
  };
}

// Every screen's first read asks for the member: its store is one prepared statement, not a query built per call.
const storeRead = preparedRead('member_store', (db, _shape: '', as) => db.select().from(stores).where(eq(stores.code, sql.placeholder('code'))).limit(1).prepare(as));

export async function memberView(db: Db, p: Principal): Promise<Member> {
  const store = p.activeStoreCode ? (await storeRead(db, '').execute({ code: p.activeStoreCode }))[0] : undefined;
  return {
    nik: p.nik,
    employeName: p.name,
    roleID: p.roleId,
    roleName: ROLE_LABEL[p.roleId] ?? String(p.roleId),
    storeName: store ? shortStoreName(store.name) : null,
    store: store ? toStoreView(store) : null,
    storeCodes: p.storeCodes === 'all' ? [] : p.storeCodes,
    info: store ? `${store.code} · ${store.name}` : null,
  };
}

/** Area supervisors, helpdesk and super users work in one chosen store at a time. */
export async function selectActiveStore(db: Db, p: Principal, storeCode: string): Promise<void> {
  const [store] = await db.select({ code: stores.code }).from(stores).where(eq(stores.code, storeCode)).limit(1);
  if (!store || !canSeeStore(p, storeCode)) throw new AppError('NOT_FOUND', 'Toko tidak ditemukan.');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ activeStoreCode: storeCode }).where(eq(users.id, p.userId));
    await writeAudit(tx, {
      actorUserId: p.userId,
      entity: 'user',
      entityId: p.nik,
      action: 'select_store',
      fromValue: p.activeStoreCode,
      toValue: storeCode,
    });
  });
}
