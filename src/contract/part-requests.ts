/**
 * Part requests (SPEC §7): the shop's form for a part that is not in stock.
 *
 * The body schema here is the shape only. The rules of SPEC §5, in order and with the catalogue's
 * messages, are src/domain/part-request-form.ts: the form's resolver and the server's check.
 */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { success } from './envelope';

export const partRequestBodySchema = z.object({
  name: z.string(),
  email: z.string(),
  car_reg: z.string(),
  /**
   * The part type chosen in the searchable select: the part-type object of GET
   * /products/types.json as it is (fields other than ID and Name are ignored), or null while none
   * is chosen. Only `ID` counts: the server takes the name from its own list.
   */
  part: z.nullable(z.object({ ID: z.int(), Name: z.optional(z.string()) })),
  phone: z.optional(z.string()),
  /** The bot-check widget's answer (an ALTCHA payload or a Turnstile token; see bot-check.ts). */
  'cf-token': z.string(),
});
export type PartRequestBody = z.input<typeof partRequestBodySchema>;

/**
 * POST /part-requests/form — stores the request and e-mails the customer an acknowledgement with
 * its reference; `msg` thanks them and gives the reference, `url` is where to go next (null: stay,
 * reset the form and the bot check).
 *
 * Failures: 422 with `errors` keyed by the field names above, in the order of SPEC §5 (a part type
 * the shop does not have is an error of `part`; a refused, expired or already used bot-check
 * answer one of `cf-token`); 403 without the session's CSRF token; 429 above 10 a minute from one
 * address.
 *
 * Optional header `Idempotency-Key` (see idempotency.ts): a repeat with the same key from the same
 * session answers the first success again, with `Idempotent-Replayed: true`, and stores nothing.
 */
export const submitPartRequest = defineCall({
  method: 'POST',
  path: '/part-requests/form',
  summary: 'Ask the shop to find a part that is not in stock',
  body: partRequestBodySchema,
  response: success({ msg: z.string(), url: z.nullable(z.string()) }),
});
