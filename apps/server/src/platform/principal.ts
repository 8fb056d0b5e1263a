import { eq } from 'drizzle-orm';
import { ROLE, type RoleId } from '@gerai/contract';
import type { Db } from '../db/client';
import { userStores, users } from '../db/schema';

/** Who is calling and which stores they may see. */
export interface Principal {
  userId: number;
  nik: string;
  name: string;
  roleId: RoleId;
  homeStoreCode: string | null;
  /** The store the caller is working in now (own store, or the one picked). */
  activeStoreCode: string | null;
  /** 'all' for roles scoped to every store. */
  storeCodes: string[] | 'all';
}

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const roleId = user.roleId as RoleId;
  let storeCodes: string[] | 'all';
  if (roleId === ROLE.SUPER_USER || roleId === ROLE.HELPDESK) {
    storeCodes = 'all';
  } else if (roleId === ROLE.AREA_SUPERVISOR) {
    const rows = await db.select({ storeCode: userStores.storeCode }).from(userStores).where(eq(userStores.userId, userId));
    storeCodes = rows.map((r) => r.storeCode).sort();
  } else {
    storeCodes = user.storeCode ? [user.storeCode] : [];
  }
  const active =
    user.activeStoreCode && canSeeStore({ storeCodes }, user.activeStoreCode)
      ? user.activeStoreCode
      : (user.storeCode ?? (Array.isArray(storeCodes) ? (storeCodes[0] ?? null) : null));
  return {
    userId: user.id,
    nik: user.nik,
    name: user.name,
    roleId,
    homeStoreCode: user.storeCode,
    activeStoreCode: active,
    storeCodes,
  };
}

export function canSeeStore(p: Pick<Principal, 'storeCodes'>, storeCode: string): boolean {
  return p.storeCodes === 'all' || p.storeCodes.includes(storeCode);
}
