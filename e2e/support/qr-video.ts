import type { Locator } from '@playwright/test';
import { videoSize, writeLumaVideo, type VideoOptions } from './barcode-video';

/**
 * What a phone's camera would see of a QR on another phone's screen: the element's pixels as the page
 * shows them (a screenshot, decoded by the page's own browser), as luma, `side × side`.
 */
export async function screenLuma(element: Locator): Promise<{ side: number; luma: number[] }> {
  const png = await element.screenshot();
  return element.page().evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(side, side);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, side, side);
    const luma: number[] = [];
    for (let i = 0; i < data.length; i += 4) luma.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
    return { side, luma };
  }, [...png]);
}

/**
 * Writes a fake-camera video of that QR: centred on white, scaled to most of the frame's height
 * (nearest neighbour, so modules stay sharp), luma mapped to video range (16–235).
 */
export function writeQrVideo(path: string, shot: { side: number; luma: number[] }, opts: VideoOptions = {}): void {
  const { width, height } = videoSize(opts);
  const frame = Buffer.alloc(width * height, 235);
  const size = Math.floor(height * 0.8);
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  for (let y = 0; y < size; y++) {
    const sy = Math.floor((y * shot.side) / size);
    for (let x = 0; x < size; x++) {
      const v = shot.luma[sy * shot.side + Math.floor((x * shot.side) / size)]!;
      frame[(top + y) * width + left + x] = 16 + Math.round((v * 219) / 255);
    }
  }
  writeLumaVideo(path, [frame], { framesPerCode: 30, ...opts });
}
