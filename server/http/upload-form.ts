/**
 * Reads a multipart form with files into memory under strict limits (never to disk), shared by the
 * modules that take uploads with a form (a return's photos, a warranty claim's photos and
 * invoice): text parts by name, and each file handed to `keep` as soon as it has arrived (which
 * re-encodes or checks it: photos.ts, attachment.ts), so at most one original is held at a time and
 * only the shop's copies are kept. Every limit is a 422 naming the field or file, never a bare 413.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { FieldErrors } from '../../src/contract/envelope';
import { formTextProblems } from '../../src/contract/text-rule';
import { invalid } from '../errors';
import { displayName, PhotoRefused } from './photos';

/** busboy's limits (the plugin's and the request's). */
export interface UploadLimits {
  fileSize: number;
  files: number;
  fieldSize: number;
  fields: number;
  parts: number;
  fieldNameSize: number;
  headerPairs: number;
}

export interface UploadFormOptions<T> {
  /** One file more than `maxFiles` is let through, so the first file too many is named in the answer. */
  limits: UploadLimits;
  maxFiles: number;
  maxBytes: number;
  /** The file's kept copy; throws PhotoRefused (its message naming the file) to refuse it. */
  keep(field: string, filename: string, bytes: Buffer): Promise<T>;
  messages: {
    notMultipart: string;
    unreadable: string;
    tooManyFields: string;
    tooManyFiles: string;
    fileTooMany(file: string): string;
    fileTooLarge(file: string): string;
    textTooLong: string;
  };
}

export interface ReceivedFile<T> {
  field: string;
  filename: string;
  kept: T;
}

export interface UploadForm<T> {
  /** Text parts by name (the first of each name). */
  fields: Record<string, string>;
  files: ReceivedFile<T>[];
  /** Files refused already (each message names its file) and texts too long, by field. */
  uploadProblems: FieldErrors;
}

/** `photos[]` and `photos` both answer the field `photos`. */
const fieldOf = (partName: string) => partName.replace(/\[\]$/, '');

export function addProblem(problems: FieldErrors, field: string, message: string): void {
  (problems[field] ??= []).push(message);
}

/** A form's whole-number text field ('12') as a number. */
export const wholeIdField = z.pipe(
  z.string().check(z.trim(), z.regex(/^\d{1,10}$/, 'Must be a whole number.')),
  z.transform((text: string) => Number(text)),
);

/** The form's ids read by `schema`, or invalid (422) naming each field that is not readable. */
export function formIds<S extends z.ZodMiniType>(schema: S, values: unknown): z.output<S> {
  const ids = schema.safeParse(values);
  if (ids.success) return ids.data;
  const errors: FieldErrors = {};
  for (const issue of ids.error.issues) addProblem(errors, String(issue.path[0] ?? 'form'), issue.message);
  throw invalid(errors);
}

/** The file's bytes, or null when it passed the size limit (busboy then skips the rest of it). */
export async function readUploadedFile(part: MultipartFile, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the limit only the count matters: the bytes are dropped as they arrive.
    if (size <= maxBytes) chunks.push(chunk);
  }
  return part.file.truncated || size > maxBytes ? null : Buffer.concat(chunks);
}

/** The request's form and files; throws invalid (422) for a body that is not a readable multipart form. */
export async function readUploadForm<T>(request: FastifyRequest, options: UploadFormOptions<T>): Promise<UploadForm<T>> {
  const { messages } = options;
  if (!request.isMultipart()) throw invalid({}, messages.notMultipart);
  const fields: Record<string, string> = {};
  const files: ReceivedFile<T>[] = [];
  const uploadProblems: FieldErrors = {};
  let count = 0;
  try {
    for await (const part of request.parts({ limits: options.limits }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (part.valueTruncated) addProblem(uploadProblems, part.fieldname, messages.textTooLong);
        else if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const field = fieldOf(part.fieldname);
      const file = displayName(part.filename);
      // A file input left empty sends a part with no name and no bytes: no file was chosen.
      if (part.filename === '') {
        await readUploadedFile(part, options.maxBytes);
        continue;
      }
      count += 1;
      if (count > options.maxFiles) throw invalid({ [field]: [messages.fileTooMany(file)] }, messages.fileTooMany(file));
      const bytes = await readUploadedFile(part, options.maxBytes);
      if (!bytes) {
        addProblem(uploadProblems, field, messages.fileTooLarge(file));
        continue;
      }
      try {
        files.push({ field, filename: file, kept: await options.keep(field, part.filename, bytes) });
      } catch (error) {
        if (!(error instanceof PhotoRefused)) throw error;
        addProblem(uploadProblems, field, error.message);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid({}, messages.tooManyFields);
    if (code === 'FST_FILES_LIMIT') throw invalid({}, messages.tooManyFiles);
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid({}, messages.unreadable);
    if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) throw invalid({}, messages.unreadable);
    throw error;
  }
  for (const [field, problems] of Object.entries(formTextProblems(fields) ?? {})) for (const message of problems) addProblem(uploadProblems, field, message);
  return { fields, files, uploadProblems };
}
