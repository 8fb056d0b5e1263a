import { ROLE, type RoleId } from '@gerai/contract';

/** Password of every demo account (design.md §7). */
export const DEMO_PASSWORD = 'gerai123';
/**
 * PIN of every seeded material transfer (decision 89), so a demo can confirm one as the receiver. Stored
 * only as its scrypt hash, like any PIN; a transfer made in the app gets a random PIN of its own.
 */
export const DEMO_MAT_PIN = '135790';
export const DEMO_FAKER_SEED = 20261122;
/** Fixed day the demo numbering (shipment, order, MAT numbers) is derived from; row times follow the seed's run time. */
export const DEMO_REFERENCE_DATE = new Date('2026-11-22T03:00:00Z');
export const DEMO_STORE_CODE = 'T001';

export interface DemoAccount {
  nik: string;
  name: string;
  roleId: RoleId;
  /** Home store; null for roles that work across stores. */
  storeCode: string | null;
  /** Stores covered through user_stores (area supervisor). */
  storeCodes: string[];
}

export const DEMO_NIK = {
  STAFF: '10000001',
  STAFF_T002: '10000002',
  STORE_CHIEF: '20000001',
  STORE_CHIEF_T002: '20000002',
  AREA_SUPERVISOR: '30000001',
  HELPDESK: '40000001',
  SUPER_USER: '90000001',
} as const;

export const AREA_SUPERVISOR_STORES = Array.from({ length: 10 }, (_, i) => `T${String(i + 1).padStart(3, '0')}`);

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { nik: DEMO_NIK.STAFF, name: 'Budi Santoso', roleId: ROLE.STAFF, storeCode: 'T001', storeCodes: [] },
  { nik: DEMO_NIK.STAFF_T002, name: 'Siti Rahmawati', roleId: ROLE.STAFF, storeCode: 'T002', storeCodes: [] },
  { nik: DEMO_NIK.STORE_CHIEF, name: 'Agus Setiawan', roleId: ROLE.STORE_CHIEF, storeCode: 'T001', storeCodes: [] },
  { nik: DEMO_NIK.AREA_SUPERVISOR, name: 'Dewi Lestari', roleId: ROLE.AREA_SUPERVISOR, storeCode: null, storeCodes: AREA_SUPERVISOR_STORES },
  { nik: DEMO_NIK.HELPDESK, name: 'Rina Wulandari', roleId: ROLE.HELPDESK, storeCode: null, storeCodes: [] },
  { nik: DEMO_NIK.SUPER_USER, name: 'Hendra Gunawan', roleId: ROLE.SUPER_USER, storeCode: null, storeCodes: [] },
  // Last, so the ids of the accounts above (and the data that names them) stay as they were.
  { nik: DEMO_NIK.STORE_CHIEF_T002, name: 'Wahyu Hidayat', roleId: ROLE.STORE_CHIEF, storeCode: 'T002', storeCodes: [] },
];

/**
 * Crew NIK of the extra staff member seeded for each store without a demo
 * account (T003 → 10000003), so every store's orders have a picker.
 */
export function crewNik(storeCode: string): string {
  return `1${storeCode.slice(1).padStart(7, '0')}`;
}

/** The paper bag the crew adds while packing; channel intake finds it by name. */
export const PAPER_BAG = { productId: '90000001', name: 'Kantong Kertas Belanja', price: 2000, category: 'Kantong Belanja', unit: 'pcs' } as const;

export const PAYMENT_METHODS: Record<number, string> = {
  1: 'Bayar di toko',
  2: 'Virtual Account',
  3: 'Dompet digital',
  4: 'Kartu kredit/debit',
  5: 'Poin & voucher',
};

// Reason lists are stored without "Lainnya": the API appends it with free text.
export const POD_REQUEST_REASONS = [
  'Titik lokasi pelanggan tidak sesuai alamat',
  'Pelanggan meminta bertemu di lokasi lain',
  'Alamat sulit dijangkau kendaraan',
  'Sinyal GPS tidak akurat di lokasi',
  'Pesanan diterima di pos satpam atau lobi',
];

