/**
 * The recap (`/rekap-ac`) part of the Indonesian catalogue (common words: id.ts). A module of its own
 * so these words load with the recap screen, not in the first load. Channel and status names come from
 * the contract (CHANNEL_LABEL, ORDER_STATUS_LABEL), the range refusals too (FIELD_MESSAGES), so the page
 * says what the server would.
 */
export const recapText = {
  refresh: 'Muat ulang rekap',
  updating: 'Memperbarui…',
  filters: {
    label: 'Rentang dan toko rekap',
    quick: 'Rentang cepat',
    today: 'Hari ini',
    last7: '7 hari',
    last30: '30 hari',
    startDate: 'Dari tanggal',
    endDate: 'Sampai tanggal',
    /** A date field left blank. */
    missing: 'Pilih tanggal awal dan tanggal akhir.',
    store: 'Toko',
    allStores: 'Semua toko',
    storeSearch: 'Cari toko',
    storeSearchPlaceholder: 'Kode atau nama toko…',
    storeOption: '{code} · {name}',
    storesLoadError: 'Daftar toko gagal dimuat.',
    print: 'Cetak / Simpan PDF',
  },
  heading: {
    title: 'Rekap Pesanan',
    oneStore: '{code} · {name}',
    allStores: 'Semua toko ({count} toko)',
    printedAt: 'Dicetak {at}',
  },
  loadError: 'Rekap gagal dimuat.',
  summary: {
    label: 'Ringkasan',
    orders: 'Pesanan',
    completed: 'Selesai',
    cancelled: 'Batal',
    open: 'Masih berjalan',
    returns: 'Retur',
    podExceptions: 'Pengecualian POD',
    completion: 'Waktu selesai: median {median} · P90 {p90}',
    completionNone: 'Waktu selesai: belum ada pesanan selesai.',
  },
  minutes: '{n} mnt',
  percent: '{n}%',
  charts: {
    byDay: 'Pesanan per hari',
    byChannel: 'Pesanan per kanal',
    /** The chart's accessible name: the same figures are in the tables. */
    alt: '{title}. Angkanya ada di tabel di bawah.',
    /** A bar's value (its tooltip): "Pesanan, 22 Nov: 1.250". */
    bar: '{series}, {label}: {value}',
    orders: 'Pesanan',
    completed: 'Selesai',
    cancelled: 'Batal',
  },
  download: 'Unduh CSV',
  downloadLabel: 'Unduh CSV {title}',
  empty: 'Belum ada data pada rentang ini.',
  /** Table titles; the column headings of the downloadable ones are the CSV's (the contract's RECAP_COLUMNS). */
  tables: {
    byDay: { title: 'Pesanan per hari', date: 'Tanggal', orders: 'Pesanan', completed: 'Selesai', cancelled: 'Batal' },
    channels: 'Pesanan per kanal',
    statuses: 'Pesanan per status',
    crew: 'Pesanan per kru',
    /** The whole chain's recap lists no crew (tens of thousands of people): one store's does. */
    crewNeedsStore: 'Pilih satu toko untuk melihat pesanan per kru.',
    completion: 'Waktu selesai',
    completionNote: 'Dari pesanan masuk sampai selesai.',
    outOfStock: 'Stok kosong per produk',
    cancellations: 'Pembatalan per alasan',
    returns: 'Retur per alasan',
    podExceptions: 'Pengecualian POD per alasan',
    total: 'Total',
  },
  /** A channel the contract does not name (an appId the web does not know yet). */
  unknownChannel: 'Kanal {appId}',
  unknownStatus: 'Status {statusId}',
} as const;
