import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { POD_REQUEST_TYPE, PodMyRequests, PodRequestType } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { appConfigQueryOptions } from '@/shared/config/app-config';
import { orderScreenShipment } from '@/shared/utils/order-ref';
import { podKeys } from '../query-keys';

/**
 * GET /api/pod/requests/mine?shipmentNo=&type= → that order's POD requests of the type, newest
 * first (items[0] is the one the crew's screen shows). Any crew member may ask.
 */
export function getOrderPodRequests(shipmentNo: string, type: PodRequestType, { signal }: { signal?: AbortSignal } = {}): Promise<PodMyRequests> {
  return api.get<PodMyRequests>('/pod/requests/mine', { query: { shipmentNo, type }, signal });
}

export const orderPodRequestsQueryOptions = (shipmentNo: string, type: PodRequestType) =>
  queryOptions({ queryKey: podKeys.orderRequests(shipmentNo, type), queryFn: ({ signal }) => getOrderPodRequests(shipmentNo, type, { signal }), staleTime: 10_000 });

/** The requests of the scan-and-go screen ('order') or of the return POD ('retur'). */
export function useOrderPodRequests(shipmentNo: string, type: PodRequestType, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderPodRequestsQueryOptions(shipmentNo, type), enabled: enabled && Boolean(shipmentNo) });
}

/**
 * Scan and go's data, asked for by the shell with the screen's code on a first load (as the orders
 * area asks for the order itself): the order's requests (the latest shows above the form) and the
 * POD limits of /api/app-config, which the screen waits for before it draws the form. Left to the
 * screen, the limits were one more round trip after its code, in front of its first content
 * (Lighthouse's LCP render delay).
 */
export function prefetchScanGoData(queryClient: QueryClient, pathname: string): void {
  const shipmentNo = pathname.startsWith('/order/detail-scan-go/') ? orderScreenShipment(pathname) : null;
  if (!shipmentNo) return;
  // POD_REQUEST_TYPE.ORDER, written as its type checks it: the contract's limits module is not shell code.
  void queryClient.prefetchQuery(orderPodRequestsQueryOptions(shipmentNo, 'order' satisfies typeof POD_REQUEST_TYPE.ORDER));
  void queryClient.prefetchQuery(appConfigQueryOptions());
}
