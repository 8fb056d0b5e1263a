/**
 * Indonesian messages the server sends and the web shows. Error codes are the
 * machine half of every error reply; the web maps a code back to its text here.
 */
import { DATE_RANGE, PAPER_BAG_MAX, POD_PLASTIC_MAX } from './limits';

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
  IDEMPOTENCY_ALREADY_APPLIED: 'Aksi ini sudah tercatat di server sebelumnya. Data terbaru dimuat ulang.',
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
  // Scan-and-go POD and its approvals: the texts the spec's error catalogue (§8) quotes are kept verbatim.
  POD_OUTSIDE_AREA: 'koordinat lokasi POD tidak sesuai',
  POD_ACCURACY_TOO_LOW: 'Akurasi lokasi terlalu rendah. Aktifkan GPS, pindah ke tempat terbuka, lalu coba lagi.',
  POD_CUSTOMER_LOCATION_MISSING: 'Koordinat pelanggan tidak tersedia. Ajukan persetujuan POD.',
  POD_NOT_DELIVERY: 'Pesanan ambil di toko dikonfirmasi dengan kode pengambilan, bukan POD.',
  POD_ORDER_NOT_FOUND: 'Order tidak ditemukan',
  POD_ORDER_FINISHED: 'Status pesanan ini sudah selesai',
  POD_ORDER_IN_RETURN: 'Order sedang dalam pengajuan retur',
  POD_REQUEST_DUPLICATE: 'Pengajuan POD sudah dilakukan',
  POD_REQUEST_LOCATION_INVALID: 'Lokasi pengajuan POD tidak sesuai',
  POD_REQUEST_NOT_FOUND: 'Pengajuan POD tidak ditemukan.',
  POD_ALREADY_DECIDED: 'Approval POD Sudah Dilakukan.',
  // A position taken offline reaches the server later; it is decided on only while it is recent.
  POD_CAPTURE_TOO_OLD: 'Lokasi diambil terlalu lama sebelum terkirim. Ambil lokasi lagi di tempat pelanggan, lalu kirim ulang.',
  POD_CAPTURE_IN_FUTURE: 'Waktu pengambilan lokasi lebih maju dari jam server. Periksa tanggal dan jam ponsel, lalu ambil lokasi lagi.',
  // A genuine channel signature made too long ago (or ahead): a replayed request, or the channel's clock is off.
  SIGNATURE_EXPIRED: 'Tanda tangan (signature) permintaan sudah kedaluwarsa. Periksa jam server channel lalu kirim ulang.',
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
  IDEMPOTENCY_ALREADY_APPLIED: 409,
  IDEMPOTENCY_KEY_INVALID: 400,
  CONFLICT: 409,
  CHANNEL_UNKNOWN: 404,
  SIGNATURE_INVALID: 401,
  STORE_UNKNOWN: 422,
  PRODUCT_UNKNOWN: 422,
  STORE_REQUIRED: 400,
  SHIPMENT_HAS_ACTIVE_TICKET: 409,
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
  POD_OUTSIDE_AREA: 422,
  POD_ACCURACY_TOO_LOW: 422,
  POD_CUSTOMER_LOCATION_MISSING: 422,
  POD_NOT_DELIVERY: 422,
  POD_ORDER_NOT_FOUND: 404,
  POD_ORDER_FINISHED: 409,
  POD_ORDER_IN_RETURN: 422,
  POD_REQUEST_DUPLICATE: 409,
  POD_REQUEST_LOCATION_INVALID: 422,
  POD_REQUEST_NOT_FOUND: 404,
  POD_ALREADY_DECIDED: 409,
  POD_CAPTURE_TOO_OLD: 422,
  POD_CAPTURE_IN_FUTURE: 422,
  SIGNATURE_EXPIRED: 401,
};

/** The default error modal of the spec (section 8). */
export const DEFAULT_ERROR_MODAL = {
  title: 'Hmm, ada yang tidak beres…',
  message: 'Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi',
  buttonText: 'OK',
} as const;

/** A refusal's message with its particulars (who holds the order, what it became), in place of the code's plain one. */
export const ERROR_DETAILS = {
  orderClaimedBy: (name: string) => `Pesanan ini sudah diambil oleh ${name}.`,
  orderStatusChangedTo: (label: string) => `Status pesanan sudah berubah menjadi ${label}. Muat ulang untuk melihat status terbaru.`,
} as const;

/**
 * Messages of a refused field: `details[].message` of a VALIDATION_FAILED reply. The
 * contract's schemas take every text here (and the server's own field refusals too), so
 * each rule speaks one Indonesian sentence wherever it applies.
 */
