import { isNativeHost, printWithNative } from '@/shared/bridge/native-bridge';

/** The recap prints on A4 (its print CSS lays it out for the page's width). */
export const RECAP_PAPER = { widthMm: 210, heightMm: 297 } as const;

/**
 * "Cetak / Simpan PDF": the browser's print dialog (where "Simpan sebagai PDF" is a printer), or, in
 * the native app whose webview has no print dialog, the host's printing; the browser's when the host
 * does not take the job.
 */
export async function printRecap(title: string): Promise<void> {
  // Called at once in a browser: the dialog opens within the tap.
  if (!isNativeHost()) {
    window.print();
    return;
  }
  if (!(await printWithNative({ kind: 'recap', title, paper: RECAP_PAPER }))) window.print();
}
