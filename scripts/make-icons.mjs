// Writes the PWA icons in public/icons/ (PNG bytes built by hand with the built-in zlib, so no
// image tool is needed): the brand mark, a wheel with an amber hub, on the brand blue.
// Run `node scripts/make-icons.mjs` after changing the mark; the PNGs are committed.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const outDir = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = [11, 80, 117];
const WHITE = [255, 255, 255];
const AMBER = [245, 166, 35];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour of one point in unit coordinates (0..1), or null where the icon is transparent. */
function markColour(x, y, { fullBleed, markScale }) {
  if (!fullBleed) {
    // Rounded square with a corner radius of 18 % of the side.
    const r = 0.18;
    const dx = Math.max(r - x, 0, x - (1 - r));
    const dy = Math.max(r - y, 0, y - (1 - r));
    if (dx * dx + dy * dy > r * r) return null;
  }
  const cx = (x - 0.5) / markScale;
  const cy = (y - 0.5) / markScale;
  const d = Math.hypot(cx, cy);
  if (d <= 0.1) return AMBER; // hub
  if (d >= 0.24 && d <= 0.34) return WHITE; // tyre
  if (d < 0.24) {
    // Five spokes from hub to rim.
    const angle = Math.atan2(cy, cx) + Math.PI / 2;
    const sector = (2 * Math.PI) / 5;
    const offset = ((angle % sector) + sector) % sector;
    const distance = Math.min(offset, sector - offset) * d;
    if (distance < 0.028) return WHITE;
  }
  return BRAND;
}

function render(size, options) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = markColour((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (!colour) continue;
          r += colour[0]; g += colour[1]; b += colour[2]; a += 1;
        }
      }
      const i = (py * size + px) * 4;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((255 * a) / (samples * samples));
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, { fullBleed: false, markScale: 1.25 }],
  ['icon-512.png', 512, { fullBleed: false, markScale: 1.25 }],
  // Maskable: full bleed, and the mark inside the central safe circle (radius 40 %).
  ['icon-maskable-512.png', 512, { fullBleed: true, markScale: 1.0 }],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon.png', 180, { fullBleed: true, markScale: 1.15 }],
];
for (const [name, size, options] of icons) {
  writeFileSync(path.join(outDir, name), render(size, options));
  console.warn(`wrote public/icons/${name}`);
}
