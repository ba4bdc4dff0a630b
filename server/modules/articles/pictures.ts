/**
 * The blog's pictures (SPEC §9 news sizes: big 670x400, small 215x185, grid 440x260). The demo
 * shop has no photographs, so each article's picture is drawn from its own data, as the product
 * images are: an SVG of a workshop scene (a car's profile on a ramp, a wheel, a spanner) coloured
 * by the article's seed, with its category as a label, rasterised to WebP by sharp at the size
 * asked for. The same inputs always give the same bytes; the URL carries a hash of them, so
 * browsers keep a picture for a year and a changed one gets a new URL.
 */
import { createHash } from 'node:crypto';
import { loadSharp } from '../../http/sharp';
import { ARTICLE_IMAGE_SIZES, type ArticleImageSize } from '../../../src/contract/articles';

/** Bump when the drawing changes. */
const DRAWING_VERSION = 1;
const WEBP_QUALITY = 76;

export interface Picture {
  title: string;
  seed: number;
  category: string;
}

const PALETTES = [
  ['#0f3d5e', '#1f6f8b', '#f2a541'],
  ['#2d3142', '#4f5d75', '#ef8354'],
  ['#1b4332', '#2d6a4f', '#f4d35e'],
  ['#3d155f', '#6a2c70', '#f08a5d'],
  ['#22313f', '#34495e', '#e74c3c'],
  ['#264653', '#2a9d8f', '#e9c46a'],
  ['#403d39', '#5c5552', '#eb5e28'],
  ['#0b132b', '#1c2541', '#5bc0be'],
] as const;

export const pictureVersion = (picture: Picture) => createHash('sha256').update(JSON.stringify([DRAWING_VERSION, picture])).digest('hex').slice(0, 12);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The picture as SVG, drawn on a 670x400 canvas and scaled to the size (cropped to its shape). */
export function drawPicture({ seed, category }: Picture, width: number, height: number): string {
  const [dark, mid, accent] = PALETTES[Math.abs(seed) % PALETTES.length] ?? PALETTES[0];
  const shift = (seed % 7) * 18;
  const tilt = ((seed % 5) - 2) * 3;
  const label = escapeXml(category.toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 670 400" preserveAspectRatio="xMidYMid slice">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="670" height="400" fill="url(#sky)"/>
  <g opacity="0.15" fill="#fff">${Array.from({ length: 6 }, (_, i) => `<rect x="${(i * 120 + shift) % 670}" y="40" width="70" height="150" rx="6"/>`).join('')}</g>
  <rect x="0" y="300" width="670" height="100" fill="${dark}"/>
  <rect x="${150 + shift / 2}" y="285" width="330" height="14" fill="${accent}" opacity="0.85"/>
  <g transform="translate(${160 + shift / 2} 170) rotate(${tilt} 160 60)">
    <path d="M10 100 L40 60 Q70 20 130 18 L210 18 Q255 20 285 60 L315 72 Q330 78 330 100 L330 112 L10 112 Z" fill="#f5f5f5" opacity="0.92"/>
    <path d="M70 60 Q95 30 135 30 L200 30 Q235 32 258 60 Z" fill="${mid}" opacity="0.9"/>
    <circle cx="80" cy="112" r="30" fill="#1a1a1a"/><circle cx="80" cy="112" r="13" fill="#bbb"/>
    <circle cx="260" cy="112" r="30" fill="#1a1a1a"/><circle cx="260" cy="112" r="13" fill="#bbb"/>
  </g>
  <g transform="translate(560 90) rotate(${35 + tilt * 4})" fill="${accent}">
    <rect x="-8" y="0" width="16" height="120" rx="6"/>
    <path d="M-26 -10 a26 26 0 1 1 52 0 l-14 0 l0 -18 l-24 0 l0 18 Z"/>
  </g>
  <rect x="24" y="24" width="${Math.min(600, 24 + label.length * 13)}" height="38" rx="4" fill="${accent}"/>
  <text x="36" y="50" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="${dark}">${label}</text>
</svg>`;
}

/** The picture at one of SPEC §9's sizes, as WebP. */
export async function renderPicture(picture: Picture, size: ArticleImageSize): Promise<Buffer> {
  const { width, height } = ARTICLE_IMAGE_SIZES[size];
  const sharp = await loadSharp();
  return sharp(Buffer.from(drawPicture(picture, width, height)))
    .resize(width, height, { fit: 'cover' })
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .toBuffer();
}

/** The URL of an article's picture at `size`. */
export const pictureUrl = (slug: string, picture: Picture, size: ArticleImageSize) => `/blog-images/${slug}/${size}.webp?v=${pictureVersion(picture)}`;

/** The URL of an uploaded picture at `size`: its version is a hash of the encoded files. */
export const uploadedPictureUrl = (slug: string, version: string, size: ArticleImageSize) => `/blog-images/${slug}/${size}.webp?v=${version}`;

/**
 * An uploaded picture (already checked and re-encoded upright) at each of the blog's sizes, as
 * the drawn ones are: WebP, cropped to fill the size from its centre. The version is a hash of the
 * three files, so the same upload gives the same URL and a new one a new URL.
 */
export async function encodeUploadedPicture(upright: Buffer): Promise<{ version: string; big: Buffer; small: Buffer; grid: Buffer }> {
  const sharp = await loadSharp();
  const encode = (size: ArticleImageSize) => {
    const { width, height } = ARTICLE_IMAGE_SIZES[size];
    return sharp(upright).resize(width, height, { fit: 'cover' }).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
  };
  const [big, small, grid] = await Promise.all([encode('big'), encode('small'), encode('grid')]);
  const version = createHash('sha256').update(big).update(small).update(grid).digest('hex').slice(0, 12);
  return { version, big, small, grid };
}
