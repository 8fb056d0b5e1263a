import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonitoringTile, MonitoringTileStores } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { monitoringKeys } from '../query-keys';
import { MONITORING_REFETCH_MS } from './get-monitoring';

/** GET /api/monitoring/tiles/:tile → a tile's stores over the caller's whole scope (asked for when the tile is opened). */
export function getTileStores(tile: MonitoringTile, { signal }: { signal?: AbortSignal } = {}): Promise<MonitoringTileStores> {
  return api.get<MonitoringTileStores>(`/monitoring/tiles/${tile}`, { signal });
}

export const tileStoresQueryOptions = (tile: MonitoringTile) =>
  queryOptions({
    queryKey: monitoringKeys.tile(tile),
    queryFn: ({ signal }) => getTileStores(tile, { signal }),
    staleTime: 5_000,
    // Read again with the figures while open, so the stores keep adding up to the tile.
    refetchInterval: MONITORING_REFETCH_MS,
  });

export function useTileStores(tile: MonitoringTile) {
  return useQuery(tileStoresQueryOptions(tile));
}