export const POD_REJECT_REASONS = [
  'Lokasi terlalu jauh dari alamat pelanggan',
  'Nama penerima tidak sesuai',
  'Bukti penerimaan tidak lengkap',
  'Alasan pengajuan tidak dapat diterima',
];

export const CANCEL_REASONS = [
  'Stok produk habis',
  'Pelanggan membatalkan pesanan',
  'Pelanggan tidak dapat dihubungi',
  'Alamat di luar jangkauan pengiriman',
  'Pesanan ganda',
  'Pembayaran bermasalah',
];

export const RETURN_REASONS = [
  'Produk rusak atau kemasan bocor',
  'Produk mendekati tanggal kedaluwarsa',
  'Produk tidak sesuai pesanan',
  'Jumlah produk kurang',
];

export const PROBLEMS = [
  'Pesanan tidak muncul di aplikasi',
  'Produk tidak dapat di-scan',
  'Status pesanan tidak berubah',
  'Gagal konfirmasi POD',
  'Kendala pembayaran pelanggan',
  'Kendala retur atau refund',
  'Transfer barang (MAT) bermasalah',
  'Aplikasi lambat atau sering keluar sendiri',
  'Lainnya',
];

export const FAQS: Array<{ question: string; answer: string }> = [
  {
    question: 'Bagaimana cara memproses pesanan baru?',
    answer: 'Buka tab Baru, pilih pesanan, lalu tekan tombol Packing. Pesanan pindah ke tab Picking atas nama Anda dan siap di-scan.',
  },
  {
    question: 'Produk tidak bisa di-scan, apa yang harus dilakukan?',
    answer: 'Pastikan barcode bersih dan cukup cahaya. Jika tetap gagal, ketik 13 digit barcode secara manual. Bila barcode memang berbeda dengan pesanan, jangan ambil produk tersebut.',
  },
  {
    question: 'Bagaimana jika stok produk kosong?',
    answer: 'Isi jumlah stok kosong (Qty OOS) pada produk tersebut. Anda dapat melakukan booking stok ke toko terdekat. Jika semua produk kosong, ajukan pembatalan pesanan.',
  },
  {
    question: 'Kapan pesanan bisa dikonfirmasi selesai?',
    answer: 'Untuk ambil di toko, cocokkan kode ambil atau QR pelanggan. Untuk pesanan antar, lakukan POD scan and go di lokasi pelanggan.',
  },
  {
    question: 'Apa itu pengajuan POD?',
    answer: 'Jika Anda berada di luar radius koordinat pelanggan saat serah terima, ajukan POD dengan alasan yang sesuai. Kepala toko atau supervisor akan menyetujui atau menolaknya.',
  },
  {
    question: 'Bagaimana cara membatalkan pesanan?',
    answer: 'Buka detail pesanan, pilih Ajukan Pembatalan, lalu pilih alasan. Pembatalan diproses sesuai kewenangan jabatan Anda.',
  },
  {
    question: 'Bagaimana memproses retur dari pelanggan?',
    answer: 'Buka menu Retur, ajukan retur untuk pesanan yang sudah selesai beserta alasannya, lalu lakukan POD retur saat barang diterima kembali di toko.',
  },
  {
    question: 'Bagaimana cara menerima transfer barang (MAT) dari toko lain?',
    answer: 'Buka MAT Masuk, pilih transfer yang sedang dikirim, lalu masukkan PIN dari toko pengirim atau scan QR pada dokumen transfer.',
  },
  {
    question: 'Mengapa muncul pesan "Shipment ini masih memiliki tiket yang aktif"?',
    answer: 'Satu shipment hanya boleh memiliki satu tiket aktif. Lanjutkan percakapan pada tiket yang sudah ada di menu Pusat Bantuan.',
  },
  {
    question: 'Aplikasi meminta pembaruan, apa yang harus dilakukan?',
    answer: 'Versi aplikasi Anda sudah tidak didukung. Perbarui aplikasi melalui Play Store, lalu masuk kembali dengan NIK Anda.',
  },
];
