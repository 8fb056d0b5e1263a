/**
 * The cancellations part of the Indonesian catalogue (common words: id.ts). A module of its
 * own so these words load with the cancellation screens, not in the first load.
 */
export const cancellationsText = {
  /** The requests waiting for a decision: /list-cancel's section, /request-cancel without an order. */
  queue: {
    title: 'Menunggu persetujuan ({count})',
    label: 'Pengajuan pembatalan yang menunggu persetujuan',
    requester: 'Diajukan {name}',
    loadError: 'Pengajuan pembatalan gagal dimuat.',
    total: '{count} pengajuan',
    loadingMore: 'Memuat pengajuan berikutnya…',
    endOfList: 'Semua pengajuan sudah ditampilkan.',
    emptyTitle: 'Tidak ada pengajuan pembatalan',
    emptyMessage: 'Pengajuan pembatalan dari kru muncul di sini. Untuk membatalkan pesanan, buka pesanannya lalu pilih Ajukan Pembatalan.',
    toCancelled: 'Lihat Pesanan Batal',
    toOrders: 'Ke daftar pesanan',
  },
  order: {
    title: 'Pesanan',
    orderNo: 'No. order',
    customer: 'Pelanggan',
    status: 'Status',
    items: 'Barang',
    itemCount: '{count} barang',
    total: 'Total',
    itemLine: '{qty} × {name}',
    moreItems: '+{count} produk lainnya',
  },
  /** The order's cancellation request as it stands. */
  request: {
    title: 'Pengajuan pembatalan',
    reason: 'Alasan',
    requestedBy: 'Diajukan oleh',
    requestedAt: 'Waktu pengajuan',
    waitingFor: 'Menunggu keputusan {role}',
    decidedBy: 'Diputuskan oleh',
    decidedAt: 'Waktu keputusan',
    note: 'Catatan',
    nobody: '-',
    notYours: 'Anda dapat melihat pengajuan ini, tetapi keputusannya ada pada {role}.',
    rejectedHint: 'Pengajuan ini ditolak. Pesanan dapat diajukan lagi bila masih perlu dibatalkan.',
  },
  /** A decider's choice. */
  decide: {
    approve: 'Setujui',
    reject: 'Tolak',
    approveTitle: 'Setujui pembatalan?',
    approveMessage: 'Pesanan {shipmentNo} dibatalkan dan kanal penjualan diberi tahu. Tindakan ini tidak dapat diurungkan.',
    approveConfirm: 'Ya, Setujui',
    rejectTitle: 'Tolak pengajuan',
    rejectLabel: 'Alasan penolakan',
    rejectPlaceholder: 'Tuliskan alasan penolakan untuk kru',
    rejectRequired: 'Tuliskan alasan penolakan (minimal {min} huruf).',
    rejectSubmit: 'Tolak Pengajuan',
    approved: 'Pembatalan {shipmentNo} disetujui',
    rejected: 'Pengajuan pembatalan {shipmentNo} ditolak',
  },
  /** The form of a new request (or a direct cancellation). */
  form: {
    title: 'Alasan pembatalan',
    otherLabel: 'Alasan lainnya',
    otherPlaceholder: 'Tuliskan alasan pembatalan',
    reasonRequired: 'Pilih alasan pembatalan.',
    textRequired: 'Tuliskan alasan untuk pilihan Lainnya (minimal {min} huruf).',
    reasonsError: 'Daftar alasan gagal dimuat.',
    request: 'Ajukan Pembatalan',
    cancel: 'Batalkan Pesanan',
    requestHint: 'Pengajuan dikirim ke {role} untuk disetujui.',
    cancelHint: 'Pesanan langsung dibatalkan dan kanal penjualan diberi tahu.',
    notCancellable: 'Pesanan berstatus {status} tidak dapat dibatalkan.',
    noAction: 'Pesanan ini tidak dapat diajukan pembatalan saat ini.',
  },
  /** The spec's confirm-cancel modal. */
  confirm: {
    requestTitle: 'Ajukan pembatalan?',
    requestMessage: 'Pesanan {shipmentNo} diajukan untuk dibatalkan.\nAlasan: {reason}',
    requestConfirm: 'Ya, Ajukan',
    cancelTitle: 'Batalkan pesanan?',
    cancelMessage: 'Pesanan {shipmentNo} dibatalkan sekarang dan tidak dapat diurungkan.\nAlasan: {reason}',
    cancelConfirm: 'Ya, Batalkan',
    back: 'Kembali',
  },
  /** An order already cancelled: who, when, why. */
  cancelled: {
    title: 'Pesanan dibatalkan',
    by: 'Dibatalkan oleh',
    at: 'Waktu pembatalan',
    reason: 'Alasan',
    putBack: 'Kembalikan barang yang sudah diambil untuk pesanan ini ke rak toko.',
  },
  done: {
    requested: 'Pengajuan pembatalan terkirim',
    cancelled: 'Pesanan dibatalkan',
    queued: 'Disimpan, dikirim saat online',
    putBackTitle: 'Kembalikan barang ke rak',
    putBackMessage: 'Pesanan {shipmentNo} dibatalkan. Barang yang sudah diambil untuk pesanan ini dikembalikan ke rak toko.',
    putBackButton: 'Sudah, mengerti',
  },
  notFoundTitle: 'Pesanan tidak ditemukan',
  notFoundMessage: 'Pesanan {shipmentNo} tidak ada atau bukan milik toko Anda.',
  loadError: 'Data pembatalan gagal dimuat.',
  backToQueue: 'Ke pengajuan pembatalan',
  openOrder: 'Buka pesanan',
  /** The home tile's badge and the order list's section. */
  home: {
    badge: '{count} pengajuan pembatalan menunggu',
  },
} as const;
