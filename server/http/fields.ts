import type * as z from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { FieldErrors } from '../../src/contract/envelope';
import { invalid, invalidField } from '../errors';

/**
 * Checks input against a form's rules (src/domain); when they fail, throws the invalid error naming
 * each field, in the order the schema lists the fields.
 */
export function parseFields<S extends z.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    // A nested problem ('part.ID') belongs to the field the form shows ('part').
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'request';
    (errors[field] ??= []).push(issue.message);
  }
  throw invalid(errors);
}

/** The 422 envelope for one field the server found wrong after the form's own rules passed. */
export const fieldError = invalidField;
