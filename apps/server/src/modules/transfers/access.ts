// Who sees a transfer, and from which side: the scope every read and step of the area applies.
import { or, type SQL } from 'drizzle-orm';
import {
  hasRoleAtLeast,
  ROLE,
  type TransferListSide,
  type TransferSide,
} from '@gerai/contract';
import { inScope } from '../../db/prepared';
import { materialTransfers } from '../../db/schema';
import { canSeeStore, type Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';

/**
 * The sides of a transfer the caller is on, from the stores they may see (TRANSFER_FLOW's `side`):
 * an area supervisor (and above) of either store is also the `supervisor`.
 */
export function sidesOf(p: Principal, senderStore: string, receiverStore: string): TransferSide[] {
  const sides: TransferSide[] = [];
  const sender = canSeeStore(p, senderStore);
  const receiver = canSeeStore(p, receiverStore);
  if (sender) sides.push('sender');
  if (receiver) sides.push('receiver');
  if ((sender || receiver) && hasRoleAtLeast(p.roleId, ROLE.AREA_SUPERVISOR)) sides.push('supervisor');
  return sides;
}

/** A transfer is seen by whoever may see its sender or its receiver; anyone else gets 404, as for a missing one. */
export const transferScope = (p: Principal): SQL => or(storeScope(materialTransfers.senderStoreCode, p), storeScope(materialTransfers.receiverStoreCode, p))!;

/** The same for a prepared read (db/prepared.ts): the caller's stores are the one `stores` placeholder. */
export const transferInScope = (): SQL => or(inScope(materialTransfers.senderStoreCode), inScope(materialTransfers.receiverStoreCode))!;

/** `out` when my (active) store sent it, `in` when it is addressed to my store, else null. */
export function listSideOf(p: Principal, senderStore: string, receiverStore: string): TransferListSide | null {
  if (p.activeStoreCode === senderStore) return 'out';
  if (p.activeStoreCode === receiverStore) return 'in';
  return null;
}
