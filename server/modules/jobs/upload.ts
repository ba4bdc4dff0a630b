/**
 * Reads POST /jobs/apply/{id}.json's multipart body into memory under strict limits (never to
 * disk): the text parts by name and the one CV. Every limit is a 422 naming the field, never a
 * bare 413: a CV over 5 MB is read to its end and dropped as it arrives.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CV_MAX_BYTES, JOB_APPLICATION_FIELDS, JOB_APPLICATION_LIMITS } from '../../../src/contract/jobs';
import type { FieldErrors } from '../../../src/contract/envelope';
import { formTextProblems } from '../../../src/contract/text-rule';
import { invalid } from '../../errors';

export const JOB_UPLOAD_LIMITS = {
  fileSize: CV_MAX_BYTES,
  files: 2,
  // The message's characters, at up to 4 bytes each in UTF-8.
  fieldSize: JOB_APPLICATION_LIMITS.message * 4,
  fields: 10,
  parts: 12,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

export const APPLICATION_MESSAGES = {
  notMultipart: 'Please send the application as a form with your CV attached.',
  unreadable: 'The application could not be read. Please try again.',
  cvMissing: 'Please attach your CV.',
  cvType: 'Your CV must be a PDF or Word document.',
  cvUnreadable: 'Your CV could not be read: it starts like a PDF or Word document but is not one. Please save it again as a PDF or Word document and attach that.',
  cvTooLarge: `Your CV must be ${CV_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  oneCv: 'Please attach one CV.',
  tooLong: 'This is too long.',
} as const;

export interface ReceivedCv {
  filename: string;
  bytes: Buffer;
}

export interface ReceivedApplication {
  fields: Record<string, string>;
  cv: ReceivedCv | null;
  /** Problems found while reading (a CV too large, a second file), by field. */
  problems: FieldErrors;
}

async function readFile(part: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= CV_MAX_BYTES) chunks.push(chunk);
  }
  return part.file.truncated || size > CV_MAX_BYTES ? null : Buffer.concat(chunks);
}

export async function readApplication(request: FastifyRequest): Promise<ReceivedApplication> {
  if (!request.isMultipart()) throw invalid({ [JOB_APPLICATION_FIELDS.cv]: [APPLICATION_MESSAGES.notMultipart] }, APPLICATION_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  const problems: FieldErrors = {};
  let cv: ReceivedCv | null = null;
  let files = 0;
  try {
    for await (const part of request.parts({ limits: JOB_UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (part.valueTruncated) (problems[part.fieldname] ??= []).push(APPLICATION_MESSAGES.tooLong);
        else if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // An empty file input sends a part with no name and no bytes: no CV was chosen.
      if (part.filename === '') {
        await readFile(part);
        continue;
      }
      files += 1;
      const bytes = await readFile(part);
      if (part.fieldname !== JOB_APPLICATION_FIELDS.cv || files > 1) {
        (problems[JOB_APPLICATION_FIELDS.cv] ??= []).push(APPLICATION_MESSAGES.oneCv);
        continue;
      }
      if (!bytes) {
        (problems[JOB_APPLICATION_FIELDS.cv] ??= []).push(APPLICATION_MESSAGES.cvTooLarge);
        continue;
      }
      cv = { filename: part.filename, bytes };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw invalid({ [JOB_APPLICATION_FIELDS.cv]: [APPLICATION_MESSAGES.oneCv] });
    if ((typeof code === 'string' && code.startsWith('FST_')) || (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message))) {
      throw invalid({}, APPLICATION_MESSAGES.unreadable);
    }
    throw error;
  }
  for (const [field, messages] of Object.entries(formTextProblems(fields) ?? {})) (problems[field] ??= []).push(...messages);
  return { fields, cv, problems };
}
