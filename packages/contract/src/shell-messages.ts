// The few texts the web's first load writes itself. Zod-free and apart from messages.ts: the
// shell imports this module only, so the error catalogue loads with the pages that use it.

export const SUCCESS = 'Success' as const;

/** A session that could not be refreshed (the client writes this error itself). */
export const SESSION_EXPIRED_MESSAGE = 'Sesi Anda telah berakhir. Silakan masuk kembali.';

/** The default error modal of the spec (section 8). */
export const DEFAULT_ERROR_MODAL = {
  title: 'Hmm, ada yang tidak beres…',
  message: 'Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi',
  buttonText: 'OK',
} as const;
