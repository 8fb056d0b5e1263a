/**
 * The stock lookup (`/cek-stock`) part of the Indonesian catalogue (common words: id.ts). A module of
 * its own so these words load with the stock screen, not in the first load. Refusals are the
 * contract's messages (ERROR_MESSAGES), chosen by code.
 */
export const stockText = {
  refresh: 'Muat ulang stok',
  scanTitle: 'Scan barcode produk',
  manualLabel: 'Ketik barcode',
  manualPlaceholder: 'Ketik atau scan barcode',
  searchLabel: 'Cari nama produk',
  searchPlaceholder: 'Cari nama produk…',
  clearSearch: 'Hapus pencarian',
  searchMin: 'Ketik minimal {min} huruf untuk mencari.',
  scanning: 'Mencari barcode {code}…',
  /** A scanned or typed barcode the catalogue does not know (the lookup answers null). */
  barcodeNotFound: 'Barcode {code} tidak terdaftar. Periksa barcodenya atau cari dengan nama produk.',
  scanFailed: 'Barcode {code} belum bisa diperiksa: {message}',
  intro: {
    title: 'Cek stok produk',
    message: 'Scan barcode atau cari nama produk untuk melihat stok toko Anda dan toko terdekat.',
  },
  list: {
    label: 'Hasil pencarian produk',
    total: '{count} produk',
    loadError: 'Hasil pencarian gagal dimuat.',
    loadingMore: 'Memuat produk berikutnya…',
    endOfList: 'Semua produk yang cocok sudah ditampilkan.',
    emptyTitle: 'Produk tidak ditemukan',
    emptyMessage: 'Tidak ada produk yang cocok dengan "{query}".',
    open: 'Lihat stok {name}',
    myStock: 'Stok toko',
  },
  product: {
    barcode: 'Barcode {barcode}',
    price: '{price} / {unit}',
    notFoundTitle: 'Produk tidak ditemukan',
    notFoundMessage: 'Produk {productId} tidak ada di katalog.',
    loadError: 'Stok produk gagal dimuat.',
  },
  myStore: {
    label: 'Stok toko Anda',
    store: '{code} · {name}',
    sellable: 'Bisa dijual',
    reserved: 'Dipesan toko lain: {qty}',
    /** Below zero on the books: scanned goods the books did not have (decision 87). */
    negative: 'Stok tercatat minus: perlu dihitung ulang.',
  },
  /** Into the booking lists by area (`/booking-list-kelurahan`, `/booking-list-kecamatan`) for the product shown. */
  areas: {
    label: 'Toko sekitar yang bisa melayani produk ini',
    kelurahan: 'Satu kelurahan',
    kecamatan: 'Satu kecamatan',
    kelurahanLabel: 'Toko satu kelurahan yang punya stok {name}',
    kecamatanLabel: 'Toko satu kecamatan yang punya stok {name}',
  },
  nearby: {
    title: 'Toko terdekat',
    inStockOnly: 'Hanya yang ada stok',
    updating: 'Memperbarui…',
    autoRefresh: 'Stok toko lain diperbarui tiap 30 detik.',
    emptyTitle: 'Belum ada toko lain di sekitar',
    emptyInStockTitle: 'Toko terdekat tidak punya stok',
    emptyInStockMessage: 'Tidak ada toko terdekat yang punya stok produk ini.',
    showAll: 'Tampilkan semua toko',
    place: '{kelurahan}, {kecamatan}',
    stock: 'Stok',
    empty: 'Habis',
    reserved: 'dipesan {qty}',
    call: 'Telepon {name}',
    noPhone: 'Tanpa nomor telepon',
    proximity: {
      kelurahan: 'Kelurahan sama',
      kecamatan: 'Kecamatan sama',
    } as Record<string, string | undefined>,
  },
} as const;
