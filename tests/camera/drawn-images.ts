/**
 * Issue 31's test pictures, drawn when the tests run: UK number plates (the plate's shape and
 * colours, its characters in a bold condensed sans like the plate font, the GB band) seen at
 * several sizes, blurs, angles and lights; barcode labels drawn by bwip-js; and the .y4m video a
 * fake camera plays in Chromium.
 */
import sharp from 'sharp';
// Its Node entry by name: TypeScript's bundler resolution takes no 'node' export condition.
import bwipjs from 'bwip-js/node';

export interface PlateLook {
  /** Width of the plate in pixels. */
  width: number;
  /** Gaussian blur sigma, 0 for none. */
  blur?: number;
  /** Degrees the plate is turned. */
  angle?: number;
  /** Light: 1 as drawn, below 1 darker, above 1 brighter. */
  light?: number;
  /** Contrast: 1 as drawn, below 1 flatter. */
  contrast?: number;
  /** A shadow across the left half. */
  shadow?: boolean;
  /** Rear (yellow) or front (white) plate. */
  rear?: boolean;
}

const escape = (s: string) => s.replace(/[<>&]/g, '');

/** The plate as SVG, 520 × 111 units as the real one in millimetres. */
export function plateSvg(display: string, rear = true): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="111" viewBox="0 0 520 111">
  <rect x="1" y="1" width="518" height="109" rx="8" fill="${rear ? '#f7d117' : '#f4f4f0'}" stroke="#222" stroke-width="2"/>
  <rect x="4" y="4" width="44" height="103" rx="5" fill="#123e9c"/>
  <text x="26" y="96" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#fff" text-anchor="middle">UK</text>
  <text x="62" y="84" font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold" font-size="76" fill="#111">${escape(display)}</text>
</svg>`;
}

/** The plate drawn as a camera would see it inside the guide: a PNG with a little of the car around it. */
export async function drawPlate(display: string, look: PlateLook): Promise<Buffer> {
  const height = Math.round((look.width * 111) / 520);
  let image = sharp(Buffer.from(plateSvg(display, look.rear ?? true)), { density: Math.max(72, (72 * look.width) / 520) })
    .resize(look.width, height)
    .flatten({ background: '#3a3f44' });
  let buffer = await image.png().toBuffer();
  if (look.shadow) {
    const shade = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${look.width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`);
    buffer = await sharp(buffer).composite([{ input: shade }]).png().toBuffer();
  }
  image = sharp(buffer);
  if (look.angle) image = image.rotate(look.angle, { background: '#3a3f44' });
  // The crop of the guide: a margin of car body around the plate.
  const margin = Math.round(look.width * 0.06);
  image = sharp(await image.png().toBuffer()).extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#3a3f44' });
  if (look.blur) image = sharp(await image.png().toBuffer()).blur(look.blur);
  const light = look.light ?? 1;
  const contrast = look.contrast ?? 1;
  if (light !== 1 || contrast !== 1) image = sharp(await image.png().toBuffer()).linear(light * contrast, (1 - contrast) * 128 * light);
  return image.png().toBuffer();
}

/** A part's label with a barcode of `value` under the maker's name, as a PNG. */
export async function drawBarcodeLabel(value: string, symbology: 'code128' | 'code39' | 'datamatrix' | 'qrcode', scale = 3): Promise<Buffer> {
  const code = await bwipjs.toBuffer({ bcid: symbology, text: value, scale, includetext: false, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
  const meta = await sharp(code).metadata();
  const width = (meta.width ?? 200) + 40;
  const height = (meta.height ?? 100) + 80;
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40"><text x="20" y="28" font-family="DejaVu Sans" font-weight="bold" font-size="20">GENUINE PART</text></svg>`), top: 0, left: 0 },
      { input: code, top: 50, left: 20 },
    ])
    .png()
    .toBuffer();
}

/** A printed label: lines of text, black on white, as a PNG. */
export function drawLabel(lines: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="${40 + lines.length * 56}">
  <rect width="100%" height="100%" fill="#fbfbf6"/>
  ${lines.map((line, i) => `<text x="24" y="${64 + i * 56}" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="#151515">${escape(line)}</text>`).join('')}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** RGBA pixels of a PNG, as a canvas's ImageData holds them. */
export async function pixelsOf(png: Buffer): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Pixels back to a PNG (what the browser's canvas.toBlob gives the reader). */
export function pngOf(pixels: { data: Uint8ClampedArray; width: number; height: number }): Promise<Buffer> {
  return sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length), { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The picture in the middle of a `width` × `height` frame of dark ground, unscaled (it must fit). */
export async function framed(png: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  return sharp(png)
    .extend({ left, right: width - w - left, top, bottom: height - h - top, background: '#3a3f44' })
    .png()
    .toBuffer();
}

/**
 * A still picture as a .y4m video (YUV 4:2:0, `frames` identical frames) for Chromium's
 * --use-file-for-fake-video-capture: the fake camera plays it in a loop.
 */
export async function y4mOf(png: Buffer, width: number, height: number, frames = 2): Promise<Buffer> {
  const { data } = await sharp(png).resize(width, height, { fit: 'contain', background: '#3a3f44' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const frame = Buffer.alloc(ySize + 2 * cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      frame[y * width + x] = Math.max(0, Math.min(255, Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16)));
    }
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = (y * 2 * width + x * 2) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      frame[ySize + y * cw + x] = Math.max(0, Math.min(255, Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128)));
      frame[ySize + cw * ch + y * cw + x] = Math.max(0, Math.min(255, Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128)));
    }
  }
  const parts = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  return Buffer.concat(parts);
}
