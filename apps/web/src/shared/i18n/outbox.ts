/**
 * The words of the crew actions kept on the phone (the outbox): the connection pill, the
 * pending list, what a screen says when an action is kept for later. Loaded with the screens
 * that change something, not with the first screen.
 */
export const outboxText = {
  offline: 'Offline',
  /** The pill while offline: when the screen's data was last read from the server. */
  offlineSince: 'Offline · data {time}',
  pending: '{n} menunggu',
  refused: '{n} ditolak',
  statusLabel: 'Status koneksi dan tindakan yang belum terkirim',
  title: 'Tindakan belum terkirim',
  allSent: 'Semua tindakan sudah sampai ke server.',
  offlineNote: 'Anda sedang offline. Tindakan disimpan di ponsel ini dan dikirim otomatis, berurutan, saat koneksi kembali.',
  onlineNote: 'Tindakan dikirim berurutan per pesanan. Yang gagal terkirim dicoba lagi otomatis.',
  state: {
    queued: 'Menunggu koneksi',
    sending: 'Sedang dikirim…',
    refused: 'Ditolak server',
    held: 'Menunggu keputusan atas tindakan yang ditolak',
  },
  madeAt: 'Dibuat {time}',
  /** The order or transfer the action is about (a shipmentNo or a matNo). */
  subject: 'No. {subject}',
  refusedHelp: 'Tindakan berikutnya untuk pesanan ini tidak dikirim sebelum Anda memilih: coba lagi setelah memeriksa pesanan, atau buang tindakan ini.',
  retryNow: 'Kirim sekarang',
  /** A crew action kept on the phone for later. */
  queued: 'Tersimpan di ponsel. Dikirim otomatis saat koneksi kembali.',
  /** On a line or an order: made on this phone, not yet confirmed by the server. */
  waiting: 'Menunggu kirim',
  retry: 'Coba lagi',
  /** A POD refused for its position's time: only a new position helps. */
  retake: 'Buang dan ambil lokasi lagi',
  retakeHelp: 'Lokasi ini tidak bisa dipakai lagi. Buka Scan & Go di tempat pelanggan untuk mengambil lokasi baru.',
  discard: 'Buang',
  openOrder: 'Buka pesanan',
  logoutTitle: 'Masih ada tindakan belum terkirim',
  logoutMessage: '{n} tindakan belum sampai ke server. Jika keluar sekarang, tindakan itu tetap tersimpan di ponsel ini dan baru dikirim saat Anda masuk lagi dengan akun ini; tidak ada yang dibuang.',
  logoutAnyway: 'Tetap keluar',
  /** What each kept crew action is called in the pending list. */
  kinds: {
    'order.claim': 'Ambil pesanan',
    'order.scan': 'Scan barang',
    'order.quantity': 'Ubah jumlah',
    'order.outOfStock': 'Stok kosong',
    'order.paperBags': 'Kantong kertas',
    'order.reset': 'Ulangi picking',
    'order.pack': 'Kemas pesanan',
    'order.handover': 'Serah terima',
    'order.finish': 'Selesaikan pesanan',
    'pod.scanGo': 'Kirim POD',
    'pod.request': 'Pengajuan POD',
    'pod.approve': 'Setujui POD',
    'pod.reject': 'Tolak POD',
    'cancel.request': 'Ajukan pembatalan',
    'cancel.cancel': 'Batalkan pesanan',
    'cancel.approve': 'Setujui pembatalan',
    'cancel.reject': 'Tolak pembatalan',
    'return.request': 'Ajukan retur',
    'return.approve': 'Setujui retur',
    'return.reject': 'Tolak retur',
    'return.collect': 'POD retur',
    'return.receive': 'Terima barang retur',
    'return.refund': 'Konfirmasi dana retur',
    'booking.create': 'Booking stok',
    'booking.take': 'Ambil booking',
    'booking.refuse': 'Tolak booking',
    'booking.reoffer': 'Tawarkan ulang booking',
    'booking.receive': 'Terima barang booking',
    'booking.cancel': 'Batalkan booking',
    'transfer.cancel': 'Batalkan MAT',
    'transfer.finish': 'Selesaikan penerimaan MAT',
    'transfer.unlock': 'Buka kunci MAT',
    'chat.open': 'Buka chat pelanggan',
    'chat.send': 'Kirim pesan chat',
    'chat.read': 'Tandai chat dibaca',
  },

} as const;
