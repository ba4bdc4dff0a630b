import type * as z from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { FieldErrors } from '../../../src/contract/envelope';
import { invalid } from '../../errors';

/**
 * Like server/http/fields.ts parseFields, for a form with nested groups: each error is keyed by
 * its whole path as react-hook-form names the field ('member_address.postcode'), so the page can
 * put every message under its own input.
 */
export function parseFormFields<S extends z.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'request';
    (errors[field] ??= []).push(issue.message);
  }
  throw invalid(errors);
}
