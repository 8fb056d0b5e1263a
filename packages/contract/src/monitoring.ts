// Monitoring: service levels, escalation levels, what waits on someone. Zod-free: the web's
// monitoring page and the escalation alert read these at run time.
import { ROLE, type RoleId } from './roles';
import { ORDER_STATUS, type OrderStatusId } from './statuses';
import { RETURN_STATUS, type ReturnStatus } from './workflow-statuses';

/**
 * The statuses monitoring watches against a service level, each measured from the order's arrival:
 * a new order must be claimed, a claimed one packed, a packed one handed over or delivered.
 */
export const MONITORED_STATUSES = [ORDER_STATUS.NEW, ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS] as const satisfies readonly OrderStatusId[];
export type MonitoredStatusId = (typeof MONITORED_STATUSES)[number];

/** Minutes from arrival by which an order should have left each status (the server's config may change them). */
export const SLA_DEFAULT_MINUTES: Record<MonitoredStatusId, number> = {
  1101: 10,
  1102: 30,
  1103: 120,
};

/**
 * Who a new order that nobody claimed is escalated to, in turn: the store's phones again, then the
 * kepala toko, then the area supervisor. Each level is reached once per order.
 */
export const ESCALATION_LEVEL = { STORE: 1, STORE_CHIEF: 2, AREA_SUPERVISOR: 3 } as const;
export type EscalationLevel = (typeof ESCALATION_LEVEL)[keyof typeof ESCALATION_LEVEL];
export const ESCALATION_LEVELS = Object.values(ESCALATION_LEVEL) as EscalationLevel[];

/** The reason an escalation writes in the order's history, as the crew reads it there. */
export const ESCALATION_REASON: Record<EscalationLevel, string> = {
  1: 'Peringatan ulang ke HP toko',
  2: 'Diteruskan ke Kepala Toko',
  3: 'Diteruskan ke Area Supervisor',
};

/** Minutes after arrival at which an unclaimed new order reaches each level (the server's config may change them). */
export const ESCALATION_DEFAULT_MINUTES: Record<EscalationLevel, number> = { 1: 10, 2: 15, 3: 20 };

/**
 * Whether an escalation of `level` rings on a phone signed in with `roleId` (the event reaches only
 * phones that may see the store). Level 1 is the store's own phones (crew and kepala toko); level 2
 * the kepala toko; level 3 the area supervisor.
 */
export function escalationReaches(level: EscalationLevel, roleId: RoleId): boolean {
  if (level === ESCALATION_LEVEL.STORE) return roleId === ROLE.STAFF || roleId === ROLE.STORE_CHIEF;
  if (level === ESCALATION_LEVEL.STORE_CHIEF) return roleId === ROLE.STORE_CHIEF;
  return roleId === ROLE.AREA_SUPERVISOR;
}

/** The order statuses monitoring counts, in the order the reply lists them: the three in work, then done and cancelled (not yet archived). */
export const MONITORING_STATUSES = [...MONITORED_STATUSES, ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED] as const satisfies readonly OrderStatusId[];
export type MonitoringStatusId = (typeof MONITORING_STATUSES)[number];

/**
 * Work that waits on someone, shown on monitoring with a link to its list. One kind per list, so a row
 * counts exactly what its list shows: the returns list shows one status at a time, so each open return
 * status (RETURN_OPEN_STATUSES) is a kind of its own.
 */
export const WAITING_KINDS = ['podApprovals', 'cancelRequests', 'returnsRequested', 'returnsApproved', 'returnsCollected', 'returnsReceived', 'bookings', 'transfers'] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];
/** The return status each returns kind counts. */
export const WAITING_RETURN_STATUS = {
  returnsRequested: RETURN_STATUS.REQUESTED,
  returnsApproved: RETURN_STATUS.APPROVED,
  returnsCollected: RETURN_STATUS.COLLECTED,
  returnsReceived: RETURN_STATUS.RECEIVED,
} as const satisfies Partial<Record<WaitingKind, ReturnStatus>>;

/**
 * Every figure of monitoring that opens a list: an order status (`status-<id>`) or a waiting kind. Over
 * several stores a tile opens its stores (GET /api/monitoring/tiles/:tile), each opening that store's list.
 */
export const MONITORING_TILES = ['status-1101', 'status-1102', 'status-1103', 'status-1104', 'status-1106', ...WAITING_KINDS] as const satisfies readonly (`status-${MonitoringStatusId}` | WaitingKind)[];
export type MonitoringTile = (typeof MONITORING_TILES)[number];
export const statusTile = (statusId: MonitoringStatusId): MonitoringTile => `status-${statusId}`;

/** Late orders listed on monitoring at most (the oldest first); the count of all of them is given beside. */
export const MONITORING_LATE_MAX = 50;
/** Store rows on monitoring at most (the stores with the most late work first); the total is given beside. */
export const MONITORING_STORES_MAX = 50;

/**
 * Who sees people (who claimed an order, the recap per crew member): the kepala toko and above. The crew
 * sees its store's figures without names.
 */
export const SEE_PEOPLE_MIN_ROLE: RoleId = ROLE.STORE_CHIEF;
