import type { Faker } from '@faker-js/faker';
import { CHANNELS, DELIVERY_TYPE, ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import type { StoreRow } from './catalog';
import type { OrderSpec } from './orders';

const S = ORDER_STATUS;

const STATUS_WEIGHTS: Array<{ value: OrderStatusId; weight: number }> = [
  { value: S.NEW, weight: 15 },
  { value: S.PACKING, weight: 8 },
  { value: S.IN_PROGRESS, weight: 12 },
  { value: S.COMPLETED, weight: 15 },
  { value: S.HISTORY, weight: 35 },
  { value: S.CANCELLED, weight: 5 },
  { value: S.HISTORY_CANCELLED, weight: 10 },
];

/** The specs every demo relies on: T001 and T002 have orders in every status, with the shapes later seed steps need. */
export function fixedSpecs(): OrderSpec[] {
  const specs: OrderSpec[] = [];
  const t001: Array<[OrderStatusId, number]> = [
    [S.NEW, 8],
    [S.PACKING, 5],
    [S.IN_PROGRESS, 6],
    [S.COMPLETED, 5],
    [S.HISTORY, 8],
    [S.CANCELLED, 4],
    [S.HISTORY_CANCELLED, 4],
  ];
  let k = 0;
  for (const [statusId, n] of t001) {
    for (let i = 0; i < n; i++) {
      specs.push({
        storeCode: 'T001',
        statusId,
        appId: CHANNELS[k++ % CHANNELS.length]!.appId,
        ...(statusId === S.PACKING && i < 3 ? { oosLine: true } : {}),
        ...(statusId === S.IN_PROGRESS ? { deliveryType: i < 4 ? DELIVERY_TYPE.DELIVERY : DELIVERY_TYPE.PICKUP } : {}),
        ...(statusId === S.COMPLETED && i < 2 ? { deliveryType: DELIVERY_TYPE.DELIVERY } : {}),
      });
    }
  }
  for (const { value: statusId } of STATUS_WEIGHTS) {
    for (let i = 0; i < 3; i++) {
      specs.push({
        storeCode: 'T002',
        statusId,
        ...(statusId === S.PACKING && i === 0 ? { oosLine: true } : {}),
        ...(statusId === S.IN_PROGRESS && i === 0 ? { deliveryType: DELIVERY_TYPE.DELIVERY } : {}),
      });
    }
  }
  return specs;
}

/** The fixed specs, then random stores and statuses (by the chain's usual mix) up to `total`. */
export function orderSpecs(faker: Faker, stores: StoreRow[], total: number): OrderSpec[] {
  const specs = fixedSpecs();
  while (specs.length < total) {
    specs.push({ storeCode: faker.helpers.arrayElement(stores).code, statusId: faker.helpers.weightedArrayElement(STATUS_WEIGHTS) });
  }
  return specs;
}
