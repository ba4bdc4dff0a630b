/**
 * An article's picture as staff upload it: one file part `picture`, read into memory under limits
 * (never to disk), then checked and re-encoded by the shop's upload rules (type by the bytes, not
 * the name or declared type; a pixel limit; turned upright; no metadata kept). Every problem is a
 * 422 under `picture`.
 */
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ARTICLE_PICTURE_MAX_BYTES } from '../../../../src/contract/admin-content';
import { readUploadedFile } from '../../../http/upload-form';
import { invalid } from '../../../errors';
import { displayName, PhotoRefused, reencodePhoto } from '../../../http/photos';

export const PICTURE_UPLOAD_LIMITS = {
  fileSize: ARTICLE_PICTURE_MAX_BYTES,
  files: 2,
  fields: 5,
  parts: 8,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

const refused = (message: string) => invalid({ picture: [message] }, message);

/** The uploaded picture, checked and upright (JPEG); throws invalid (422) under `picture`. */
export async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refused('Send the picture as multipart/form-data.');
  let picture: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: PICTURE_UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') continue;
      const bytes = await readUploadedFile(part, ARTICLE_PICTURE_MAX_BYTES);
      if (part.fieldname !== 'picture' || part.filename === '') continue;
      if (picture) throw refused('Choose one picture.');
      const file = displayName(part.filename);
      if (!bytes) throw refused(`${file} is larger than ${ARTICLE_PICTURE_MAX_BYTES / 1024 / 1024} MB.`);
      try {
        picture = (await reencodePhoto(part.filename, bytes)).data;
      } catch (error) {
        if (error instanceof PhotoRefused) throw refused(error.message);
        throw error;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw refused(`Choose one picture of at most ${ARTICLE_PICTURE_MAX_BYTES / 1024 / 1024} MB.`);
    if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) throw refused('The upload could not be read: try again.');
    throw error;
  }
  if (!picture) throw refused('Choose a picture.');
  return picture;
}
