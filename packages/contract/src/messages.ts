/**
 * Indonesian messages the server sends and the web shows. Error codes are the
 * machine half of every error reply; the web maps a code back to its text here.
 */
export const SUCCESS = 'Success' as const;

export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Data yang dikirim tidak valid. Periksa kembali isian Anda.',
  MALFORMED_JSON: 'Format data tidak dapat dibaca (JSON tidak valid).',
  BODY_TOO_LARGE: 'Ukuran data terlalu besar.',
  UNSUPPORTED_MEDIA_TYPE: 'Jenis data tidak didukung.',
  NOT_FOUND: 'Data tidak ditemukan.',
  ROUTE_NOT_FOUND: 'Alamat tidak ditemukan.',
  UNAUTHENTICATED: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  TOKEN_INVALID: 'Token tidak valid atau sudah kedaluwarsa.',
  REFRESH_TOKEN_REUSED: 'Sesi Anda tidak aman dan telah diakhiri. Silakan masuk kembali.',
  INVALID_CREDENTIALS: 'NIK atau kata sandi salah.',
  FORBIDDEN: 'Anda tidak memiliki akses untuk tindakan ini.',
  CSRF_REJECTED: 'Permintaan ditolak karena asal permintaan tidak dikenal.',
  RATE_LIMITED: 'Terlalu banyak percobaan. Coba lagi dalam beberapa saat.',
  IDEMPOTENCY_KEY_REUSED: 'Kunci permintaan sudah dipakai untuk data yang berbeda.',
  IDEMPOTENCY_IN_PROGRESS: 'Permintaan yang sama masih diproses. Tunggu sebentar.',
  IDEMPOTENCY_KEY_INVALID: 'Kunci permintaan (Idempotency-Key) tidak valid.',
  CONFLICT: 'Data sudah diubah oleh pengguna lain. Muat ulang dan coba lagi.',
  CHANNEL_UNKNOWN: 'Channel penjualan tidak dikenal.',
  SIGNATURE_INVALID: 'Tanda tangan (signature) permintaan tidak valid.',
  STORE_UNKNOWN: 'Kode toko tidak dikenal.',
  PRODUCT_UNKNOWN: 'Produk tidak dikenal.',
  STORE_REQUIRED: 'Pilih toko terlebih dahulu.',
  SHIPMENT_HAS_ACTIVE_TICKET: 'Shipment ini masih memiliki tiket yang aktif.',
  ORDER_ALREADY_CLAIMED: 'Pesanan ini sudah diambil oleh picker lain.',
  ORDER_STATUS_CHANGED: 'Status pesanan sudah berubah. Muat ulang untuk melihat status terbaru.',
  SCAN_NOT_IN_ORDER: 'Produk ini tidak ada di pesanan.',
  SCAN_OVER_QUANTITY: 'Jumlah produk sudah terpenuhi.',
  QUANTITY_EXCEEDS_ORDER: 'Jumlah melebihi jumlah pesanan dikurangi produk kosong.',
  OOS_EXCEEDS_REMAINING: 'Jumlah produk kosong melebihi sisa yang belum di-scan. Kurangi dulu jumlah yang sudah di-scan.',
  LINES_UNRESOLVED: 'Masih ada produk yang belum di-scan atau ditandai kosong.',
  ALL_OUT_OF_STOCK: 'Semua produk kosong. Ajukan pembatalan pesanan.',
  PICKUP_CODE_INVALID: 'Kode pengambilan salah.',
  DELIVERY_NEEDS_POD: 'Pesanan antar dikonfirmasi dengan scan and go (POD), bukan kode pengambilan.',
  PAPER_BAG_UNAVAILABLE: 'Produk kantong kertas tidak tersedia.',
  INTERNAL: 'Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** HTTP status per error code: one table, used by the server's error handler. */
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  REFRESH_TOKEN_REUSED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_INVALID: 400,
  CONFLICT: 409,
  CHANNEL_UNKNOWN: 404,
  SIGNATURE_INVALID: 401,
  STORE_UNKNOWN: 422,
  PRODUCT_UNKNOWN: 422,
  STORE_REQUIRED: 400,
  SHIPMENT_HAS_ACTIVE_TICKET: 500,
  ORDER_ALREADY_CLAIMED: 409,
  ORDER_STATUS_CHANGED: 409,
  SCAN_NOT_IN_ORDER: 422,
  SCAN_OVER_QUANTITY: 422,
  QUANTITY_EXCEEDS_ORDER: 422,
  OOS_EXCEEDS_REMAINING: 422,
  LINES_UNRESOLVED: 422,
  ALL_OUT_OF_STOCK: 422,
  PICKUP_CODE_INVALID: 422,
  DELIVERY_NEEDS_POD: 422,
  PAPER_BAG_UNAVAILABLE: 422,
  INTERNAL: 500,
};

/** The default error modal of the spec (section 8). */
export const DEFAULT_ERROR_MODAL = {
  title: 'Hmm, ada yang tidak beres…',
  message: 'Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi',
  buttonText: 'OK',
} as const;
