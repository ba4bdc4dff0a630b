/**
 * The envelope of SPEC §7: every answer carries `success`; a failure carries `msg` and, for bad
 * input, `errors` keyed by field name with a list of messages per field.
 */
import { z } from 'zod';

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const failureSchema = z.object({
  success: z.literal(false),
  msg: z.string(),
  errors: fieldErrorsSchema.optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A success envelope: `{ success: true, ...fields }`. */
export function success<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}
