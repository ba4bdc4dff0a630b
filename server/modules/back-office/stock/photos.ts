/**
 * A part's photos as staff upload them: read from the multipart body under limits (never to
 * disk), checked and re-encoded by the returns' upload rules (type by the bytes, 40 megapixels at
 * most, turned upright, no metadata kept), then encoded once into every size of SPEC §9 as WebP
 * and JPEG, the whole photo on white (a part is never cropped), which /thumbs serves as it
 * serves a seeded picture.
 */
import { createHash } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { loadSharp } from '../../../http/sharp';
import { PART_PHOTO_MAX_BYTES, PART_PHOTOS_MAX } from '../../../../src/contract/admin-stock';
import { THUMB_SIZE_NAMES, THUMB_SIZES } from '../../../../src/domain/thumbs';
import type { PhotoFormat } from '../../../db/schema';
import { invalid } from '../../../errors';
import { displayName, PhotoRefused, reencodePhoto } from '../../../http/photos';

export const PHOTO_UPLOAD_LIMITS = {
  fileSize: PART_PHOTO_MAX_BYTES,
  files: PART_PHOTOS_MAX + 1,
  fields: 10,
  parts: PART_PHOTOS_MAX + 11,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

export interface EncodedPhoto {
  filename: string;
  /** A seed for the image row that stands for this file: a different photo, a different URL. */
  seed: number;
  files: { size: string; format: PhotoFormat; data: Buffer }[];
}

async function readFile(part: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= PART_PHOTO_MAX_BYTES) chunks.push(chunk);
  }
  return part.file.truncated || size > PART_PHOTO_MAX_BYTES ? null : Buffer.concat(chunks);
}

/** Every size of SPEC §9 in both formats, from the checked, upright copy. */
export async function encodeSizes(upright: Buffer): Promise<EncodedPhoto['files']> {
  const files: EncodedPhoto['files'] = [];
  const sharp = await loadSharp();
  for (const size of THUMB_SIZE_NAMES) {
    const { width, height } = THUMB_SIZES[size];
    const fitted = sharp(upright).resize(width, height, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' });
    files.push({ size, format: 'webp', data: await fitted.clone().webp({ quality: 80, effort: 4 }).toBuffer() });
    files.push({ size, format: 'jpeg', data: await fitted.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer() });
  }
  return files;
}

/**
 * The photos of the request, each checked and encoded; throws invalid (422) under `photos`
 * naming every file refused, so nothing is kept unless every photo is good.
 */
export async function readPhotos(request: FastifyRequest, room: number): Promise<EncodedPhoto[]> {
  if (!request.isMultipart()) throw invalid({ photos: ['Send the photos as multipart/form-data.'] }, 'Choose the photos to upload.');
  const photos: EncodedPhoto[] = [];
  const problems: string[] = [];
  try {
    for await (const part of request.parts({ limits: PHOTO_UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') continue;
      const file = displayName(part.filename);
      if (part.filename === '') {
        await readFile(part);
        continue;
      }
      const bytes = await readFile(part);
      if (photos.length + problems.length >= room) {
        problems.push(`A part has at most ${PART_PHOTOS_MAX} photos; ${file} is one too many.`);
        continue;
      }
      if (!bytes) {
        problems.push(`${file} is larger than ${PART_PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
        continue;
      }
      try {
        const upright = await reencodePhoto(part.filename, bytes);
        const seed = -(createHash('sha256').update(upright.data).digest().readUInt32BE(0) & 0x7fffffff) - 1;
        photos.push({ filename: file, seed, files: await encodeSizes(upright.data) });
      } catch (error) {
        if (!(error instanceof PhotoRefused)) throw error;
        problems.push(error.message);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid({ photos: [`At most ${PART_PHOTOS_MAX} photos at once, ${PART_PHOTO_MAX_BYTES / 1024 / 1024} MB each.`] }, 'The photos could not be read.');
    if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) throw invalid({ photos: ['The upload could not be read: try again.'] }, 'The photos could not be read.');
    throw error;
  }
  if (problems.length > 0) throw invalid({ photos: problems }, problems[0]);
  if (photos.length === 0) throw invalid({ photos: ['Choose at least one photo.'] }, 'Choose at least one photo.');
  return photos;
}
