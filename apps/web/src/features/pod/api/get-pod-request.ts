import { queryOptions, useQuery } from '@tanstack/react-query';
import { POD_REQUEST_TYPES, type PodRequestDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

const seg = encodeURIComponent;

/**
 * GET /api/pod/requests/:shipmentNo/:deliveryType/:type? → the latest request of
 * the order: crew member, reason, both positions, distance and direction, decision.
 */
export function getPodRequest(shipmentNo: string, deliveryType: string | number, type: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<PodRequestDetail> {
  const path = `/pod/requests/${seg(shipmentNo)}/${seg(String(deliveryType))}${type ? `/${seg(type)}` : ''}`;
  return api.get<PodRequestDetail>(path, { signal });
}

export const podRequestQueryOptions = (shipmentNo: string, deliveryType: string | number, type?: string) =>
  queryOptions({
    queryKey: podKeys.detail(shipmentNo, deliveryType, type ?? POD_REQUEST_TYPES[0]),
    queryFn: ({ signal }) => getPodRequest(shipmentNo, deliveryType, type, { signal }),
    staleTime: 10_000,
  });

export function usePodRequest(shipmentNo: string, deliveryType: string | number, type?: string) {
  return useQuery({ ...podRequestQueryOptions(shipmentNo, deliveryType, type), enabled: Boolean(shipmentNo) });
}
