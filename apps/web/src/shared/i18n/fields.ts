/**
 * The words of the shared form pieces the screens load with them, not the shell: the limited text
 * field (shared/ui/text-area-field.tsx) and the phone's check of a file before it is sent
 * (shared/api/upload.ts). A module of its own so they stay out of the first load.
 */
export const fieldsText = {
  /** Nothing typed is ever cut: the field counts and says how much is too much. */
  textField: {
    counter: '{count} / {max}',
    counterLabel: '{count} dari maksimal {max} karakter',
    tooLong: 'Terlalu panjang: {count} dari maksimal {max} karakter. Hapus {over} karakter agar bisa dikirim.',
  },
  /** A file refused on the phone, or by the server for good: only another file helps. */
  files: {
    refused: '{name}: {reason}',
    chooseOther: 'Pilih file lain',
  },
} as const;
