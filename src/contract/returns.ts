/**
 * Returns (SPEC §7, issue 15): the reasons a member may give, each with its form, creating a
 * return of one paid order line with photos, and reading a return's photos back. The form's model
 * and its rule (which fields are visible, which required ones are missing) are
 * src/domain/return-form.ts, shared by the return modal and the server.
 *
 * The reasons are public reference data (no session needed). Creating a return and reading its
 * photos are for a signed-in member: 401 `{success:false,msg}` otherwise (a guest's session
 * included). Returns are for members only: a guest's order answers 404 to a member, as does anyone
 * else's order, line, return or photo, so nothing says whether it exists.
 */
import * as z from 'zod/mini';
import {
  RETURN_FIELD_OPTIONS,
  RETURN_FIELD_TYPES,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  type ReturnFormField,
  type ReturnReasonDetails,
} from '../domain/return-form';
import { RETURN_STATUSES } from '../domain/orders';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

const id = lazySchema(() => z.int().check(z.positive()));
const idParam = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.positive('Must be 1 or more.'), z.lte(2_147_483_647, 'Too large.')));

/** SPEC §3 'Return reason details' form_fields: one field (see ReturnFormField for each key's meaning). */
export const returnFormFieldSchema = lazySchema(() => z.object({
  name: z.string(),
  type: z.enum(RETURN_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  options: z.optional(z.array(z.object({ value: z.string(), label: z.string() }))),
  visible_if: z.optional(z.nullable(z.object({ name: z.string(), value: z.string() }))),
  class: z.optional(z.string()),
  accept: z.optional(z.string()),
  multiple: z.optional(z.boolean()),
  content: z.optional(z.string()),
  option: z.optional(z.enum(RETURN_FIELD_OPTIONS)),
}));

// The schema and the domain's type describe the same field: what the schema accepts is a domain
// field, and every key of the domain's field is in the schema; a change to one fails to compile here.
type Parsed = z.infer<typeof returnFormFieldSchema>;
const fieldShapesAgree: [Parsed extends ReturnFormField ? true : never, [Exclude<keyof ReturnFormField, keyof Parsed>] extends [never] ? true : never] = [true, true];
void fieldShapesAgree;

export const returnReasonDetailsSchema = lazySchema(() => z.object({ id, name: z.string(), form_fields: z.array(returnFormFieldSchema) }));
const detailsAgree: z.infer<typeof returnReasonDetailsSchema> extends ReturnReasonDetails ? true : never = true;
void detailsAgree;

/** GET /return-reasons — the reasons offered, in the shop's order (the modal's reason select). */
export const getReturnReasons = defineCall({
  method: 'GET',
  path: '/return-reasons',
  summary: 'The reasons a member may give for a return',
  response: lazySchema(() => success({ return_reasons: z.array(z.object({ id, name: z.string() })) })),
});

/** GET /return-reasons/get/{id} — one reason with its form; 404 for an unknown or retired reason. */
export const getReturnReason = defineCall({
  method: 'GET',
  path: '/return-reasons/get/:id',
  summary: 'A return reason with the form the member fills in',
  params: lazySchema(() => z.object({ id: idParam })),
  response: lazySchema(() => success({ details: returnReasonDetailsSchema })),
});

/** The return of a line as the order list and the create answer show it (SPEC §3 Return: id, status). */
export const returnSummarySchema = lazySchema(() => z.object({ id, status: z.enum(RETURN_STATUSES) }));

/**
 * POST /returns/create — a multipart/form-data body (not JSON), with the CSRF header as every write:
 *
 * - `order_id`: the order's hash (its reference in links, as GET /orders/getList.json gives it);
 * - `order_product_id`: the line's `id` in that list;
 * - `return_reason_id`: a reason of GET /return-reasons;
 * - each text, textarea, radio and select field of the reason's form, by its `name`;
 * - each photo as a file part named `{name}[]` (`{name}` is accepted too), one part per photo.
 *
 * Limits: at most {@link RETURN_PHOTOS_MAX} photos in all and {@link RETURN_PHOTO_MAX_BYTES} (10 MB)
 * each; JPEG, PNG or WebP, recognised by their bytes (the file's name and declared type are not
 * trusted; HEIC is refused with its own message); at most 40 megapixels; a PNG or WebP with data
 * after the image's end (a polyglot) is refused. Every photo is decoded and re-encoded by the shop
 * (turned upright, at most 2000 px a side, JPEG, no metadata: location and camera data are
 * dropped), and only that copy is kept. A text part has at most 8 KB (a textarea 2000
 * characters); at most 50 text parts and 60 parts in all. A file part with an empty file name
 * (an empty file input) is ignored. A photo for a question the answers hide is not kept.
 *
 * Answer: `{ success, msg, return: { id, status: 'AWAITING_REVIEW' } }`; a confirmation e-mail goes
 * to the member. Failures, each storing nothing:
 * - 401 signed out; 404 an order that is not the member's (or a guest's), a line not in that
 *   order;
 * - 409 an order not paid (or refunded), the returns window closed ('…closed on {date}'), a
 *   return already open for the line;
 * - 422 `errors` by field name: no or an unknown reason (`return_reason_id`: 'Please choose the
 *   reason for your return.'), a missing visible required field ('required field'), a bad choice
 *   or too long a text, and for photos under the field's name a message naming the file (not an
 *   image, HEIC, too large, too many pixels, data after its end, damaged, the 7th photo, a
 *   second photo for an `image` field, a photo for a field the form does not have). A body that
 *   is not multipart is 422 too. Too large a body is never a bare 413: each limit is a named 422.
 *
 * Apart from a body that cannot be read as a return (not multipart, ids that are not numbers, a
 * 7th photo: 422 at once), the checks run in that order (401, 404, 409, then every 422 of the
 * form and photos together), so a form's 422 means the return would otherwise be accepted.
 */
export const createReturn = defineCall({
  method: 'POST',
  path: '/returns/create',
  summary: 'Ask to return a line of a paid order, with photos (multipart/form-data)',
  response: lazySchema(() => success({ msg: z.string(), return: returnSummarySchema })),
});

/** The multipart keys of createReturn besides the form's own fields. */
export const RETURN_CREATE_KEYS = { order: 'order_id', line: 'order_product_id', reason: 'return_reason_id' } as const;
/** The file part's name for a photo field: `photos` → `photos[]`. */
export const photoPartName = (fieldName: string) => `${fieldName}[]`;

/**
 * GET /returns/{id}/files/{fileId} — a photo of the member's own return as the shop stored it
 * (re-encoded JPEG), with its content type and `cache-control: private`. Not a JSON call, so not a
 * defineCall; failures answer the §7 envelope: 401 signed out, 404 anyone else's return or photo.
 */
export const returnFile = {
  method: 'GET',
  path: '/returns/:id/files/:fileId',
  params: z.object({ id: idParam, fileId: idParam }),
} as const;

export const returnFileUrl = (returnId: number, fileId: number) => `/returns/${returnId}/files/${fileId}`;

export { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX };
