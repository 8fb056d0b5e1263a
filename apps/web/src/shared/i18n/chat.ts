/**
 * The chat part of the Indonesian catalogue (common words: id.ts): the chat with a shipment's
 * customer. A module of its own so these words load with the chat modal, not in the first load.
 * Refusals are the contract's messages (ERROR_MESSAGES), chosen by code.
 */
export const chatText = {
  title: 'Chat Pelanggan',
  subtitle: '{name} · {orderNo}',
  open: 'Chat',
  openLabel: 'Chat dengan pelanggan',
  loading: 'Memuat chat…',
  empty: 'Belum ada pesan',
  emptyHint: 'Sapa pelanggan atau pilih balasan cepat di bawah.',
  loadFailed: 'Chat tidak dapat dimuat',
  older: 'Muat pesan sebelumnya',
  readOnly: 'Pesanan sudah masuk riwayat. Chat hanya dapat dibaca.',
  inputLabel: 'Tulis pesan',
  inputPlaceholder: 'Tulis pesan…',
  send: 'Kirim',
  photo: 'Kirim foto',
  photoAlt: 'Foto dari {who}',
  photoUploading: 'Mengunggah foto…',
  /** The upload did not get through (no connection, the server busy): the same photo may go on a retry. */
  photoFailed: 'Foto gagal diunggah.',
  photoRetry: 'Coba lagi',
  /** The photo itself was refused (on the phone or by the server): only another one helps. */
  photoRefused: 'Foto ini tidak dapat dikirim.',
  quickRepliesLabel: 'Balasan cepat',
  /** Sent as they are: the customer reads them. */
  quickReplies: [
    'Pesanan sedang disiapkan',
    'Kurir dalam perjalanan',
    'Pesanan sudah siap diambil di toko',
    'Mohon ditunggu sebentar ya Kak',
    'Ada produk yang kosong, boleh kami ganti yang serupa?',
    'Terima kasih sudah berbelanja',
  ],
  you: 'Toko',
  customer: 'Pelanggan',
  newMessages: '{n} pesan baru',
  state: {
    pending: 'Menunggu kirim',
    sent: 'Terkirim ke server',
    delivered: 'Diterima pelanggan',
    read: 'Dibaca',
    failed: 'Gagal terkirim ke pelanggan',
  },
  queued: 'Pesan tersimpan di ponsel. Dikirim otomatis saat koneksi kembali.',
} as const;
