import type { BookingCount, BookingDetail, BookingItem, BookingProductGroup, BookingProposal, BookingStore, BookingStoreGroup } from '@gerai/contract';

// The booking screens as their tests render them, and what the server answers with. T001 (Kemang
// Raya) is short of Indomie for SHP2511220000001 and books it from T002 (Bangka Raya, same kelurahan).

export const SHP = 'SHP2511220000001';
export const BOOK_ID = 41;
export const BARCODE = '8991234567895';

const T001 = { storeCode: 'T001', storeName: 'Toko Kemang Raya' };
const T002 = { storeCode: 'T002', storeName: 'Toko Bangka Raya' };

export function bookingItem(over: Partial<BookingItem> = {}): BookingItem {
  return {
    bookID: BOOK_ID,
    bookDetID: 141,
    bookingNo: 'BK251122000041',
    shipmentNo: SHP,
    orderNo: 'AGF251122000001',
    productId: '20001',
    productName: 'Indomie Goreng 85g',
    barcode: BARCODE,
    imageUrl: null,
    qtyOos: 2,
    ...T001,
    offeredTo: T002,
    latitude: -6.2589,
    longitude: 106.8161,
    distanceM: 320,
    isKelurahan: true,
    status: 1131,
    storeTaken: null,
    stockTaken: null,
    cancelled: false,
    direction: 'out',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...over,
  };
}

const place = (store: { storeCode: string; storeName: string }, over: Partial<BookingDetail['orderingStore']> = {}) => ({
  ...store,
  address: store.storeCode === 'T001' ? 'Jl. Kemang Raya No. 10' : 'Jl. Bangka Raya No. 7',
  kelurahan: 'Bangka',
  kecamatan: 'Mampang Prapatan',
  phone: store.storeCode === 'T001' ? '0217190001' : '0217190002',
  latitude: -6.26,
  longitude: 106.81,
  ...over,
});

/** A booking of T001's order addressed to T002, waiting; `actions` as the caller's side may act. */
export function bookingDetail(over: Partial<BookingDetail> = {}): BookingDetail {
  const item = bookingItem(over);
  return {
    ...item,
    lineId: 11,
    orderStatusId: 1102,
    orderingStore: place(T001),
    servingStore: place(T002),
    refusedBy: [],
    refuseReason: null,
    takenAt: null,
    receivedAt: null,
    cancelledAt: null,
    actions: [],
    history: [{ action: 'requested', at: '2025-11-22T02:20:00.000Z', actorName: 'Budi Santoso', note: null }],
    refusedByMe: false,
    ...over,
  };
}

/** The same booking taken by T002: 2 units reserved there. */
export const takenBooking = (over: Partial<BookingDetail> = {}) =>
  bookingDetail({
    status: 1132,
    storeTaken: 'T002',
    stockTaken: 2,
    takenAt: '2025-11-22T02:30:00.000Z',
    history: [
      { action: 'requested', at: '2025-11-22T02:20:00.000Z', actorName: 'Budi Santoso', note: null },
      { action: 'taken', at: '2025-11-22T02:30:00.000Z', actorName: 'Sari Dewi', note: null },
    ],
    ...over,
  });

export function productGroup(over: Partial<BookingProductGroup> = {}): BookingProductGroup {
  return { productId: '20001', productName: 'Indomie Goreng 85g', barcode: BARCODE, imageUrl: null, total: 3, waiting: 1, taken: 1, done: 0, refused: 1, qtyOos: 5, ...over };
}

export function storeGroup(over: Partial<BookingStoreGroup> = {}): BookingStoreGroup {
  return {
    ...T002,
    kelurahan: 'Bangka',
    kecamatan: 'Mampang Prapatan',
    latitude: -6.2589,
    longitude: 106.8161,
    distanceM: 1250,
    isKelurahan: true,
    total: 2,
    waiting: 1,
    taken: 0,
    done: 1,
    refused: 0,
    qtyOos: 3,
    ...over,
  };
}

export function bookingStore(over: Partial<BookingStore> = {}): BookingStore {
  return {
    ...T002,
    address: 'Jl. Bangka Raya No. 7',
    kelurahan: 'Bangka',
    kecamatan: 'Mampang Prapatan',
    city: 'Jakarta Selatan',
    phone: '0217190002',
    latitude: -6.2589,
    longitude: 106.8161,
    distanceM: 320,
    proximity: 'kelurahan',
    qty: 12,
    qtyReserved: 0,
    isKelurahan: true,
    ...over,
  };
}

/** The line of SHP…001 that ordered 5 Indomie: 1 picked, 1 out of stock, 0 booked, 3 lacking. */
export function proposal(over: Partial<BookingProposal['line']> = {}, stores: BookingStore[] = [bookingStore()]): BookingProposal {
  return {
    line: {
      shipmentNo: SHP,
      orderNo: 'AGF251122000001',
      lineId: 11,
      productId: '20001',
      name: 'Indomie Goreng 85g',
      barcode: BARCODE,
      imageUrl: null,
      qty: 5,
      qtyPicked: 1,
      attrQtyOos: 1,
      qtyBooked: 0,
      lacking: 3,
      ...over,
    },
    stores,
  };
}

export function bookingCount(over: Partial<BookingCount> = {}): BookingCount {
  return { incomingWaiting: 0, incomingTaken: 0, outgoingWaiting: 0, outgoingTaken: 0, outgoingRefused: 0, ...over };
}

export const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, size: 20, total });

/** A booking event's payload as the server writes it (the booking after the step). */
export function bookingEvent(over: Partial<{ bookID: number; status: number; shipmentNo: string; storeTaken: string | null; stockTaken: number | null; actorName: string }> = {}) {
  return {
    bookID: BOOK_ID,
    bookDetID: 141,
    bookingNo: 'BK251122000041',
    shipmentNo: SHP,
    productId: '20001',
    qtyOos: 2,
    status: 1132,
    orderingStore: 'T001',
    servingStore: 'T002',
    storeTaken: 'T002',
    stockTaken: 2,
    actorName: 'Sari Dewi',
    ...over,
  };
}

export { renderPage } from '@/test/render';

/** The query string of a recorded call, as an object. */
export const queryOf = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
