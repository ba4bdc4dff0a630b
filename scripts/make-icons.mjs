// Writes the PWA icons in public/icons/ from the brand mark (the wheel of public/favicon.svg: a
// white tyre and spokes with an amber hub, on the brand blue), drawn as SVG and rendered by sharp.
// Run `node scripts/make-icons.mjs` after changing the mark; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const outDir = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = '#0b5075';
const AMBER = '#f5a623';

/** The wheel in a 64-unit box, centred, `scale` times its favicon size. */
function wheel(scale) {
  const spokes = [0, 72, 144, 216, 288].map((angle) => `<path d="M32 32V14" transform="rotate(${angle} 32 32)"/>`).join('');
  return `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <circle cx="32" cy="32" r="21.5" fill="none" stroke="#fff" stroke-width="8"/>
    <g stroke="#fff" stroke-width="4.5">${spokes}</g>
    <circle cx="32" cy="32" r="8" fill="${AMBER}"/>
  </g>`;
}

/**
 * `rounded`: the icon's own rounded square ('any' icons; the rest is transparent). Otherwise full
 * bleed, for maskable icons (the launcher cuts its own shape; the mark stays inside the central
 * safe circle of radius 40 %, 25.6 units: the wheel reaches 25.5 at scale 1) and iOS, which
 * rounds the corners itself and shows transparency as black.
 */
function iconSvg({ rounded, scale, glyph = wheel(scale) }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="${rounded ? 11.5 : 0}" fill="${BRAND}"/>${glyph}</svg>`;
}

// Shortcut icons: the two jobs the home screen's long press offers.
const SEARCH = `<g fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round">
  <circle cx="28" cy="28" r="12"/><path d="M37 37l11 11"/></g>`;
const ORDERS = `<g fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">
  <rect x="17" y="14" width="30" height="38" rx="3"/><path d="M24 25h16M24 33h16M24 41h10"/></g>
  <circle cx="44" cy="46" r="7" fill="${AMBER}"/>`;

const icons = [
  ['icon-192.png', 192, { rounded: true, scale: 1 }],
  ['icon-512.png', 512, { rounded: true, scale: 1 }],
  ['icon-maskable-192.png', 192, { rounded: false, scale: 0.8 }],
  ['icon-maskable-512.png', 512, { rounded: false, scale: 0.8 }],
  ['apple-touch-icon.png', 180, { rounded: false, scale: 0.92 }],
  ['shortcut-search-96.png', 96, { rounded: true, glyph: SEARCH }],
  ['shortcut-orders-96.png', 96, { rounded: true, glyph: ORDERS }],
];

mkdirSync(outDir, { recursive: true });
for (const [name, size, options] of icons) {
  await sharp(Buffer.from(iconSvg(options)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(path.join(outDir, name));
  console.warn(`wrote public/icons/${name}`);
}
