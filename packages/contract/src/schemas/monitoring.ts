import { z } from 'zod';
import { ESCALATION_LEVELS, MONITORING_TILES, WAITING_KINDS } from '../monitoring';
import { storeFilterSchema } from './common';
import { request } from './primitives';

// Monitoring (GET /api/monitoring). Every figure covers the caller's scope (decision 98): their
// store, their area's stores, or every store; `storeCode` narrows it to one store of that scope
// (another store answers 404).

export const monitoringQuerySchema = request(z.object({ storeCode: storeFilterSchema }));
export type MonitoringQuery = z.infer<typeof monitoringQuerySchema>;

/** Orders in one status: how many, how many past their service level, and when the oldest arrived. */
export const monitoringStatusSchema = z.object({
  statusId: z.number().int(),
  count: z.number().int(),
  /** Past the status's service level (0 for a status without one: completed, cancelled). */
  late: z.number().int(),
  /** Arrival of the oldest order in this status; null when there is none. */
  oldestAt: z.string().nullable(),
});
export type MonitoringStatus = z.infer<typeof monitoringStatusSchema>;

/** Work that waits on someone (WAITING_KINDS), with the oldest one's time. */
export const monitoringWaitingSchema = z.object({
  kind: z.enum(WAITING_KINDS),
  count: z.number().int(),
  oldestAt: z.string().nullable(),
});
export type MonitoringWaiting = z.infer<typeof monitoringWaitingSchema>;

/** A store row's figures for one status: its oldest order is the scope's tiles' business, not a row's (nothing shows it). */
export const monitoringStoreStatusSchema = monitoringStatusSchema.omit({ oldestAt: true });
export type MonitoringStoreStatus = z.infer<typeof monitoringStoreStatusSchema>;

export const monitoringStoreSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  /** The open statuses (MONITORED_STATUSES: 1101, 1102 and 1103), in that order: a row shows its work in hand, not what is done. */
  statuses: z.array(monitoringStoreStatusSchema),
  late: z.number().int(),
  waiting: z.number().int(),
});
export type MonitoringStore = z.infer<typeof monitoringStoreSchema>;

/**
 * "Per toko" (GET /api/monitoring/stores, asked for when the section comes near the screen): the stores of the caller's
 * scope (or the one asked for with `storeCode`), at most MONITORING_STORES_MAX, the most late work first;
 * `storeCount` says how many there are.
 */
export const monitoringStoreRowsSchema = z.object({
  generatedAt: z.string(),
  storeCount: z.number().int(),
  stores: z.array(monitoringStoreSchema),
});
export type MonitoringStoreRows = z.infer<typeof monitoringStoreRowsSchema>;

/** GET /api/monitoring/tiles/:tile — the tile whose stores are asked for. */
export const monitoringTileParamsSchema = request(z.object({ tile: z.enum(MONITORING_TILES) }));
export type MonitoringTileParams = z.infer<typeof monitoringTileParamsSchema>;

/**
 * One tile's stores (GET /api/monitoring/tiles/:tile, asked for when the tile is opened over several stores):
 * each store of the caller's scope with at least one, the most first (then by code), at most
 * MONITORING_STORES_MAX; their counts add up to the tile's when `storeTotal` (stores with at least one) is not
 * more than those listed.
 */
export const monitoringTileStoresSchema = z.object({
  tile: z.enum(MONITORING_TILES),
  storeTotal: z.number().int(),
  stores: z.array(z.object({ storeCode: z.string(), storeName: z.string(), count: z.number().int() })),
});
export type MonitoringTileStores = z.infer<typeof monitoringTileStoresSchema>;

/** An order past its status's service level. */
export const lateOrderSchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  statusId: z.number().int(),
  deliveryType: z.number().int(),
  appId: z.number().int(),
  createdAt: z.string(),
  ageMinutes: z.number().int(),
  slaMinutes: z.number().int(),
  /** The highest escalation level reached (0: none yet). */
  escalationLevel: z.number().int(),
  /** Who claimed it; null when nobody has, or when the caller does not see people (the crew). */
  pickerName: z.string().nullable(),
});
export type LateOrder = z.infer<typeof lateOrderSchema>;

export const monitoringSchema = z.object({
  generatedAt: z.string(),
  /** Minutes from arrival per monitored status (config). */
  sla: z.array(z.object({ statusId: z.number().int(), minutes: z.number().int() })),
  /** Minutes from arrival at which an unclaimed order reaches each escalation level (config). */
  escalation: z.array(z.object({ level: z.union(ESCALATION_LEVELS.map((l) => z.literal(l))), minutes: z.number().int() })),
  /** Stores in the scope (or the one asked for). */
  storeCount: z.number().int(),
  /** The one store the figures cover, when they cover exactly one (its name for the filter; the tiles open its lists); null otherwise. */
  store: z.object({ storeCode: z.string(), storeName: z.string() }).nullable(),
  totals: z.array(monitoringStatusSchema),
  waiting: z.array(monitoringWaitingSchema),
  /** How many orders of the scope are late (the late list itself is GET /api/monitoring/late). */
  lateTotal: z.number().int(),
});
export type Monitoring = z.infer<typeof monitoringSchema>;

/**
 * The late list (GET /api/monitoring/late, asked for when its section comes near the screen): the oldest late orders
 * of the caller's scope (or the one asked for with `storeCode`), at most MONITORING_LATE_MAX; the monitoring reply's
 * `lateTotal` says how many there are.
 */
export const monitoringLateSchema = z.object({
  generatedAt: z.string(),
  late: z.array(lateOrderSchema),
});
export type MonitoringLate = z.infer<typeof monitoringLateSchema>;
