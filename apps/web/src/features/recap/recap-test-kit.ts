import type { Recap, Store } from '@gerai/contract';

// What the recap tests serve: one day of T001 as GET /api/recap answers it, and the stores of a scope.

export function recapReply(over: Partial<Recap> = {}): Recap {
  return {
    from: '2025-11-22',
    to: '2025-11-22',
    storeCode: null,
    storeCount: 1,
    totals: { orders: 1250, completed: 980, cancelled: 45, open: 225, returns: 7, podExceptions: 3 },
    byDay: [{ date: '2025-11-22', orders: 1250, completed: 980, cancelled: 45 }],
    byChannel: [
      { appId: 379, orders: 1000, completed: 800, cancelled: 30 },
      { appId: 410, orders: 250, completed: 180, cancelled: 15 },
    ],
    byStatus: [
      { statusId: 1101, orders: 100 },
      { statusId: 1104, orders: 980 },
      { statusId: 1106, orders: 45 },
      { statusId: 1103, orders: 125 },
    ],
    byCrew: [{ userId: 7, nik: '10000001', name: 'Budi Santoso', storeCode: 'T001', claimed: 600, completed: 550, cancelled: 4, medianPackMinutes: 12.5 }],
    crewNeedsStore: false,
    completion: { completed: 980, medianMinutes: 42, p90Minutes: 95.5 },
    outOfStock: [{ productId: '20001', name: 'Indomie Goreng 85g', orderedQty: 80, oosQty: 10, lines: 60, oosLines: 8, rate: 0.125 }],
    cancellations: [{ reason: 'Stok habis', count: 30 }, { reason: 'Tanpa alasan', count: 15 }],
    returns: [{ reason: 'Barang rusak', count: 7 }],
    podExceptions: [{ reason: 'Di luar radius', count: 3 }],
    ...over,
  };
}

export function store(code: string, name: string): Store {
  return { storeCode: code, storeName: name, address: 'Jl. Uji No. 1', kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan', latitude: -6.26, longitude: 106.81, phone: null };
}

export const storePage = (items: Store[], total = items.length) => ({ items, page: 1, size: 100, total });
