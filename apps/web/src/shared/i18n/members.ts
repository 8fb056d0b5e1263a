/**
 * The words of the members area: the account screen (/akun) and its profile card, the store info
 * sheet and the store picker (the super user's and the helpdesk's choice of store). A module of its
 * own so they load with those screens only, not with the first load.
 */
export const membersText = {
  account: {
    profile: 'Profil',
    name: 'Nama',
    nik: 'NIK',
    role: 'Jabatan',
    store: 'Toko',
    noStore: 'Belum memilih toko',
    storeInfo: 'Info Toko',
    changeStore: 'Ganti Toko',
    appSection: 'Aplikasi',
    guide: 'Panduan Fitur',
    helpCenter: 'Pusat Bantuan',
  },
  store: {
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
