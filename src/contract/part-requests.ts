/**
 * Part requests (SPEC §7): the shop's form for a part that is not in stock.
 *
 * The body schema here is the shape only. The rules of SPEC §5, in order and with the catalogue's
 * messages, are src/domain/part-request-form.ts: the form's resolver and the server's check.
 */
import * as z from 'zod/mini';
import { PAGE_SIZE } from '../domain/paginator';
import { paginatorSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

export const partRequestBodySchema = lazySchema(() => z.object({
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
}));
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
  response: lazySchema(() => success({ msg: z.string(), url: z.nullable(z.string()) })),
});

// ---------------------------------------------------------------------------------------------
// The account's part requests (SPEC §2 account area, §3 'Part request (account)', §5, §7)

/** The longest page of part requests one call may ask for (SPEC §9: 5 a page by default). */
export const PART_REQUESTS_MAX_LIMIT = 50;
const MAX_INTEGER = 2_147_483_647;
const wholeNumber = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.refine(Number.isInteger, 'Must be a whole number.')));

/**
 * Query of GET /part-requests/get-list.json: sort `created` (the only order SPEC §2 offers);
 * direction DESC is 'Most recent' (the default, SPEC §9 'created desc'), ASC 'Oldest first'; page
 * from 1; limit 1 to 50, default 5.
 */
export const partRequestListQuerySchema = lazySchema(() => z.object({
  sort: z._default(z.enum(['created']), 'created'),
  direction: z._default(z.pipe(z.string().check(z.toUpperCase()), z.enum(['ASC', 'DESC'])), 'DESC'),
  page: z._default(wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')), 1),
  limit: z._default(wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(PART_REQUESTS_MAX_LIMIT, `At most ${PART_REQUESTS_MAX_LIMIT}.`)), PAGE_SIZE.partRequests),
}));
export type PartRequestListQuery = z.input<typeof partRequestListQuerySchema>;

/** The codes of a request's state (server/db/schema/modules/part-requests.ts PART_REQUEST_STATUSES). */
export const PART_REQUEST_STATUS_CODES = ['new', 'searching', 'found', 'not_found'] as const;

/**
 * SPEC §3 Part request (account), one row of the list. `part_name` is what the list shows: the
 * part type's name when one was chosen, else the name the member typed (then also in
 * `part_name_manually`, and `part_type` is null). `created` is an ISO date-time.
 * `part_request_status` carries its `code` besides SPEC's name and colour (the badge's colour is
 * `color_rgba`). `part_url` is the found part's page (a path) when the request is 'found' and its
 * part is still in the catalogue, else null (the screen then shows the badge without a link).
 */
export const accountPartRequestSchema = lazySchema(() => z.object({
  id: z.int(),
  /** What the customer quotes: 'PR-000042' (as in the acknowledgement e-mail). */
  reference: z.string(),
  car_reg: z.string(),
  part_name: z.string(),
  part_name_manually: z.nullable(z.string()),
  part_type: z.nullable(z.object({ ID: z.int(), Name: z.string() })),
  created: z.string(),
  part_request_status: z.object({ code: z.enum(PART_REQUEST_STATUS_CODES), name: z.string(), color_rgba: z.string() }),
  part_url: z.nullable(z.string()),
}));
export type AccountPartRequest = z.infer<typeof accountPartRequestSchema>;

/**
 * GET /part-requests/get-list.json — the signed-in member's own part requests (never anyone
 * else's; a guest's requests from the shop's form are not listed), sorted and paged.
 *
 * Failures: 401 when nobody is signed in (the page then opens the login modal); 422 naming a bad
 * query field.
 */
export const getPartRequestList = defineCall({
  method: 'GET',
  path: '/part-requests/get-list.json',
  summary: "The signed-in member's part requests, most recent first, 5 a page",
  query: partRequestListQuerySchema,
  response: lazySchema(() => success({ data: z.object({ records: z.array(accountPartRequestSchema), paginator: paginatorSchema }) })),
});

/**
 * Body of POST /part-requests/add.json (SPEC §7). The rules (src/domain/account-part-request.ts)
 * are the form's resolver and the server's check: `car_reg` required, cleaned by the one domain
 * function (cleanVrn: spaces removed, upper-cased, at most 10); either `part_type` (an `ID` of
 * GET /products/types.json) or `part_name_manually` (upper-cased, at most 100 characters). With a
 * part type chosen its name (from the shop's own list) becomes the part name and
 * `part_name_manually` is ignored. `part_name` is accepted for SPEC's shape and ignored.
 */
export const accountPartRequestBodySchema = lazySchema(() => z.object({
  car_reg: z.string(),
  part_type: z.optional(z.nullable(z.int())),
  part_name_manually: z.optional(z.nullable(z.string())),
  part_name: z.optional(z.nullable(z.string())),
}));
export type AccountPartRequestBody = z.input<typeof accountPartRequestBodySchema>;

/**
 * POST /part-requests/add.json — stores a part request for the signed-in member, with their
 * e-mail address and name, and e-mails them the same acknowledgement as the shop's form (with its
 * reference). `msg` thanks them and gives the reference; `record` is the new row as the list shows
 * it (the page reloads page 1 anyway, SPEC §4).
 *
 * Failures: 401 when nobody is signed in; 403 without the session's CSRF token; 422 with `errors`
 * naming the field: `car_reg` (missing or not a registration), `part_name_manually` (neither a
 * part type nor a name given, or a name too long), `part_type` (not in the shop's list).
 */
export const addAccountPartRequest = defineCall({
  method: 'POST',
  path: '/part-requests/add.json',
  summary: 'A signed-in member asks the shop to find a part',
  body: accountPartRequestBodySchema,
  response: lazySchema(() => success({ msg: z.string(), record: accountPartRequestSchema })),
});
