/**
 * Every uploaded photo (a return's, a part's, an article's picture; issue 15 'Uploads'), shared
 * by the modules that take uploads: the type is read from the bytes, never from the file's
 * name or the type the browser declared; every photo is decoded by sharp under a pixel limit and
 * re-encoded (turned upright by its EXIF orientation, at most 2000 px a side, JPEG), and only that
 * copy is kept. sharp writes no metadata unless asked (withMetadata/withExif are never called), so
 * EXIF, GPS, XMP and ICC data go. A PNG or WebP with bytes after the image's end (a polyglot
 * carrying a script after IEND) is refused; a JPEG's trailing bytes are dropped by the re-encode.
 */
import { loadSharp } from './sharp';
import { t } from '../../src/domain/messages';
import '../../src/domain/messages-more';
import { RETURN_PHOTO_MAX_BYTES } from '../../src/domain/return-form';

/** Decoding larger images costs too much memory: a 20,000 × 20,000 image is refused unread. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The stored copy's longest side. */
export const PHOTO_MAX_SIDE = 2000;
const JPEG_QUALITY = 82;

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** A photo as the shop keeps it. */
export interface StoredPhoto {
  contentType: 'image/jpeg';
  width: number;
  height: number;
  data: Buffer;
}

/** Why a file is refused, as a message naming it. */
export class PhotoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoRefused';
  }
}

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) => bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => (bytes.length >= end ? bytes.subarray(start, end).toString('latin1') : '');

/** ISO-BMFF brands of HEIF images (HEIC from phones, and HEIF sequences). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** What the first bytes say the file is: one of the accepted formats, 'heic', or null. */
export function sniffPhotoFormat(bytes: Buffer): PhotoFormat | 'heic' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  return null;
}

/**
 * Where the image ends by its own structure, for the formats whose end is certain: a PNG at the
 * end of its IEND chunk, a WebP at the end of its RIFF container. Null when the structure runs
 * past the file (sharp then refuses it as damaged). JPEG is left out on purpose: phones append
 * further pictures after the first image's end (MPF: depth maps, gain maps), which the re-encode
 * drops with anything else there.
 */
export function imageEnd(bytes: Buffer, format: PhotoFormat): number | null {
  if (format === 'webp') {
    const size = bytes.readUInt32LE(4);
    // The RIFF size counts from byte 8; a chunk of odd length is padded to an even one.
    const end = 8 + size + (size % 2);
    return end <= bytes.length ? end : null;
  }
  if (format === 'png') {
    let offset = 8;
    while (offset + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
      offset += 12 + length;
      if (type === 'IEND') return offset <= bytes.length ? offset : null;
    }
    return null;
  }
  return bytes.length;
}

/** A file's name fit to be quoted in a message: no control characters, not too long. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = clean === '' ? 'A photo' : clean;
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/**
 * The shop's copy of an uploaded photo, or PhotoRefused naming the file: not JPEG, PNG or WebP
 * by its bytes (HEIC told apart), too large, data after a PNG's or WebP's end, over {@link PHOTO_MAX_PIXELS}, or not decodable
 * (sharp fails on any decoding warning, so a truncated or damaged file is refused, not half-kept).
 */
export async function reencodePhoto(filename: string, bytes: Buffer): Promise<StoredPhoto> {
  const file = displayName(filename);
  if (bytes.length === 0) throw new PhotoRefused(t('return.photo_empty', { file }));
  if (bytes.length > RETURN_PHOTO_MAX_BYTES) throw new PhotoRefused(t('return.photo_too_large', { file, max: RETURN_PHOTO_MAX_BYTES / 1024 / 1024 }));
  const format = sniffPhotoFormat(bytes);
  if (format === 'heic') throw new PhotoRefused(t('return.photo_heic', { file }));
  if (format === null) throw new PhotoRefused(t('return.photo_not_image', { file }));
  // A PNG or WebP carrying something after its end (a script in a polyglot file) is not only an
  // image: refused, though the re-encode would drop it anyway.
  const end = imageEnd(bytes, format);
  if (end !== null && end < bytes.length) throw new PhotoRefused(t('return.photo_trailing_data', { file }));
  const tooManyPixels = () => new PhotoRefused(t('return.photo_too_many_pixels', { file, max: PHOTO_MAX_PIXELS / 1_000_000 }));
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' } as const;
  // Loaded before the try: a sharp that cannot load is the server's fault, not a damaged photo.
  const sharp = await loadSharp();
  try {
    // The header first: its dimensions refuse a huge image before any pixel is decoded, and its
    // format must be the one the bytes began with (sharp reads the signature the same way).
    const header = await sharp(bytes, options).metadata();
    if (header.format !== format) throw new PhotoRefused(t('return.photo_not_image', { file }));
    if ((header.width ?? 0) * (header.height ?? 0) > PHOTO_MAX_PIXELS) throw tooManyPixels();
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // A transparent PNG or WebP on white, as it looks on the page; JPEG has no transparency.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', width: info.width, height: info.height, data };
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new PhotoRefused(t('return.photo_damaged', { file }));
  }
}
