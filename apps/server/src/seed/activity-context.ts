import type { Faker } from '@faker-js/faker';
import type { OrderStatusId } from '@gerai/contract';
import type { ProductRow } from './catalog';
import type { SeedOrder } from './orders';

/** User ids of the demo accounts, as seeded. */
export interface DemoUserIds {
  staffT001: number;
  staffT002: number;
  chief: number;
  helpdesk: number;
}

/** What every kind of demo activity is built from: the seeded orders and products, the demo accounts, the seed's clock. */
export interface ActivityContext {
  faker: Faker;
  products: ProductRow[];
  users: DemoUserIds;
  now: Date;
  /** The seeded orders of one store in one status, in seed order. */
  of(storeCode: string, statusId: OrderStatusId): SeedOrder[];
  /** The i-th of them; the fixed order specs guarantee it is there. */
  nth(list: SeedOrder[], i: number): SeedOrder;
}

export function activityContext(faker: Faker, orders: SeedOrder[], products: ProductRow[], users: DemoUserIds, now: Date): ActivityContext {
  return {
    faker,
    products,
    users,
    now,
    of: (storeCode, statusId) => orders.filter((o) => o.order.storeCode === storeCode && o.order.statusId === statusId),
    nth: (list, i) => {
      const o = list[i];
      if (!o) throw new Error('demo seed: a fixed order spec is missing');
      return o;
    },
  };
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** A moment `f` of the way from a to b. */
export const between = (a: Date, b: Date, f: number) => new Date(Math.round(a.getTime() + (b.getTime() - a.getTime()) * f));
