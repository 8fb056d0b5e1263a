/** The words of the account screen (/akun) and its profile card. A module of its own so they load with that screen only. */
export const accountText = {
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
} as const;
