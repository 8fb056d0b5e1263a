/**
 * The scanner (camera, hardware scanner, manual entry) part of the Indonesian catalogue (common words: id.ts). A module of
 * its own so these words load with the screens that use them, not in the first load.
 */
export const scannerText = {
  title: 'Scan produk',
  qrTitle: 'Scan QR pelanggan',
  startCamera: 'Scan dengan kamera',
  stopCamera: 'Matikan kamera',
  startingCamera: 'Menyalakan kamera…',
  cameraActive: 'Arahkan kamera ke barcode',
  torchOn: 'Nyalakan senter',
  torchOff: 'Matikan senter',
  nativeScanner: 'Scanner aplikasi',
  manualLabel: 'Ketik barcode',
  manualPlaceholder: 'Ketik atau scan barcode',
  manualSubmit: 'Kirim',
  /** Compact panels show it in their feedback slot until a scan answers: the hardware scanner's mode. */
  wedgeHint: 'Scanner genggam siap: setiap tembakan dihitung.',
  /** Which way scans are counted right now (the panel says it). */
  modeWedge: 'Scanner: setiap tembakan dihitung, kode yang sama juga.',
  modeCamera: 'Kamera: kode yang sama dihitung lagi setelah dijauhkan dari kamera.',
  cameraDenied: 'Izin kamera ditolak. Izinkan kamera di pengaturan, atau ketik barcode.',
  cameraUnavailable: 'Kamera tidak tersedia di perangkat ini. Ketik barcode atau gunakan scanner genggam.',
  cameraFailed: 'Kamera gagal dinyalakan. Coba lagi atau ketik barcode.',
  decoderFailed: 'Pembaca barcode gagal dimuat. Periksa koneksi lalu coba lagi.',
  insecure: 'Kamera hanya bisa dipakai lewat koneksi aman (HTTPS).',
  videoLabel: 'Pratinjau kamera',
} as const;
