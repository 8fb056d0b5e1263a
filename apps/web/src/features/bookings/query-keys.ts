import type { BookingDirection, BookingStatusId, StoreProximity } from '@gerai/contract';

/** What a grouped list (by product, by store) asks for: direction tab, status chip, search text. */
export interface BookingGroupParams {
  direction: BookingDirection;
  /** undefined: every status ("Semua"). */
  status?: BookingStatusId;
  q: string;
  size: number;
}

/** What a list of bookings asks for: the group it opens (a product or the other store) and the same filters. */
export interface BookingListParams extends BookingGroupParams {
  productId?: string;
  storeCode?: string;
}

/** The stores that can serve a product (`/booking-list-kelurahan`, `/booking-list-kecamatan`). */
export interface BookingStoresParams {
  productId: string;
  qty: number;
  scope: StoreProximity;
  /** A re-offer: the stores that refused it are left out. */
  bookID?: number;
  q: string;
  size: number;
}

/**
 * Query keys of the bookings area. Every list (the bookings, both groupings) sits under
 * `lists()`, so one invalidation refreshes them all when a booking moves.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (params: BookingListParams) => [...bookingKeys.lists(), 'items', params] as const,
  byProduct: (params: BookingGroupParams) => [...bookingKeys.lists(), 'by-product', params] as const,
  byStore: (params: BookingGroupParams) => [...bookingKeys.lists(), 'by-store', params] as const,
  stores: () => [...bookingKeys.all, 'stores'] as const,
  storeList: (params: BookingStoresParams) => [...bookingKeys.stores(), params] as const,
  /** The product the area lists are opened for without an order (`?productId=`), with my store's stock. */
  product: (productId: string) => [...bookingKeys.all, 'product', productId] as const,
  proposals: () => [...bookingKeys.all, 'proposal'] as const,
  proposal: (shipmentNo: string, lineId: number) => [...bookingKeys.proposals(), shipmentNo, lineId] as const,
  details: () => [...bookingKeys.all, 'detail'] as const,
  detail: (bookID: number) => [...bookingKeys.details(), bookID] as const,
  /** The active store's counts; keyed by the store so a store change never shows the old one's (`count()` matches all). */
  count: (storeCode?: string) => (storeCode ? ([...bookingKeys.all, 'count', storeCode] as const) : ([...bookingKeys.all, 'count'] as const)),
};

/** Changes of one booking (`isMutating`, and whether a change the detail shows was made on this phone). */
export const bookingMutationKey = (bookID: number) => [...bookingKeys.all, 'mutate', bookID] as const;
/** A new booking for an order line. */
export const bookingCreateMutationKey = (shipmentNo: string, lineId: number) => [...bookingKeys.all, 'create', shipmentNo, lineId] as const;
