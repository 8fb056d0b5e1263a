import { useCallback, useState } from 'react';
import { isNativeHost, printWithNative, type NativePrintJob } from '@/shared/bridge/native-bridge';

export type PrintRoute = 'native' | 'browser';

/**
 * Prints the page (its print CSS shows only the open sheet): through the native host when there is
 * one that takes the job (a webview has no print dialog of its own), else the browser's dialog.
 * Without a host, window.print() runs in the same task as the tap, as some browsers want.
 */
export async function printPage(job: NativePrintJob): Promise<PrintRoute> {
  if (isNativeHost() && (await printWithNative(job))) return 'native';
  window.print();
  return 'browser';
}

/** printPage for a button: `printing` while a host is handed the job. */
export function usePrint() {
  const [printing, setPrinting] = useState(false);
  const print = useCallback((job: NativePrintJob) => {
    if (!isNativeHost()) {
      void printPage(job);
      return;
    }
    setPrinting(true);
    void printPage(job).finally(() => setPrinting(false));
  }, []);
  return { print, printing };
}
