/** The longest side a photo (a return's, a chat's) is sent with: enough to see damage, far below the upload limit. */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

/** The size that fits `width` × `height` within `maxSide` on its longest side, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest <= 0) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A phone camera's photo made small in the browser before it is sent over a weak signal: decoded
 * (the photo's own orientation applied), drawn at most `maxSide` px on its longest side, encoded
 * as JPEG. Whatever cannot be decoded here (no canvas, not an image) is sent as it is, and the
 * server says what is wrong with it (415, 413).
 */
export async function downscaleImage(file: Blob, { maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY }: { maxSide?: number; quality?: number } = {}): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!jpeg || jpeg.size === 0) return file;
    // A small photo that was already compact stays as it was.
    const unchanged = size.width === bitmap.width && size.height === bitmap.height;
    return unchanged && file.size <= jpeg.size ? file : jpeg;
  } catch {
    return file;
  } finally {
    bitmap.close?.();
  }
}

/** The name the upload carries: the photo's own, ending in .jpg once re-encoded. */
export function uploadName(original: string, sent: Blob, index: number): string {
  const base = original.replace(/\.[^.]*$/, '') || `foto-${index}`;
  return sent.type === 'image/jpeg' ? `${base}.jpg` : original || `foto-${index}`;
}
