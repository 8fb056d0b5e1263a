// Renders the app icons (PNG + SVG) into public/ with no dependency: a tiny
// rasterizer with 4×4 supersampling and a PNG encoder on node:zlib.
// Run: node apps/web/scripts/generate-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const RED = [185, 28, 28];
const WHITE = [255, 255, 255];

// Geometry in a 100×100 box, shared by the SVG and the rasterizer.
const G = { cx: 50, cy: 58.5, r: 8.9, w: 4.2, gapFrom: 320, barTo: 50.5, barH: 4.2 };

function inRoundRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Colour of a point (in 100-unit space) of the icon. */
function sample(x, y, { rounded, scale }) {
  const inBg = rounded ? inRoundRect(x, y, 0, 0, 100, 100, 20) : x >= 0 && x <= 100 && y >= 0 && y <= 100;
  if (!inBg) return null;
  // Glyph coordinates, scaled about the centre (maskable icons keep a safe zone).
  const gx = 50 + (x - 50) / scale;
  const gy = 50 + (y - 50) / scale;
  // The "G" on the bag, drawn in the background colour.
  const d = Math.hypot(gx - G.cx, gy - G.cy);
  let angle = (Math.atan2(gy - G.cy, gx - G.cx) * 180) / Math.PI;
  if (angle < 0) angle += 360;
  const onArc = Math.abs(d - G.r) <= G.w / 2 && angle <= G.gapFrom;
  const onBar = gx >= G.barTo && gx <= G.cx + G.r + G.w / 2 && Math.abs(gy - G.cy) <= G.barH / 2;
  const inBody = inRoundRect(gx, gy, 27, 36, 73, 80, 6);
  if (inBody) return onArc || onBar ? RED : WHITE;
  const handle = Math.abs(Math.hypot(gx - 50, gy - 36) - 11.75) <= 2.25 && gy <= 36;
  return handle ? WHITE : RED;
}

function render(size, opts) {
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample(((i + (sx + 0.5) / n) / size) * 100, ((j + (sy + 0.5) / n) / size) * 100, opts);
          if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
        }
      }
      const o = (j * size + i) * 4;
      px[o] = a ? Math.round(r / a) : 0;
      px[o + 1] = a ? Math.round(g / a) : 0;
      px[o + 2] = a ? Math.round(b / a) : 0;
      px[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rad = (deg) => (deg * Math.PI) / 180;
const arcStart = [G.cx + G.r * Math.cos(rad(G.gapFrom)), G.cy + G.r * Math.sin(rad(G.gapFrom))].map((v) => v.toFixed(2));
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="20" fill="#b91c1c"/>
  <path d="M38.25 36 A11.75 11.75 0 0 1 61.75 36" fill="none" stroke="#fff" stroke-width="4.5"/>
  <rect x="27" y="36" width="46" height="44" rx="6" fill="#fff"/>
  <path d="M${arcStart[0]} ${arcStart[1]} A${G.r} ${G.r} 0 1 0 ${G.cx + G.r} ${G.cy}" fill="none" stroke="#b91c1c" stroke-width="${G.w}"/>
  <rect x="${G.barTo}" y="${G.cy - G.barH / 2}" width="${(G.cx + G.r + G.w / 2 - G.barTo).toFixed(2)}" height="${G.barH}" fill="#b91c1c"/>
</svg>
`;

writeFileSync(path.join(OUT, 'favicon.svg'), svg);
const icons = [
  ['pwa-192x192.png', 192, { rounded: true, scale: 1 }],
  ['pwa-512x512.png', 512, { rounded: true, scale: 1 }],
  ['maskable-512x512.png', 512, { rounded: false, scale: 0.72 }],
  ['apple-touch-icon.png', 180, { rounded: false, scale: 0.86 }],
];
for (const [name, size, opts] of icons) writeFileSync(path.join(OUT, name), png(size, render(size, opts)));
console.log('icons written to', OUT);
