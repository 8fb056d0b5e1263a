/**
 * The push notifications part of the Indonesian catalogue (issue 28): the /akun section
 * "Notifikasi". The kinds' names are the contract's (PUSH_KIND_LABEL); the notifications' own
 * words are the server's (the contract's pushText), shown by the phone's system.
 */
export const pushText = {
  title: 'Notifikasi',
  checking: 'Memeriksa notifikasi di ponsel ini…',
  on: 'Notifikasi aktif di ponsel ini. Pesanan baru tetap berbunyi walau aplikasi tertutup atau ponsel terkunci.',
  onNative: 'Notifikasi aktif lewat aplikasi Gerai di ponsel ini.',
  notAsked: 'Notifikasi belum diizinkan di ponsel ini: pesanan baru hanya terdengar saat aplikasi terbuka di layar.',
  allow: 'Izinkan notifikasi',
  denied: 'Notifikasi untuk Gerai diblokir di browser ini. Cara mengizinkannya lagi:',
  deniedSteps: [
    'Ketuk ikon di samping alamat situs (atau menu ⋮ › Info situs).',
    'Pilih Izin › Notifikasi › Izinkan.',
    'Jika Gerai dipasang di layar utama: Setelan ponsel › Aplikasi › Gerai › Notifikasi › Aktifkan.',
    'Kembali ke Gerai lalu ketuk "Periksa lagi".',
  ],
  checkAgain: 'Periksa lagi',
  unsupported: 'Browser ini tidak bisa menerima notifikasi. Pakai Chrome versi terbaru di Android, atau aplikasi Gerai.',
  iosInstall: 'Di iPhone, notifikasi hanya bisa untuk Gerai yang dipasang di layar utama:',
  iosSteps: ['Buka Gerai di Safari, ketuk tombol Bagikan.', 'Pilih "Tambah ke Layar Utama".', 'Buka Gerai dari ikon di layar utama, lalu izinkan notifikasi di sini.'],
  nativeOff: 'Notifikasi aplikasi Gerai mati. Nyalakan di Setelan ponsel › Aplikasi › Gerai › Notifikasi, lalu ketuk "Periksa lagi".',
  serverOff: 'Server belum menyiapkan notifikasi. Hubungi Helpdesk.',
  failed: 'Ponsel ini gagal didaftarkan untuk notifikasi. Periksa koneksi internet, lalu coba lagi.',
  kindsTitle: 'Yang diberitahukan ke ponsel ini',
  locked: 'Selalu aktif: kru toko yang bertugas harus mendengar pesanan baru.',
  saved: 'Pengaturan notifikasi disimpan',
} as const;
