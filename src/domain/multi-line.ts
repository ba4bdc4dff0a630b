/**
 * Marks the request text fields that may hold line breaks and tabs (a message, a description, an
 * article's body). Every other text field of a request is one line: the shared text rule
 * (src/contract/text-rule.ts) refuses control characters in every field, and tabs and line breaks in all but
 * the fields marked here. Kept apart from the rule so a screen's schemas carry no more than a
 * WeakSet.
 */
import type * as z from 'zod/v4/core';

const marked = new WeakSet<z.$ZodType>();

/** `schema` (and every text below it) may span several lines. */
export function multiLine<T extends z.$ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

/** Whether `schema`, or the schema it was derived from by `.check()`, is marked multi-line. */
export function isMultiLine(schema: z.$ZodType): boolean {
  for (let each: z.$ZodType | undefined = schema; each; each = each._zod.parent) if (marked.has(each)) return true;
  return false;
}
