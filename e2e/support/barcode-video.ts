import { writeFileSync } from 'node:fs';

// EAN-13 digit patterns (1 = bar): L and G for the left half, R for the right half.
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
// Which of L/G each left digit uses, chosen by the first digit.
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 symbol, '1' for a dark bar. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = code.split('').map(Number);
  const parity = PARITY[digits[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L : G)[digits[i]!]!;
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[digits[i]!]!;
  return bits + '101';
}

/** The luma plane of one frame: the barcode black on white, centred, with quiet zones. */
export function renderBarcodeLuma(code: string, width: number, height: number): Buffer {
  const y = Buffer.alloc(width * height, 235);
  const modules = ean13Modules(code);
  const moduleWidth = Math.floor((width * 0.8) / (modules.length + 22));
  const left = Math.floor((width - moduleWidth * modules.length) / 2);
  const top = Math.floor(height * 0.25);
  const bottom = Math.floor(height * 0.75);
  for (let m = 0; m < modules.length; m++) {
    if (modules[m] !== '1') continue;
    for (let row = top; row < bottom; row++) {
      y.fill(16, row * width + left + m * moduleWidth, row * width + left + (m + 1) * moduleWidth);
    }
  }
  return y;
}

export interface VideoOptions {
  width?: number;
  height?: number;
  fps?: number;
  /** Frames each code stays in view, then the same number of blank frames. */
  framesPerCode?: number;
}

/**
 * Writes a Y4M video (what Chromium's fake camera reads) that shows each luma frame in turn
 * (`width × height` bytes, 16 black … 235 white), with blank frames between so a scanner sees each
 * appear anew.
 */
export function writeLumaVideo(path: string, images: Buffer[], opts: VideoOptions = {}): void {
  const { width, height } = videoSize(opts);
  const fps = opts.fps ?? 10;
  const hold = opts.framesPerCode ?? 12;
  const uvSize = (width / 2) * (height / 2);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = Buffer.from('FRAME\n');
  const chroma = Buffer.alloc(uvSize * 2, 128);

  const blank = Buffer.alloc(width * height, 235);
  const frames: Buffer[] = [header];
  for (const y of images) {
    if (y.length !== width * height) throw new Error(`a frame of ${y.length} bytes for ${width}×${height}`);
    for (let f = 0; f < hold; f++) frames.push(frameHeader, y, chroma);
    for (let f = 0; f < hold; f++) frames.push(frameHeader, blank, chroma);
  }
  writeFileSync(path, Buffer.concat(frames));
}

export const videoSize = (opts: VideoOptions = {}) => ({ width: opts.width ?? 640, height: opts.height ?? 480 });

/** Writes a Y4M video that shows each EAN-13 barcode in turn, black on white. */
export function writeBarcodeVideo(path: string, codes: string[], opts: VideoOptions = {}): void {
  const { width, height } = videoSize(opts);
  writeLumaVideo(
    path,
    codes.map((code) => renderBarcodeLuma(code, width, height)),
    opts,
  );
}
