/**
 * The monitoring part of the Indonesian catalogue (common words: id.ts): the /monitoring screen and
 * the escalation alert of the signed-in shell. A module of its own so these words load with them.
 * Status names come from the contract (ORDER_STATUS_LABEL), roles from ROLE_LABEL.
 */
export const monitoringText = {
  page: {
    refresh: 'Muat ulang',
    updatedAt: 'Diperbarui {time}',
    loadError: 'Monitoring gagal dimuat.',
    showAllStores: 'Tampilkan semua toko',
  },
  scope: {
    label: 'Toko',
    all: 'Semua toko',
    storeCount: '{count} toko',
    change: 'Ganti toko',
    close: 'Tutup pilihan toko',
    clear: 'Hapus filter toko',
    chooseTitle: 'Tampilkan toko',
  },
  statuses: {
    title: 'Pesanan per status',
    oldest: 'Tertua {age}',
    sla: 'batas {age}',
    none: 'Tidak ada',
    late: 'Terlambat {count}',
  },
  waiting: {
    title: 'Menunggu tindakan',
    kinds: {
      podApprovals: 'Pengajuan POD',
      cancelRequests: 'Pengajuan batal',
      returnsRequested: 'Retur diajukan',
      returnsApproved: 'Retur disetujui',
      returnsCollected: 'Retur diambil dari pelanggan',
      returnsReceived: 'Retur diterima di toko',
      bookings: 'Booking stok menunggu',
      transfers: 'Transfer masuk baru',
    },
    oldest: 'tertua {age}',
    none: 'tidak ada',
  },
  /** A tile opens its list in one store, or its stores when the figures cover several. */
  tile: {
    // Said after the tile's visible text (its accessible name starts with what it shows, WCAG 2.5.3).
    openList: 'buka daftarnya',
    openInStore: 'buka daftarnya di {store} (menjadi toko aktif)',
    showStores: 'lihat per toko',
    storesTitle: '{label} per toko',
    storesNone: 'Tidak ada di toko mana pun.',
    storesLoadError: 'Daftar toko gagal dimuat.',
    storesCapped: 'Menampilkan {shown} dari {total} toko (yang paling banyak).',
    storeOpen: 'buka daftarnya',
    storeOpenSwitch: 'buka daftarnya (menjadi toko aktif)',
    switchHint: 'Ketuk toko untuk membuka daftarnya; toko itu menjadi toko aktif Anda.',
    switched: 'Toko aktif: {store}',
    switchFailed: 'Toko aktif tidak dapat diganti. Coba lagi.',
  },
  late: {
    title: 'Pesanan terlambat',
    total: '{count} pesanan',
    capped: 'Menampilkan {shown} dari {total} pesanan (yang paling lama).',
    showAll: 'Tampilkan semua ({count})',
    showLess: 'Tampilkan lebih sedikit',
    emptyTitle: 'Tidak ada pesanan terlambat',
    emptyMessage: 'Semua pesanan masih dalam batas waktu.',
    loadError: 'Daftar pesanan terlambat gagal dimuat.',
    age: '{age} · batas {limit}',
    picker: 'Diambil {name}',
    unclaimed: 'Belum diambil',
    escalation: {
      1: 'Eskalasi 1 · Toko',
      2: 'Eskalasi 2 · Kepala Toko',
      3: 'Eskalasi 3 · Area Supervisor',
    } as Record<number, string>,
  },
  stores: {
    title: 'Per toko',
    loadError: 'Daftar per toko gagal dimuat.',
    none: 'Belum ada toko di cakupan Anda.',
    capped: 'Menampilkan {shown} dari {total} toko (yang paling banyak terlambat).',
    late: '{count} terlambat',
    waiting: '{count} menunggu',
  },
  /** Durations: "<1 mnt", "12 mnt", "1 j 5 mnt", "2 hr 3 j". */
  duration: {
    underAMinute: '<1 mnt',
    minutes: '{m} mnt',
    hours: '{h} j',
    hoursMinutes: '{h} j {m} mnt',
    days: '{d} hr',
    daysHours: '{d} hr {h} j',
  },
  escalation: {
    title: 'Pesanan belum diambil · {age}',
    detail: '{shipmentNo} · {store}',
    open: 'Ketuk untuk membuka pesanan',
    dismiss: 'Tutup peringatan eskalasi',
  },
} as const;
