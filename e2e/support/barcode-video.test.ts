import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ean13Modules, renderBarcodeLuma } from './barcode-video';

beforeAll(() => {
  // The decoder's wasm comes from the package, never from a CDN.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } });
  // Node has no ImageData; the decoder only needs its shape.
  (globalThis as { ImageData?: unknown }).ImageData ??= class {
    colorSpace = 'srgb';
    constructor(
      public data: Uint8ClampedArray,
      public width: number,
      public height: number,
    ) {}
  };
});

function toImageData(luma: Buffer, width: number, height: number) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < luma.length; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = luma[i]!;
    rgba[i * 4 + 3] = 255;
  }
  const Ctor = (globalThis as unknown as { ImageData: new (d: Uint8ClampedArray, w: number, h: number) => ImageData }).ImageData;
  return new Ctor(rgba, width, height);
}

describe('fake camera barcode frames', () => {
  it('encodes EAN-13 with guards and 95 modules', () => {
    const bits = ean13Modules('8991234567891');
    expect(bits).toHaveLength(95);
    expect(bits.slice(45, 50)).toBe('01010');
  });

  it('draws frames that a real decoder reads back', async () => {
    for (const code of ['8991234567891', '4006381333931']) {
      const results = await readBarcodes(toImageData(renderBarcodeLuma(code, 640, 480), 640, 480));
      expect(results.map((r) => r.text)).toContain(code);
    }
  });

  it('refuses what is not an EAN-13', () => {
    expect(() => ean13Modules('12345')).toThrow();
  });
});
