// The material transfer (MAT) machine as a table (docs/decisions.md 89): the server's transfers module
// is the only code that applies it; the web reads the actions each transfer offers from the server.
// Zod-free: the MAT pages import it at run time.
import type { TransferEventType } from './event-types';
import { actionsFor, stepOf, type FlowStep } from './workflow';
import { MAT_STATUS, type MatStatus } from './workflow-statuses';

export const TRANSFER_ACTIONS = ['cancel', 'confirm', 'finish', 'reissue', 'unlock'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

/**
 * Who may take a step: the store that sent the goods (`sender`), the store they are addressed to
 * (`receiver`), or an area supervisor (and above) of either store (`supervisor`).
 */
export const TRANSFER_STEP_SIDES = ['sender', 'receiver', 'supervisor'] as const;
export type TransferSide = (typeof TRANSFER_STEP_SIDES)[number];

const M = MAT_STATUS;
/** Only while the PIN is not locked (5 wrong tries lock it), or only while it is. */
const unlocked = { locked: false } as const;
const locked = { locked: true } as const;

/**
 * Sending creates the transfer in `new` (`transfer.sent`): the goods leave the sender's sellable stock
 * for its in-transit bucket and the transfer gets its PIN (shown to the sender once; a new one may be
 * issued). The sender may cancel while it is `new` (the goods come back once). The receiver confirms
 * with the PIN typed or the QR scanned (`process`: the goods are at the receiver, being counted); 5
 * wrong PINs lock it (`transfer.locked`) until a supervisor unlocks it. Finishing records what arrived
 * line by line (a difference needs a reason): the in-transit units leave the sender, the counted units
 * enter the receiver, in one transaction.
 */
export const TRANSFER_FLOW = [
  { action: 'cancel', from: M.NEW, to: M.CANCEL, who: { sides: ['sender'] }, event: 'transfer.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
  { action: 'reissue', from: M.NEW, to: M.NEW, who: { sides: ['sender'] }, event: 'transfer.reissued', stamps: [], when: unlocked },
  { action: 'confirm', from: M.NEW, to: M.PROCESS, who: { sides: ['receiver'] }, event: 'transfer.confirmed', stamps: ['confirmedAt', 'confirmedBy'], when: unlocked },
  { action: 'unlock', from: M.NEW, to: M.NEW, who: { sides: ['supervisor'] }, event: 'transfer.unlocked', stamps: [], when: locked },
  { action: 'finish', from: M.PROCESS, to: M.FINISH, who: { sides: ['receiver'] }, event: 'transfer.finished', stamps: ['finishedAt', 'finishedBy'] },
] as const satisfies ReadonlyArray<FlowStep<TransferAction, MatStatus, TransferSide, TransferEventType>>;

/** The step `action` takes from `status`, or undefined when there is none (whatever the lock: the lock has its own refusals). */
export const transferStep = (action: TransferAction, status: MatStatus) => stepOf(TRANSFER_FLOW, action, status);

/** What a caller on `sides` may do with a transfer in `status` (the buttons of its detail). */
export const transferActions = (status: MatStatus, isLocked: boolean, sides: readonly TransferSide[]): TransferAction[] =>
  actionsFor(TRANSFER_FLOW, status, { sides }, { locked: isLocked });

/** The two sides of a transfer as the lists name them: goods coming in, goods going out. */
export const TRANSFER_SIDES = ['in', 'out'] as const;
export type TransferListSide = (typeof TRANSFER_SIDES)[number];

/**
 * The list routes' status segments (`/mat-in-proces`, `/mat-out-done`, …) and the detail routes'
 * `:matStoreStatus`: the spec's spelling, each naming one MAT status. A receiver has no cancel list.
 */
export const MAT_ROUTE_STATUS = { new: MAT_STATUS.NEW, proces: MAT_STATUS.PROCESS, done: MAT_STATUS.FINISH, cancel: MAT_STATUS.CANCEL } as const;
export type MatRouteStatus = keyof typeof MAT_ROUTE_STATUS;
export const MAT_ROUTE_STATUSES = Object.keys(MAT_ROUTE_STATUS) as MatRouteStatus[];
export const MAT_IN_ROUTE_STATUSES: readonly MatRouteStatus[] = ['new', 'proces', 'done'];
export const MAT_OUT_ROUTE_STATUSES: readonly MatRouteStatus[] = ['new', 'proces', 'done', 'cancel'];
/** The route segment of a status (the way back from a detail to its list). */
export function matRouteStatusOf(status: MatStatus): MatRouteStatus {
  return (Object.keys(MAT_ROUTE_STATUS) as MatRouteStatus[]).find((k) => MAT_ROUTE_STATUS[k] === status)!;
}

/** Indonesian label per MAT status, as the lists and details show it. */
export const MAT_STATUS_LABEL: Record<MatStatus, string> = {
  new: 'Baru',
  process: 'Proses',
  finish: 'Selesai',
  cancel: 'Batal',
};

/** Why fewer units arrived than were sent, chosen per line when finishing (Lainnya needs a note). */
export const TRANSFER_DISCREPANCY_REASONS = ['missing', 'damaged', 'wrong_item', 'other'] as const;
export type TransferDiscrepancyReason = (typeof TRANSFER_DISCREPANCY_REASONS)[number];
export const TRANSFER_DISCREPANCY_LABEL: Record<TransferDiscrepancyReason, string> = {
  missing: 'Barang kurang / tidak ada',
  damaged: 'Barang rusak',
  wrong_item: 'Barang salah kirim',
  other: 'Lainnya',
};

/**
 * The QR a sender shows and a receiver scans: the transfer's idTbsms and its PIN. Scanning it is the
 * same proof as typing the PIN (one secret), so a wrong or old QR counts as a wrong try.
 */
const MAT_QR_PREFIX = 'GERAI-MAT';
const MAT_QR_PATTERN = new RegExp(`^${MAT_QR_PREFIX}:([A-Za-z0-9-]{1,40}):(\\d{4,8})$`);
export function matQrValue(idTbsms: string, pin: string): string {
  return `${MAT_QR_PREFIX}:${idTbsms}:${pin}`;
}
/** The idTbsms and PIN a scanned QR carries, or null when it is not a MAT QR. */
export function parseMatQr(value: string): { idTbsms: string; pin: string } | null {
  const m = MAT_QR_PATTERN.exec(value.trim());
  return m ? { idTbsms: m[1]!, pin: m[2]! } : null;
}
