import { describe, expect, it } from 'vitest';
import { downscaleImage, fitWithin, uploadName } from './downscale';

describe('making a return photo small before it is sent', () => {
  it('fits the longest side within the limit, keeping the proportions', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('sends the file as it is where the browser cannot decode it (the server then says what is wrong)', async () => {
    const file = new File(['not an image'], 'catatan.txt', { type: 'text/plain' });
    await expect(downscaleImage(file)).resolves.toBe(file);
  });

  it('names a re-encoded photo .jpg, and keeps the name of one sent as it was', () => {
    expect(uploadName('IMG_2024.HEIC', new Blob(['x'], { type: 'image/jpeg' }), 1)).toBe('IMG_2024.jpg');
    expect(uploadName('rusak.png', new Blob(['x'], { type: 'image/png' }), 2)).toBe('rusak.png');
    expect(uploadName('', new Blob(['x'], { type: 'image/jpeg' }), 3)).toBe('foto-3.jpg');
  });
});