export const FIELD_MESSAGES = {
  // Shared primitives (schemas/primitives.ts).
  textInvalidCharacters: 'Berisi karakter yang tidak diizinkan (karakter kontrol atau Unicode yang rusak)',
  textTooLong: (max: number) => `Maksimal ${max} karakter`,
  required: 'Wajib diisi',
  integer: 'Harus berupa bilangan bulat',
  number: 'Harus berupa angka',
  numberMin: (min: number) => `Tidak boleh kurang dari ${min}`,
  numberMax: (max: number) => `Tidak boleh lebih dari ${max}`,
  dateFormat: 'Tanggal harus berformat YYYY-MM-DD',
  dateRange: `Tanggal harus antara ${DATE_RANGE.min} dan ${DATE_RANGE.max}`,
  dateTimeFormat: 'Waktu harus berformat ISO 8601 dengan zona waktu (mis. 2026-01-31T08:00:00+07:00)',
  dateTimeRange: `Waktu harus antara ${DATE_RANGE.min} dan ${DATE_RANGE.max}`,
  dateEndBeforeStart: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  // Fields read from forms: "<label> wajib diisi" and the like.
  fieldRequired: (label: string) => `${label} wajib diisi`,
  fieldNumber: (label: string) => `${label} harus berupa angka`,
  fieldInteger: (label: string) => `${label} harus berupa bilangan bulat`,
  fieldBoolean: (label: string) => `${label} harus true atau false`,
  // Stores, members, sign-in.
  storeCodeInvalid: 'Kode toko tidak valid',
  nikInvalid: 'NIK harus berupa 8–16 digit angka',
  passwordRequired: 'Kata sandi wajib diisi',
  // Orders.
  qtyMax: (max: number) => `Maksimal ${max}.`,
  podRequestTooFar: (distance: string, max: string) => `Lokasi pengajuan ${distance} dari titik pelanggan; pengajuan hanya dari jarak ${max} atau kurang.`,
  statusRequired: 'Status wajib diisi',
  statusFormat: 'Status harus berupa id status, dipisah koma (mis. 1105,1107)',
  statusUnknown: 'Status tidak dikenal',
  channelUnknown: 'Channel tidak dikenal',
  shipmentNoRequired: 'Nomor shipment wajib diisi',
  shipmentNoInvalid: 'Nomor shipment tidak valid',
  lineInvalid: 'Produk pesanan tidak valid',
  qtyNegative: 'Jumlah tidak boleh kurang dari 0',
  oosNegative: 'Jumlah produk kosong tidak boleh kurang dari 0',
  paperBagsMax: `Kantong kertas maksimal ${PAPER_BAG_MAX}`,
  pickupCodeRequired: 'Kode pengambilan wajib diisi',
  receiverNameRequired: 'Nama penerima wajib diisi',
  barcodeRequired: 'Barcode wajib diisi',
  barcodeTooLong: 'Barcode terlalu panjang',
  barcodeInvalid: 'Barcode tidak valid',
  // Channel intake.
  phoneInvalid: 'Nomor telepon tidak valid',
  paymentUnknown: 'Metode pembayaran tidak dikenal',
  deliveryNeedsAddress: 'Pesanan antar wajib memiliki alamat dan koordinat',
  orderTotalTooLarge: 'Total pesanan melebihi batas yang dapat dicatat',
  // Proof of delivery.
  orderNoRequired: 'Nomor order wajib diisi',
  latitudeRange: 'Latitude harus antara -90 dan 90',
  longitudeRange: 'Longitude harus antara -180 dan 180',
  accuracyNegative: 'Akurasi tidak boleh negatif',
  accuracyInvalid: 'Akurasi tidak valid',
  receiverRelationUnknown: 'Hubungan penerima tidak dikenal',
  receiverOtherRequired: 'Tuliskan hubungan penerima untuk pilihan Lainnya',
  plasticNegative: 'Jumlah kantong plastik tidak boleh kurang dari 0',
  plasticMax: `Jumlah kantong plastik maksimal ${POD_PLASTIC_MAX}`,
  podDeliveryOnly: 'Pengajuan POD hanya untuk pesanan yang diantar (deliveryType 1)',
  podTypeUnknown: 'Jenis pengajuan tidak dikenal',
  podStatusUnknown: 'Status harus pending, approved atau rejected',
  deliveryTypeUnknown: 'deliveryType tidak dikenal',
  reasonUnknown: 'Alasan tidak dikenal',
  reasonTextRequired: 'Tuliskan alasan untuk pilihan Lainnya',
  rejectReasonUnknown: 'Alasan penolakan tidak dikenal',
  rejectReasonTextRequired: 'Tuliskan alasan penolakan untuk pilihan Lainnya',
  captureTooOld: (ageMin: number, maxMin: number) => `Lokasi diambil ${ageMin} menit sebelum diterima server; paling lama ${maxMin} menit.`,
  captureInFuture: (aheadMin: number) => `Waktu pengambilan lokasi ${aheadMin} menit lebih maju dari jam server.`,
} as const;

/** Names of form fields as the messages above say them. */
export const FIELD_LABELS = {
  latitude: 'Latitude',
  longitude: 'Longitude',
  accuracy: 'Akurasi',
  isValidate: 'isValidate',
  plasticQty: 'Jumlah kantong plastik',
  deliveryType: 'deliveryType',
  reason: 'Alasan',
  rejectReason: 'Alasan penolakan',
} as const;
