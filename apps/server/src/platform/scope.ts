import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { hasRoleAtLeast, type RoleId } from '@gerai/contract';
import { AppError } from './errors';
import { canSeeStore, type Principal } from './principal';

/**
 * The one place store scope is decided. Every query on store-owned rows adds
 * `storeScope(...)`; every lookup by id goes through `assertStoreVisible`,
 * which answers 404 so another store's objects are indistinguishable from
 * missing ones.
 */
export function storeScope(column: Column, p: Principal): SQL {
  if (p.storeCodes === 'all') return sql`true`;
  if (p.storeCodes.length === 0) return sql`false`;
  return inArray(column, p.storeCodes);
}

export function assertStoreVisible(p: Principal, storeCode: string | null | undefined): void {
  if (!storeCode || !canSeeStore(p, storeCode)) throw new AppError('NOT_FOUND');
}

/** The store a "my store" screen works on; helpdesk/super user must pick one first. */
export function requireActiveStore(p: Principal): string {
  if (!p.activeStoreCode) throw new AppError('STORE_REQUIRED');
  return p.activeStoreCode;
}

export function assertRole(p: Principal, required: RoleId): void {
  if (!hasRoleAtLeast(p.roleId, required)) throw new AppError('FORBIDDEN');
}
