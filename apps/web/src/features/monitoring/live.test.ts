import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { applyLive, streamEvent } from '@/test/live';
import { monitoringLive } from './live';
import { monitoringKeys } from './query-keys';

/** A supervisor's phone that has read the whole scope's figures and late list, one store's, two tiles' stores and "Per toko". */
const KEYS = [
  monitoringKeys.summary(''),
  monitoringKeys.summary('T002'),
  monitoringKeys.tile('status-1101'),
  monitoringKeys.tile('bookings'),
  monitoringKeys.storeRows(),
  monitoringKeys.late(''),
  monitoringKeys.late('T002'),
  monitoringKeys.late('T001'),
];
function phone() {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, {});
  return client;
}
const stale = (client: QueryClient, ...keys: QueryKey[]) => keys.map((key) => client.getQueryState(key)?.isInvalidated ?? null);

describe('the monitoring live declaration', () => {
  it("an order arriving in a store marks the scope's figures and late list, that store's late list, every tile's stores and the store rows; another store's are left alone", () => {
    const client = phone();
    applyLive(client, [monitoringLive], streamEvent('order.created', { shipmentNo: 'SHPX', orderNo: 'AMDX', appId: 91, statusId: 1101, deliveryType: 1, price: 100, storeCode: 'T001' }));
    expect(stale(client, ...KEYS)).toEqual([true, false, true, true, true, true, false, true]);
  });
});
