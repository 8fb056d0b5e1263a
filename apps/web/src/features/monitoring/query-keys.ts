import type { MonitoringTile } from '@gerai/contract';

/**
 * Query keys of the monitoring area: one summary and one late list per store filter ('' for the caller's whole scope),
 * one per tile's stores and the store rows ("Per toko"), both over the whole scope.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  summaries: () => [...monitoringKeys.all, 'summary'] as const,
  summary: (storeCode: string) => [...monitoringKeys.summaries(), { storeCode }] as const,
  tiles: () => [...monitoringKeys.all, 'tile'] as const,
  tile: (tile: MonitoringTile) => [...monitoringKeys.tiles(), { tile }] as const,
  storeRows: () => [...monitoringKeys.all, 'stores'] as const,
  lates: () => [...monitoringKeys.all, 'late'] as const,
  late: (storeCode: string) => [...monitoringKeys.lates(), { storeCode }] as const,
};
