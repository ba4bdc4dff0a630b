/**
 * The envelope of SPEC §7: every answer carries `success`; a failure carries `msg` and, for bad
 * input, `errors` keyed by field name with a list of messages per field.
 *
 * The contract is written with zod/mini: the same validation as zod, as tree-shakable functions,
 * so the browser bundles only the schemas a screen uses (the home route has a 110 KB budget).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../domain/lazy-schema';

export const fieldErrorsSchema = lazySchema(() => z.record(z.string(), z.array(z.string())));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const failureSchema = lazySchema(() => z.object({
  success: z.literal(false),
  msg: z.string(),
  errors: z.optional(fieldErrorsSchema),
}));
export type Failure = z.infer<typeof failureSchema>;

/** A success envelope: `{ success: true, ...fields }`. */
export function success<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}
