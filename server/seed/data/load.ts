/**
 * Reference data files (the *.json beside this module): read and checked with zod when the module
 * that owns one loads, so a wrong value fails at once with the file and the field it is
 * in. The folder is found from this module's own URL, which the compiled server keeps pointing
 * here (scripts/build-server.mjs), so the sources and dist/node read the same files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as z from 'zod';

export const REFERENCE_DATA_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The file's contents as `schema` reads them; throws naming the file, and each wrong field. */
export function readReferenceData<S extends z.ZodType>(file: string, schema: S, folder: string = REFERENCE_DATA_DIR): z.output<S> {
  const where = path.join(folder, file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(where, 'utf8'));
  } catch (error) {
    throw new Error(`reference data ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = schema.safeParse(parsed);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(the whole file)'}: ${issue.message}`);
  throw new Error(`reference data ${where}: ${problems.join('; ')}`);
}

