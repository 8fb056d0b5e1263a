/**
 * Barcode decoding for the camera: the browser's own BarcodeDetector when it
 * supports our formats (Android Chrome, many webviews), otherwise the
 * barcode-detector ponyfill (ZXing compiled to WebAssembly). The ponyfill and its
 * wasm are served by Gerai itself and loaded only when a camera starts scanning,
 * so they cost nothing on the first load.
 */
export type ScanFormat = 'ean_13' | 'ean_8' | 'code_128' | 'qr_code' | 'upc_a' | 'upc_e';

export const PRODUCT_FORMATS: readonly ScanFormat[] = ['ean_13', 'ean_8', 'code_128', 'qr_code'];

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect: (source: HTMLVideoElement) => Promise<DetectedCode[]>;
  /** 'native' or 'zxing': for the diagnostics line, not shown to crews. */
  kind: 'native' | 'zxing';
}

interface NativeDetectorCtor {
  new (options: { formats: string[] }): { detect: (source: HTMLVideoElement) => Promise<DetectedCode[]> };
  getSupportedFormats: () => Promise<string[]>;
}

async function nativeDetector(formats: readonly ScanFormat[]): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorCtor }).BarcodeDetector;
  if (!Native || typeof Native.getSupportedFormats !== 'function') return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!formats.every((f) => supported.includes(f))) return null;
    const detector = new Native({ formats: [...formats] });
    return { kind: 'native', detect: (source) => detector.detect(source) };
  } catch {
    return null;
  }
}

const cache = new Map<string, Promise<Detector>>();

/** One detector per format set, created on first use. */
export function loadDetector(formats: readonly ScanFormat[] = PRODUCT_FORMATS): Promise<Detector> {
  const key = [...formats].sort().join(',');
  let pending = cache.get(key);
  if (!pending) {
    pending = (async () => {
      const native = await nativeDetector(formats);
      if (native) return native;
      const { createZxingDetector } = await import('./zxing-detector');
      return createZxingDetector(formats);
    })();
    // A failed load (offline on first use) may be retried later.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}
