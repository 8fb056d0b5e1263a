// The recap (/rekap-ac): its range and its tables. Zod-free: the recap page reads these.
/** The longest range one recap covers (days, both ends included). */
export const RECAP_MAX_DAYS = 31;
/** Rows of the out-of-stock table (the products out of stock most often first). */
export const RECAP_OOS_MAX = 50;

/** The recap's tables; each downloads as CSV from /api/recap/csv/:table. */
export const RECAP_TABLES = ['channels', 'statuses', 'crew', 'completion', 'out-of-stock', 'cancellations', 'returns', 'pod-exceptions'] as const;
export type RecapTable = (typeof RECAP_TABLES)[number];

/** Shown for a cancellation, return or POD exception without a stated reason. */
export const RECAP_NO_REASON = 'Tanpa alasan';

/**
 * The column headings of each recap table, in order: the CSV's header row and the page's table
 * headings alike. Minutes are from arrival (completion) or from claim to packed (crew).
 */
export const RECAP_COLUMNS: Record<RecapTable, readonly string[]> = {
  channels: ['Kanal', 'Pesanan', 'Selesai', 'Batal'],
  statuses: ['Status', 'Pesanan'],
  crew: ['NIK', 'Nama', 'Toko', 'Diambil', 'Selesai', 'Batal', 'Median packing (menit)'],
  completion: ['Pesanan selesai', 'Median (menit)', 'Persentil 90 (menit)'],
  'out-of-stock': ['Kode produk', 'Produk', 'Qty dipesan', 'Qty kosong', 'Baris', 'Baris kosong', 'Tingkat kosong (%)'],
  cancellations: ['Alasan', 'Jumlah'],
  returns: ['Alasan', 'Jumlah'],
  'pod-exceptions': ['Alasan', 'Jumlah'],
};
