import { MAT_STATUS, type MatRouteStatus, type TransferDetail, type TransferItem, type TransferListSide } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';

/** Router state of `/confirm-mat/new/:idTbsms` when a MAT QR was scanned on `/mat`: the page confirms with it at once. */
export interface ConfirmMatState {
  qr: string;
}

/** The QR a route state carries, or null. */
export function qrOfState(state: unknown): string | null {
  const qr = (state as Partial<ConfirmMatState> | null)?.qr;
  return typeof qr === 'string' && qr.trim() ? qr.trim() : null;
}

/** The list route of a side and status segment (`/mat-in-new`, `/mat-out-cancel`…). */
export function listPath(side: TransferListSide, status: MatRouteStatus): string {
  return `/mat-${side}-${status}`;
}

/** Where a sent transfer opens: a finished one shows what arrived; the others their status and lines. */
export function outDetailPath(item: Pick<TransferItem, 'matStatus' | 'matStoreStatus' | 'matStoreNo'>): string {
  return item.matStatus === MAT_STATUS.FINISH ? paths.detailMatOutComplete(item.matStoreStatus, item.matStoreNo) : paths.detailMatOut(item.matStoreStatus, item.matStoreNo);
}

/**
 * Where a transfer opens from a list that mixes sides (the watch lists): mine to receive → the
 * receiving detail; mine sent → the sending one; neither store active (a supervisor) → the
 * finished result or the receiving detail, which shows the lock and its unlock.
 */
export function detailPath(item: Pick<TransferItem, 'side' | 'matNo' | 'matStatus' | 'matStoreStatus' | 'matStoreNo'>): string {
  if (item.side === 'in') return paths.detailMatIn(item.matNo);
  if (item.side === 'out' || item.matStatus === MAT_STATUS.FINISH) return outDetailPath(item);
  return paths.detailMatIn(item.matNo);
}

/** The store at the other end, as my side sees it ("Dari …" / "Ke …"). */
export function otherStoreLabel(item: Pick<TransferItem, 'side' | 'sender' | 'receiver'>): string {
  const store = (s: { storeCode: string; storeName: string }) => t(transfersText.common.store, { code: s.storeCode, name: s.storeName });
  if (item.side === 'out') return t(transfersText.common.to, { store: store(item.receiver) });
  if (item.side === 'in') return t(transfersText.common.from, { store: store(item.sender) });
  return `${store(item.sender)} → ${store(item.receiver)}`;
}

/**
 * The sending store's own people (its crew and kepala toko): on the sender's side and not there as
 * an area supervisor. Only they are offered the sender's steps that void what the receiver holds
 * ("Buat PIN baru", "Batalkan MAT"); a supervisor who came to unlock is shown the lock and its
 * result (the server still lets a supervisor act for either store, decision 88).
 */
export const isSendingCrew = (d: Pick<TransferDetail, 'viewerSides'>) => d.viewerSides.includes('sender') && !d.viewerSides.includes('supervisor');

/** An area supervisor (and above) of either store. */
export const isSupervising = (d: Pick<TransferDetail, 'viewerSides'>) => d.viewerSides.includes('supervisor');

/**
 * Unlocked since its PIN was last issued (by sending or "Buat PIN baru"): the receiver's PIN still
 * holds, so a new one is not what anyone should be led to.
 */
export function unlockedSincePin(d: Pick<TransferDetail, 'history' | 'locked' | 'matStatus'>): boolean {
  if (d.locked || d.matStatus !== MAT_STATUS.NEW) return false;
  const last = (actions: readonly string[]) => d.history.findLastIndex((h) => actions.includes(h.action));
  return last(['unlock']) > last(['send', 'reissue']);
}

/** The history step's label; a step the catalogue does not name shows as the server wrote it. */
export const stepLabel = (action: string) => transfersText.step[action] ?? action;
