/**
 * The words of a member's stores: the store info sheet and the store picker (the super user's and
 * the helpdesk's choice of store). A module of its own so they load with those screens only.
 */
export const storeText = {
  info: {
    infoTitle: 'Info Toko',
    code: 'Kode toko',
    name: 'Nama toko',
    address: 'Alamat',
    kelurahan: 'Kelurahan',
    kecamatan: 'Kecamatan',
    city: 'Kota',
    phone: 'Telepon',
    coordinates: 'Koordinat',
    noPhone: 'Tidak ada nomor telepon',
    noStore: 'Anda belum memilih toko.',
  },
  picker: {
    title: 'Pilih Toko',
    description: 'Pilih toko yang ingin Anda kelola.',
    searchLabel: 'Cari toko',
    searchPlaceholder: 'Kode, nama, kelurahan, atau kecamatan',
    empty: 'Tidak ada toko yang cocok dengan "{query}".',
    emptyAll: 'Tidak ada toko yang dapat Anda pilih.',
    current: 'Aktif',
    total: '{count} toko',
    selecting: 'Memilih toko…',
    selected: 'Toko aktif: {store}',
  },
} as const;
