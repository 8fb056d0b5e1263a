import type { Member, OrderCount, Store } from '@gerai/contract';

export const storeT001: Store = {
  storeCode: 'T001',
  storeName: 'Toko Kemang Raya',
  address: 'Jl. Kemang Raya No. 10',
  kelurahan: 'Bangka',
  kecamatan: 'Mampang Prapatan',
  city: 'Jakarta Selatan',
  latitude: -6.2607,
  longitude: 106.8137,
  phone: '0217190001',
};

export const staffMember: Member = {
  nik: '10000001',
  employeName: 'Budi Santoso',
  roleID: 1,
  roleName: 'Staf Toko',
  storeName: 'Kemang Raya',
  store: storeT001,
  storeCodes: ['T001'],
  info: 'T001 · Toko Kemang Raya',
};

export const superUserWithoutStore: Member = {
  nik: '90000001',
  employeName: 'Sari Wulandari',
  roleID: 9,
  roleName: 'Super User',
  storeName: null,
  store: null,
  storeCodes: [],
  info: null,
};

export const orderCount: OrderCount = {
  counts: { '1101': 4, '1102': 2, '1103': 3, '1104': 5, '1105': 40, '1106': 1, '1107': 6 },
  latest: 0,
  latestOrderAt: '2025-11-22T02:00:00.000Z',
};
