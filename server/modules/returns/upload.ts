/**
 * Reads POST /returns/create's multipart body into memory under strict limits (never to disk):
 * text parts by name, and each photo re-encoded as soon as it has arrived (photos.ts), so at most
 * one original (10 MB) is held at a time and only the shop's copies are kept. Every limit is a
 * 422 naming the field or file, never a bare 413: at most 6 photos, 10 MB each, 50 fields of
 * 8 KB, 60 parts.
 */
import type { FastifyRequest } from 'fastify';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX, RETURN_TEXTAREA_MAX_LENGTH } from '../../../src/domain/return-form';
import { reencodePhoto } from '../../http/photos';
import { readUploadForm } from '../../http/upload-form';
import type { ReturnRequest } from './service';

/**
 * busboy's limits. One file more than the photos allowed is let through, so the first file too
 * many is named in the answer rather than met by the parser's anonymous limit error.
 */
export const RETURN_UPLOAD_LIMITS = {
  fileSize: RETURN_PHOTO_MAX_BYTES,
  files: RETURN_PHOTOS_MAX + 1,
  // A textarea's 2000 characters, at up to 4 bytes each in UTF-8.
  fieldSize: RETURN_TEXTAREA_MAX_LENGTH * 4,
  fields: 50,
  parts: 60,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

/**
 * The request's form and photos (the plugin is registered with throwFileSizeLimit false: a file
 * over the limit is reported here by name); throws invalid (422) for a body that is not a readable multipart form. */
export async function readReturnRequest(request: FastifyRequest): Promise<ReturnRequest> {
  const form = await readUploadForm(request, {
    limits: RETURN_UPLOAD_LIMITS,
    maxFiles: RETURN_PHOTOS_MAX,
    maxBytes: RETURN_PHOTO_MAX_BYTES,
    keep: (_field, filename, bytes) => reencodePhoto(filename, bytes),
    messages: {
      notMultipart: t('return.not_multipart'),
      unreadable: t('return.form_unreadable'),
      tooManyFields: t('return.too_many_fields'),
      tooManyFiles: t('return.photos_too_many', { max: RETURN_PHOTOS_MAX }),
      fileTooMany: (file) => t('return.photo_too_many', { max: RETURN_PHOTOS_MAX, file }),
      fileTooLarge: (file) => t('return.photo_too_large', { file, max: RETURN_PHOTO_MAX_BYTES / 1024 / 1024 }),
      textTooLong: t('return.too_long', { max: RETURN_TEXTAREA_MAX_LENGTH }),
    },
  });
  return { fields: form.fields, photos: form.files.map(({ field, filename, kept }) => ({ field, filename, photo: kept })), uploadProblems: form.uploadProblems };
}
