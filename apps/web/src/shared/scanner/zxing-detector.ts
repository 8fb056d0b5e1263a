import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The wasm is a build asset of Gerai (hashed, long-cached), never the CDN the library defaults to.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector, ScanFormat } from './detector';

let ready: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** The ZXing ponyfill, its WebAssembly module loaded (and compiled) before the first frame. */
export async function createZxingDetector(formats: readonly ScanFormat[]): Promise<Detector> {
  await prepare();
  const detector = new BarcodeDetector({ formats: [...formats] });
  return { kind: 'zxing', detect: (source) => detector.detect(source) };
}
