/**
 * Reads POST /warranty-claims' multipart body (server/http/upload-form.ts): the photos re-encoded
 * as returns' photos are (photos.ts), and the invoice kept as a PDF only once pdf.js opens it
 * (attachment.ts; a file that only starts like a PDF is refused) or, when it is a photo,
 * re-encoded as one. At most 6 photos and the invoice, 10 MB each.
 */
import type { FastifyRequest } from 'fastify';
import { CLAIM_FILE_MAX_BYTES, CLAIM_KEYS, CLAIM_PHOTOS_MAX, CLAIM_TEXT_MAX_LENGTH, CLAIM_TEXTS } from '../../../src/domain/warranty-claims';
import { isPdf } from '../../http/attachment';
import { PhotoRefused, reencodePhoto } from '../../http/photos';
import { readUploadForm, type UploadForm } from '../../http/upload-form';

/** A claim's file as the shop keeps it. */
export interface StoredClaimFile {
  contentType: string;
  data: Buffer;
}

const MAX_FILES = CLAIM_PHOTOS_MAX + 1;

export const CLAIM_UPLOAD_LIMITS = {
  fileSize: CLAIM_FILE_MAX_BYTES,
  files: MAX_FILES + 1,
  fieldSize: CLAIM_TEXT_MAX_LENGTH * 4,
  fields: 50,
  parts: 60,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

async function keep(field: string, filename: string, bytes: Buffer): Promise<StoredClaimFile> {
  if (field === CLAIM_KEYS.invoice && bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!(await isPdf(bytes))) throw new PhotoRefused(CLAIM_TEXTS.invoiceNotPdf(filename));
    return { contentType: 'application/pdf', data: bytes };
  }
  const photo = await reencodePhoto(filename, bytes);
  return { contentType: photo.contentType, data: photo.data };
}

export function readClaimRequest(request: FastifyRequest): Promise<UploadForm<StoredClaimFile>> {
  return readUploadForm(request, {
    limits: CLAIM_UPLOAD_LIMITS,
    maxFiles: MAX_FILES,
    maxBytes: CLAIM_FILE_MAX_BYTES,
    keep,
    messages: {
      notMultipart: 'Please send the claim as a form with its photos and invoice (multipart/form-data).',
      unreadable: 'The form could not be read. Please try again.',
      tooManyFields: 'The form has too many fields.',
      tooManyFiles: `At most ${CLAIM_PHOTOS_MAX} photos and the invoice can be sent with a claim.`,
      fileTooMany: (file) => CLAIM_TEXTS.photoTooMany(file),
      fileTooLarge: (file) => `${file} is larger than ${CLAIM_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      textTooLong: CLAIM_TEXTS.tooLong(CLAIM_TEXT_MAX_LENGTH),
    },
  });
}
