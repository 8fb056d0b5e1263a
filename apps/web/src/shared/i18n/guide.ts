/**
 * The feature guide part of the Indonesian catalogue (common words: id.ts). A module of
 * its own so these words load with the screens that use them, not in the first load.
 */
export interface GuideEntry {
  id: string;
  title: string;
  summary: string;
  /** Who uses it, when it matters. */
  audience: string;
  steps: readonly string[];
  tips: readonly string[];
  /** Where the feature lives in the app. */
  route: string;
}

const guide: readonly GuideEntry[] = [
  {
    id: 'pesanan-baru',
    title: 'Menerima pesanan baru',
    summary:
      'Pesanan online dari Alfagift, JD.ID, Alfamind, Alfamikro, Simobi, Widya Shop, dan Alfacart masuk ke tab Baru. Beranda menghitung pesanan per status dan memperbarui angkanya setiap 30 detik.',
    audience: 'Semua kru toko.',
    steps: [
      'Buka Pesanan dari menu bawah, lalu pilih tab Baru.',
      'Ketuk pesanan untuk melihat produk, jumlah, dan cara pengiriman (ambil di toko atau diantar).',
      'Tekan tombol Packing untuk mengambil pesanan. Nama Anda dicatat sebagai picker.',
      'Pesanan pindah ke tab Picking dan tidak bisa diambil kru lain.',
    ],
    tips: ['Jika dua kru menekan Packing bersamaan, hanya satu yang berhasil; yang lain mendapat pesan bahwa pesanan sudah diambil.'],
    route: '/order',
  },
  {
    id: 'scan-packing',
    title: 'Picking dan scan packing',
    summary: 'Setiap produk di pesanan di-scan sampai jumlahnya sesuai, atau dicatat sebagai stok kosong.',
    audience: 'Kru yang mengambil pesanan.',
    steps: [
      'Buka tab Picking dan pilih pesanan Anda.',
      'Scan barcode setiap produk dengan kamera, scanner genggam, atau ketik barcode secara manual.',
      'Scan produk yang sama lagi untuk menambah jumlahnya; jumlah bisa diubah lewat Edit Jumlah.',
      'Jika stok tidak cukup, isi jumlah stok kosong. Jumlah diambil + stok kosong harus sama dengan jumlah pesanan.',
      'Tambahkan kantong belanja bila diperlukan.',
      'Tekan Scan Packing setelah semua produk selesai. Pesanan pindah ke tab Proses.',
    ],
    tips: [
      'Data scan dihapus saat Anda keluar dari detail pesanan, jadi selesaikan satu pesanan sebelum membuka pesanan lain.',
      'Pesanan yang seluruh produknya kosong akan masuk ke proses pembatalan.',
    ],
    route: '/list-packing',
  },
  {
    id: 'ambil-di-toko',
    title: 'Serah terima ambil di toko',
    summary: 'Pesanan dengan pengiriman "Ambil di toko" diserahkan kepada pelanggan yang datang ke toko.',
    audience: 'Kru kasir dan kru yang melayani pelanggan.',
    steps: [
      'Buka tab Proses dan pilih pesanan ambil di toko.',
      'Minta pelanggan menunjukkan QR atau kode pengambilan, lalu scan atau ketik kodenya.',
      'Isi nama penerima.',
      'Tekan Konfirmasi. Pesanan pindah ke tab Selesai.',
    ],
    tips: ['Jangan serahkan barang bila kode tidak cocok. Hubungi pelanggan lewat menu Hubungi Pelanggan.'],
    route: '/list-proses',
  },
  {
    id: 'scan-and-go',
    title: 'Antar pesanan dan bukti serah terima (Scan & Go)',
    summary:
      'Untuk pesanan yang diantar, bukti serah terima (POD) dicatat di lokasi pelanggan beserta koordinat, nama penerima, dan jumlah kantong plastik.',
    audience: 'Kru pengantar.',
    steps: [
      'Buka tab Proses dan pilih pesanan yang diantar.',
      'Aktifkan izin lokasi saat diminta.',
      'Di lokasi pelanggan, isi nama penerima dan hubungannya dengan pemesan (atau Lainnya), serta jumlah kantong plastik.',
      'Kirim bukti serah terima. Lokasi Anda dicocokkan dengan koordinat pelanggan.',
      'Jika berhasil, pesanan pindah ke tab Selesai.',
    ],
    tips: ['Jika lokasi Anda di luar area pelanggan, ajukan persetujuan POD (lihat panduan Pengajuan POD).'],
    route: '/list-proses',
  },
  {
    id: 'pengajuan-pod',
    title: 'Pengajuan POD di luar koordinat',
    summary: 'Saat serah terima terjadi di luar area pelanggan, kru mengajukan persetujuan kepada kepala toko atau atasannya.',
    audience: 'Kru pengantar, kepala toko, area supervisor.',
    steps: [
      'Di detail pesanan, pilih Ajukan POD dan pilih alasannya (atau Lainnya dan tulis alasan sendiri).',
      'Satu pesanan hanya memiliki satu pengajuan yang menunggu; setelah ditolak, kru dapat mengajukan lagi.',
      'Kepala toko membuka Pengajuan POD, memeriksa detail, lalu menyetujui atau menolak dengan alasan.',
      'Jika disetujui, pesanan selesai. Jika ditolak, pesanan tetap di tab Proses beserta alasan penolakan.',
    ],
    tips: ['Jangan serahkan barang bila pesanan sedang dalam proses retur atau refund.'],
    route: '/list-pengajuan-pod',
  },
  {
    id: 'pembatalan',
    title: 'Pengajuan batal pesanan',
    summary: 'Pesanan yang tidak dapat dipenuhi diajukan untuk dibatalkan dengan alasan yang jelas.',
    audience: 'Kru toko; persetujuan sesuai peran.',
    steps: [
      'Buka Pengajuan Batal dari Beranda.',
      'Pilih pesanan dan alasan pembatalan.',
      'Kirim pengajuan. Pengajuan disetujui oleh peran yang berwenang.',
      'Pesanan yang dibatalkan tampil di tab Batal, lalu diarsipkan ke History Batal.',
    ],
    tips: [],
    route: '/request-cancel',
  },
  {
    id: 'retur',
    title: 'Retur pesanan',
    summary: 'Pesanan yang sudah selesai dapat diajukan retur bila pelanggan mengembalikan barang.',
    audience: 'Kru toko dan kepala toko.',
    steps: [
      'Buka pesanan yang sudah selesai dan pilih Ajukan Retur.',
      'Pilih alasan retur dan kirim.',
      'Pantau pengajuan di menu Retur berdasarkan statusnya.',
      'Saat barang kembali ke toko, catat bukti penerimaan (POD retur).',
    ],
    tips: [],
    route: '/retur/list/requested',
  },
  {
    id: 'booking-stok',
    title: 'Booking stok dari toko lain',
    summary:
      'Jika stok toko kurang, pesanan dapat memesan stok dari toko terdekat di kelurahan atau kecamatan yang sama.',
    audience: 'Kru toko pemesan dan toko pemberi stok.',
    steps: [
      'Buka Booking Stok dan pilih tampilan per produk atau per toko.',
      'Baris berstatus menunggu atau ditolak menampilkan toko dan stok pengambil sebagai "-".',
      'Pesanan tertahan selama masih ada baris bertanda "-"; tawarkan ulang baris yang ditolak.',
      'Toko pemberi mengambil produk lewat Ambil Produk.',
    ],
    tips: [],
    route: '/booking-list-product',
  },
  {
    id: 'cek-stok',
    title: 'Cek stok produk',
    summary: 'Lihat stok produk di toko aktif dengan scan barcode atau mencari nama produk.',
    audience: 'Semua kru toko.',
    steps: ['Buka Cek Stok dari menu bawah.', 'Scan barcode atau ketik nama produk.', 'Lihat stok tersedia di toko Anda.'],
    tips: [],
    route: '/cek-stock',
  },
  {
    id: 'transfer-barang',
    title: 'Transfer barang antar toko (MAT)',
    summary: 'Kirim dan terima barang antar toko. Toko pengirim membuat transfer, toko penerima mengonfirmasi penerimaan.',
    audience: 'Kepala toko dan kru gudang.',
    steps: [
      'Buka Transfer Barang dari Beranda.',
      'Barang Keluar: buat transfer baru; statusnya Baru, Proses (dalam perjalanan), lalu Selesai atau Batal.',
      'Barang Masuk: saat barang tiba, konfirmasi dengan PIN atau scan QR transfer.',
      'Jumlah transfer Baru, Proses, Selesai, dan Batal tampil untuk pengirim dan penerima.',
    ],
    tips: [],
    route: '/mat',
  },
  {
    id: 'chat',
    title: 'Chat dengan pelanggan',
    summary: 'Setiap pengiriman memiliki satu ruang chat antara toko dan pelanggan.',
    audience: 'Kru yang menangani pesanan.',
    steps: ['Buka detail pesanan.', 'Pilih Chat untuk membuka ruang chat pengiriman tersebut.', 'Kirim pesan; balasan pelanggan masuk melalui channel penjualan.'],
    tips: [],
    route: '/order',
  },
  {
    id: 'pusat-bantuan',
    title: 'Pusat Bantuan dan tiket',
    summary: 'Laporkan masalah pesanan kepada helpdesk, lengkap dengan lampiran dan percakapan.',
    audience: 'Semua pengguna.',
    steps: [
      'Buka Pusat Bantuan, baca FAQ lebih dulu.',
      'Buat laporan: pilih masalah, tulis deskripsi, tambahkan lampiran bila perlu (unggahan dapat memakan waktu hingga 60 detik).',
      'Satu pengiriman hanya boleh memiliki satu tiket aktif.',
      'Pantau status tiket dan balas komentar helpdesk di daftar laporan.',
    ],
    tips: [],
    route: '/help-center',
  },
  {
    id: 'monitoring-rekap',
    title: 'Monitoring dan rekap',
    summary: 'Pantau pesanan yang sedang berjalan dan lihat rekap pesanan toko.',
    audience: 'Kepala toko dan area supervisor.',
    steps: ['Buka Monitoring untuk melihat pesanan yang sedang berjalan.', 'Buka Rekap untuk melihat ringkasan pesanan per periode.'],
    tips: [],
    route: '/monitoring',
  },
  {
    id: 'ganti-toko',
    title: 'Ganti toko aktif',
    summary: 'Area supervisor, helpdesk, dan super user bekerja di satu toko pilihan pada satu waktu.',
    audience: 'Area supervisor, helpdesk, super user.',
    steps: ['Buka Akun, lalu tekan Ganti Toko.', 'Cari toko berdasarkan kode, nama, kelurahan, atau kecamatan.', 'Pilih toko. Beranda dan semua daftar kini menampilkan data toko tersebut.'],
    tips: [],
    route: '/akun',
  },
];

export const guideText = {
  intro: 'Pelajari cara memakai setiap fitur Gerai, langkah demi langkah.',
  audience: 'Untuk',
  steps: 'Langkah-langkah',
  tips: 'Tips',
  openFeature: 'Buka fitur',
  notFound: 'Panduan tidak ditemukan.',
  backToList: 'Kembali ke daftar panduan',
  entries: guide,
} as const;
