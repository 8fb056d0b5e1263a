import { ESCALATION_LEVEL, ESCALATION_LEVELS, MONITORED_STATUSES, MONITORING_STATUSES, ORDER_STATUS, type EscalationLevel, type MonitoredStatusId, type OrderStatusId } from '@gerai/contract';
import type { Config } from '../../config';

/** The statuses monitoring counts (the contract's list, each a tile opening its order list). */
export const SHOWN_STATUSES = MONITORING_STATUSES;
/** Open work: what a store still has to do (the store rows' second sort key). */
export const OPEN_STATUSES: readonly OrderStatusId[] = MONITORED_STATUSES;

/** Service levels and escalation thresholds in minutes from an order's arrival (decimals allowed). */
export interface MonitoringSettings {
  sla: Record<MonitoredStatusId, number>;
  escalation: Record<EscalationLevel, number>;
}

export type MonitoringConfig = Pick<
  Config,
  'SLA_NEW_MINUTES' | 'SLA_PACKING_MINUTES' | 'SLA_IN_PROGRESS_MINUTES' | 'ESCALATION_STORE_MINUTES' | 'ESCALATION_CHIEF_MINUTES' | 'ESCALATION_AREA_MINUTES'
>;

export function monitoringSettings(config: MonitoringConfig): MonitoringSettings {
  return {
    sla: { [ORDER_STATUS.NEW]: config.SLA_NEW_MINUTES, [ORDER_STATUS.PACKING]: config.SLA_PACKING_MINUTES, [ORDER_STATUS.IN_PROGRESS]: config.SLA_IN_PROGRESS_MINUTES },
    escalation: {
      [ESCALATION_LEVEL.STORE]: config.ESCALATION_STORE_MINUTES,
      [ESCALATION_LEVEL.STORE_CHIEF]: config.ESCALATION_CHIEF_MINUTES,
      [ESCALATION_LEVEL.AREA_SUPERVISOR]: config.ESCALATION_AREA_MINUTES,
    },
  };
}

const MINUTE_MS = 60_000;

/** The arrival time at or before which an order is `minutes` old at `now`. */
export const arrivedBy = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS);

/** Whole minutes since arrival, as the reply and the event say them. */
export const ageMinutes = (now: Date, createdAt: Date) => Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / MINUTE_MS));

/** Levels in the order they are reached. */
export const LEVELS_IN_ORDER: readonly EscalationLevel[] = [...ESCALATION_LEVELS].sort((a, b) => a - b);
