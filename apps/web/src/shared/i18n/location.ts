/**
 * The words of the crew's position at a customer's address (scan and go, the return POD): the
 * location card, its status line and the position sketch. A module of its own so they load
 * with those screens only; each screen adds the few words that name its own send button.
 */
export const locationText = {
  title: 'Lokasi Anda',
  getLocation: 'Ambil lokasi',
  refreshLocation: 'Perbarui lokasi',
  locating: 'Mengambil lokasi…',
  accuracy: 'Akurasi ±{m} m',
  statusInside: 'Di dalam area',
  statusOutside: 'Di luar area',
  fromCustomer: '{distance} dari pelanggan',
  noCustomerPointShort: 'titik pelanggan tidak tersedia',
  takenAt: 'Diambil pukul {time}',
  inside: 'Di dalam area pelanggan (radius {radius} m)',
  outside: 'Di luar area pelanggan (radius {radius} m)',
  youAre: 'Anda {distance} ke arah {direction} dari titik pelanggan',
  sketch: {
    label: 'Sketsa posisi: titik pelanggan di tengah, lingkaran radius {radius} m, posisi kru {distance} ke arah {direction}',
    north: 'U',
    customer: 'Pelanggan',
    crew: 'Kru',
    you: 'Anda',
  },
  /** Why no position could be used (the native bridge's and the browser's). */
  errors: {
    denied: 'Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.',
    unavailable: 'Lokasi tidak dapat ditentukan.',
    timeout: 'Waktu menentukan lokasi habis. Coba lagi di tempat terbuka.',
    unsupported: 'Perangkat ini tidak mendukung lokasi.',
    insecure: 'Lokasi hanya bisa dipakai lewat koneksi aman (HTTPS).',
    tooPoor: 'Akurasi lokasi terlalu rendah (±{m} m; paling besar {max} m). Aktifkan GPS, pindah ke tempat terbuka, lalu coba lagi.',
    unknownAccuracy: 'Perangkat tidak memberi akurasi lokasi. Aktifkan GPS lalu coba lagi.',
  },
} as const;

/** What a screen says in its own words: its send button's name is in them. */
export interface LocationScreenWords {
  /** Why nothing was sent when the position could not be taken. */
  notSent: string;
  /** No position yet: it is taken on sending (one line). */
  locationOnSend: string;
  /** No position yet, in full (the card). */
  noLocation: string;
  /** The customer has no coordinates. */
  noCustomerPoint: string;
}
