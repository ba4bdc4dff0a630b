/**
 * Issue 31: what the reader is given. A frame of the camera (or a photo), cut to the guide, is
 * made black text on white: a yellow rear plate, a white front one, a label in shade or in
 * sunlight all reach the reader alike. The same function runs in
 * the browser (on a canvas's pixels) and in the image tests (on sharp's), so what is tested is
 * what the phone does.
 */

/** Pixels as a canvas holds them: RGBA, 4 bytes a pixel. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Luma of one pixel (ITU-R BT.601). */
const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Colour stronger than this (max − min of R, G, B) is never text: the plate's blue band, a logo. */
const COLOURED = 90;

/** Otsu's threshold of a 256-bin histogram: the grey that best splits text from ground. */
function otsu(histogram: Uint32Array, count: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * (histogram[v] ?? 0);
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    below += histogram[v] ?? 0;
    if (below === 0) continue;
    const above = count - below;
    if (above === 0) break;
    sumBelow += v * (histogram[v] ?? 0);
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/** The pixels of one side of the threshold that do not touch the edge, and how many. */
function textMask(grey: Uint8Array, width: number, height: number, side: (value: number) => boolean): { mask: Uint8Array; count: number } {
  const count = width * height;
  const mask = new Uint8Array(count);
  for (let i = 0; i < count; i++) mask[i] = side(grey[i] ?? 255) ? 1 : 0;
  const stack: number[] = [];
  const push = (i: number) => {
    if (mask[i]) {
      mask[i] = 0;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < count - width) push(i + width);
  }
  let left = 0;
  for (let i = 0; i < count; i++) left += mask[i] ?? 0;
  return { mask, count: left };
}

/**
 * On a plate every character is about as tall as the others: patches much lower than the
 * characters (specks, the band's 'UK'), solid blocks wider than a stroke (the band itself) and
 * hollow outlines (the band's edge) are not characters, and would be read as letters.
 */
function keepPlateCharacters(mask: Uint8Array, width: number, height: number): number {
  const count = width * height;
  const label = new Int32Array(count).fill(-1);
  const parts: { pixels: number[]; w: number; h: number }[] = [];
  for (let start = 0; start < count; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = parts.length;
    const pixels: number[] = [start];
    label[start] = id;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number;
      const x = i % width;
      const y = (i - x) / width;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1];
      for (const n of next) {
        if (n >= 0 && mask[n] && label[n] === -1) {
          label[n] = id;
          pixels.push(n);
        }
      }
    }
    parts.push({ pixels, w: maxX - minX + 1, h: maxY - minY + 1 });
  }
  const tall = parts.filter((part) => part.h >= height * 0.2).map((part) => part.h).sort((a, b) => a - b);
  const typical = tall[Math.floor(tall.length / 2)] ?? 0;
  const centres: [number, number][] = [];
  for (const part of parts) {
    const fill = part.pixels.length / (part.w * part.h);
    const character = part.h >= typical * 0.6 && part.h <= typical * 1.4 && fill >= 0.15 && !(fill > 0.8 && part.w > part.h * 0.3);
    if (!character) {
      for (const i of part.pixels) mask[i] = 0;
      continue;
    }
    let sx = 0;
    let sy = 0;
    for (const i of part.pixels) {
      sx += i % width;
      sy += Math.floor(i / width);
    }
    centres.push([sx / part.pixels.length, sy / part.pixels.length]);
  }
  return slopeOf(centres);
}

/** The slope of the line through the characters' centres (least squares), 0 for fewer than 3. */
function slopeOf(points: [number, number][]): number {
  if (points.length < 3) return 0;
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/** The mask turned by -atan(slope) about its centre, so the characters stand level. */
function level(mask: Uint8Array, width: number, height: number, slope: number): Uint8Array {
  const angle = Math.atan(slope);
  if (Math.abs(angle) < (1.5 * Math.PI) / 180) return mask;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The source of (x, y): turned back by the slope's angle.
      const sx = Math.round(cx + (x - cx) * cos - (y - cy) * sin);
      const sy = Math.round(cy + (x - cx) * sin + (y - cy) * cos);
      if (sx >= 0 && sx < width && sy >= 0 && sy < height) out[y * width + x] = mask[sy * width + sx] ?? 0;
    }
  }
  return out;
}

/**
 * Black text on white, nothing else: grey (strong colours count as ground), split by Otsu's
 * threshold, turned round when the ground is darker than the text (light characters on a dark
 * label), and every dark patch that touches the edge removed (the car's body or the bench around
 * the plate or label, the plate's border, a shadow's edge). Returns new pixels.
 */
export function prepareForReading(input: Pixels, { plate = false }: { plate?: boolean } = {}): Pixels {
  const { width, height, data } = input;
  const count = width * height;
  const grey = new Uint8Array(count);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < count; i++) {
    const r = data[i * 4] ?? 0;
    const g = data[i * 4 + 1] ?? 0;
    const b = data[i * 4 + 2] ?? 0;
    const coloured = Math.max(r, g, b) - Math.min(r, g, b) > COLOURED;
    const value = coloured ? 255 : Math.round(luma(r, g, b));
    grey[i] = value;
    histogram[value] = (histogram[value] ?? 0) + 1;
  }
  const threshold = otsu(histogram, count);
  // A plate's characters are always dark on a light ground. A label's may be either: its text
  // is whichever side of the threshold is left once the patches touching the edge are gone. Left
  // of the other side are the holes in the characters (few pixels) or, on a label smaller than
  // the frame, its ground (most of the picture): the text is the larger side that is not most of it.
  const darkText = textMask(grey, width, height, (value) => value <= threshold);
  const lightText = plate ? null : textMask(grey, width, height, (value) => value > threshold);
  const plausible = (side: { count: number }) => side.count >= count * 0.005 && side.count <= count * 0.45;
  let dark = lightText && plausible(lightText) && (!plausible(darkText) || lightText.count > darkText.count) ? lightText.mask : darkText.mask;
  if (plate) dark = level(dark, width, height, keepPlateCharacters(dark, width, height));
  const out = new Uint8ClampedArray(count * 4);
  for (let i = 0; i < count; i++) {
    const v = dark[i] ? 0 : 255;
    out[i * 4] = v;
    out[i * 4 + 1] = v;
    out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
  }
  return { data: out, width, height };
}

/** A plate is 520 × 111 mm: the guide's shape, width over height. */
export const PLATE_ASPECT = 520 / 111;

/** The width a plate's crop is scaled to before reading: characters some 60 px high. */
export const PLATE_READ_WIDTH = 400;

