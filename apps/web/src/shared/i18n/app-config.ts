/** The words of the forced update (the app's version below the minimum). A module of its own so they load with its gate only. */
export const forceUpdateText = {
  title: 'Pembaruan wajib',
  message: 'Versi aplikasi Anda ({current}) sudah tidak didukung. Perbarui ke versi {min} atau lebih baru untuk melanjutkan.',
  button: 'Perbarui Sekarang',
} as const;
