/**
 * Reads POST /returns/create's multipart body into memory under strict limits (never to disk):
 * text parts by name, and each photo re-encoded as soon as it has arrived (photos.ts), so at most
 * one original (10 MB) is held at a time and only the shop's copies are kept. Every limit is a
 * 422 naming the field or file, never a bare 413: at most 6 photos, 10 MB each, 50 fields of
 * 8 KB, 60 parts.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../../src/contract/envelope';
import { formTextProblems } from '../../../src/contract/text-rule';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX, RETURN_TEXTAREA_MAX_LENGTH } from '../../../src/domain/return-form';
import { invalid } from '../../errors';
import { displayName, PhotoRefused, reencodePhoto } from '../../http/photos';
import type { ReceivedPhoto, ReturnRequest } from './service';

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

/** `photos[]` and `photos` both answer the field `photos`. */
const fieldOf = (partName: string) => partName.replace(/\[\]$/, '');

function addProblem(problems: FieldErrors, field: string, message: string): void {
  (problems[field] ??= []).push(message);
}

/** The file's bytes, or null when it passed the size limit (busboy then skips the rest of it). */
async function readFile(part: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the limit only the count matters: the bytes are dropped as they arrive.
    if (size <= RETURN_PHOTO_MAX_BYTES) chunks.push(chunk);
  }
  return part.file.truncated || size > RETURN_PHOTO_MAX_BYTES ? null : Buffer.concat(chunks);
}

const MULTIPART_ERRORS: Record<string, () => string> = {
  FST_PARTS_LIMIT: () => t('return.too_many_fields'),
  FST_FIELDS_LIMIT: () => t('return.too_many_fields'),
  FST_FILES_LIMIT: () => t('return.photos_too_many', { max: RETURN_PHOTOS_MAX }),
};

/**
 * The request's form and photos (the plugin is registered with throwFileSizeLimit false: a file
 * over the limit is reported here by name); throws invalid (422) for a body that is not a readable multipart form. */
export async function readReturnRequest(request: FastifyRequest): Promise<ReturnRequest> {
  if (!request.isMultipart()) throw invalid({}, t('return.not_multipart'));
  const fields: Record<string, string> = {};
  const photos: ReceivedPhoto[] = [];
  const uploadProblems: FieldErrors = {};
  let files = 0;
  try {
    for await (const part of request.parts({ limits: RETURN_UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (part.valueTruncated) addProblem(uploadProblems, part.fieldname, t('return.too_long', { max: RETURN_TEXTAREA_MAX_LENGTH }));
        else if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const field = fieldOf(part.fieldname);
      const file = displayName(part.filename);
      // A file input left empty sends a part with no name and no bytes: no photo was chosen.
      if (part.filename === '') {
        await readFile(part);
        continue;
      }
      files += 1;
      if (files > RETURN_PHOTOS_MAX) throw invalid({ [field]: [t('return.photo_too_many', { max: RETURN_PHOTOS_MAX, file })] }, t('return.photo_too_many', { max: RETURN_PHOTOS_MAX, file }));
      const bytes = await readFile(part);
      if (!bytes) {
        addProblem(uploadProblems, field, t('return.photo_too_large', { file, max: RETURN_PHOTO_MAX_BYTES / 1024 / 1024 }));
        continue;
      }
      try {
        photos.push({ field, filename: file, photo: await reencodePhoto(part.filename, bytes) });
      } catch (error) {
        if (!(error instanceof PhotoRefused)) throw error;
        addProblem(uploadProblems, field, error.message);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid({}, (MULTIPART_ERRORS[code] ?? (() => t('return.form_unreadable')))());
    if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) throw invalid({}, t('return.form_unreadable'));
    throw error;
  }
  for (const [field, messages] of Object.entries(formTextProblems(fields) ?? {})) for (const message of messages) addProblem(uploadProblems, field, message);
  return { fields, photos, uploadProblems };
}
