/**
 * Warranty claims (issue 32): a member's claim under the warranty of a paid order line, its
 * evidence and its answers, and the back office's claims queue. The rules are
 * src/domain/warranty-claims.ts.
 *
 * The member's calls are for a signed-in member: 401 `{success:false,msg}` otherwise; anyone
 * else's order, line, claim or file answers 404, so nothing says whether it exists. Writes carry
 * the CSRF header. The back office's calls need `returns.manage` (sales and the owner): the after-sale cases are one desk's work.
 */
import * as z from 'zod/mini';
import { multiLine } from '../domain/multi-line';
import { CLAIM_SETTLEMENTS, CLAIM_STATUSES, CLAIM_STEP_NAMES, CLAIM_TEXT_MAX_LENGTH } from '../domain/warranty-claims';
import { defineAdminCall } from './admin-access';
import { pageField } from './admin-sales';
import { paginatorSchema } from './catalogue';
import { defineCall } from './define';
import { success } from './envelope';
import { orderLineVehicleSchema } from './garage';
import { returnFormFieldSchema } from './returns';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

const id = lazySchema(() => z.int().check(z.positive()));

export const claimReasonSchema = lazySchema(() => z.object({ id: z.string(), name: z.string(), form_fields: z.array(returnFormFieldSchema) }));

/** GET /warranty-claim-reasons — what may be wrong with a part, each with its own questions. */
export const getClaimReasons = defineCall({
  method: 'GET',
  path: '/warranty-claim-reasons',
  summary: 'The reasons a warranty claim may give, each with its questions',
  response: lazySchema(() => success({ reasons: z.array(claimReasonSchema), labour_cap: z.int() })),
});

export const claimFileSchema = lazySchema(() => z.object({ id, field: z.string(), filename: z.string(), content_type: z.string() }));

/** One step of a claim as the member and staff read it. */
export const claimStepSchema = lazySchema(() => z.object({
  from: z.nullable(z.enum(CLAIM_STATUSES)),
  to: z.enum(CLAIM_STATUSES),
  /** The question asked, the rejection's reason, the settlement's words, the member's answer. */
  message: z.string(),
  /** 'us' for staff's steps (staff names are not shown to members), 'you' for the member's own. */
  by: z.enum(['us', 'you']),
  at: z.string(),
}));

/** What every view of a claim shows (ISO 8601 times). */
const claimFacts = {
  id,
  reference: z.string(),
  status: z.enum(CLAIM_STATUSES),
  status_label: z.string(),
  order_number: z.string(),
  part_name: z.string(),
  reason: z.string(),
  created: z.string(),
  updated: z.string(),
};

/** What the member said: the reason's questions answered, and the fitting. */
const claimStatement = {
  answers: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  fitted_on: z.string(),
  mileage: z.int(),
  garage_name: z.string(),
};

/** A claim as its member sees it. */
export const warrantyClaimSchema = lazySchema(() => z.object({
  ...claimFacts,
  ...claimStatement,
  order_hash: z.string(),
  line_id: id,
  certificate_number: z.string(),
  settlement: z.nullable(z.enum(CLAIM_SETTLEMENTS)),
  settlement_label: z.nullable(z.string()),
  /** Pence refunded under the claim (a refund or a labour contribution); null for none. */
  refunded: z.nullable(z.int()),
  replacement_order_number: z.nullable(z.string()),
  files: z.array(claimFileSchema),
  history: z.array(claimStepSchema),
}));
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;

/**
 * POST /warranty-claims — a multipart/form-data body (not JSON), with the CSRF header:
 *
 * - `order_id` (the order's hash) and `order_product_id` (the line's id);
 * - `reason` (a reason's id of GET /warranty-claim-reasons) and each of its fields by name;
 * - `fitted_on` (YYYY-MM-DD, not before the order nor after today), `mileage` (whole miles),
 *   `garage_name`;
 * - `invoice` (one file: a PDF that opens as one, or a photo) and `photos[]` (1 to 6 photos).
 *
 * Photos (the invoice too when it is one) are read from their bytes and re-encoded as returns'
 * photos are (JPEG, PNG or WebP; no metadata kept); a PDF must open in pdf.js. Answer:
 * `{ success, msg, claim }` and a copy by e-mail. Failures store nothing: 401 signed out; 404 not
 * the member's order or line, or a line without a warranty; 409 an unpaid order, a warranty that
 * has ended ('…ended on {date}'), a claim open for the line or a line settled under a claim
 * already; 422 `errors` by field name.
 */
export const createWarrantyClaim = defineCall({
  method: 'POST',
  path: '/warranty-claims',
  summary: 'Make a warranty claim on a line of a paid order, with photos and the fitting invoice (multipart/form-data)',
  response: lazySchema(() => success({ msg: z.string(), claim: warrantyClaimSchema })),
});

/** GET /warranty-claims — the member's claims, newest first. */
export const getWarrantyClaims = defineCall({
  method: 'GET',
  path: '/warranty-claims',
  summary: "The member's warranty claims",
  response: lazySchema(() => success({ claims: z.array(warrantyClaimSchema) })),
});

const idParams = lazySchema(() => z.object({ id: idParam }));

/** GET /warranty-claims/{id} — one of the member's claims. */
export const getWarrantyClaim = defineCall({
  method: 'GET',
  path: '/warranty-claims/:id',
  summary: "One of the member's warranty claims",
  params: idParams,
  response: lazySchema(() => success({ claim: warrantyClaimSchema })),
});

const messageField = lazySchema(() => multiLine(text(CLAIM_TEXT_MAX_LENGTH).check(z.minLength(10, 'Please write at least 10 characters.'))));

/** POST /warranty-claims/{id}/reply — the member's answer to staff's question: information requested → submitted. */
export const replyWarrantyClaim = defineCall({
  method: 'POST',
  path: '/warranty-claims/:id/reply',
  summary: "The member's answer to a question about their warranty claim",
  params: idParams,
  body: lazySchema(() => z.object({ message: messageField })),
  response: lazySchema(() => success({ msg: z.string(), claim: warrantyClaimSchema })),
});

/** GET /warranty-claims/{id}/files/{fileId} — a file of the member's own claim (not JSON). */
export const warrantyClaimFile = {
  method: 'GET',
  path: '/warranty-claims/:id/files/:fileId',
  params: z.object({ id: idParam, fileId: idParam }),
} as const;
export const warrantyClaimFileUrl = (claimId: number, fileId: number) => `/warranty-claims/${claimId}/files/${fileId}`;

// ---------------------------------------------------------------------------------------------
// The back office

export const adminClaimRowSchema = lazySchema(() => z.object({ ...claimFacts, customer: z.string() }));

export const adminClaimList = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/warranty-claims/list.json',
  summary: 'Warranty claims',
  query: z.object({ status: z.optional(z.enum([...CLAIM_STATUSES, 'open'], 'Choose a claim status.')), page: pageField }),
  response: success({ records: z.array(adminClaimRowSchema), paginator: paginatorSchema, counts: z.record(z.string(), z.int()) }),
});

export const adminClaimSchema = lazySchema(() => z.object({
  ...adminClaimRowSchema.shape,
  email: z.string(),
  line: z.object({ id, tag: z.string(), name: z.string(), gross_value: z.int(), warranty_name: z.string() }),
  /** The line's warranty certificate: its number, term and public check address. */
  certificate: z.object({ number: z.string(), valid_from: z.string(), valid_until: z.string(), check_url: z.string() }),
  /** The vehicle the part was bought for (the line's fitment snapshot); null when bought without one. */
  vehicle: z.nullable(orderLineVehicleSchema),
  ...claimStatement,
  files: z.array(claimFileSchema),
  settlement: z.nullable(z.enum(CLAIM_SETTLEMENTS)),
  settlement_amount: z.nullable(z.int()),
  replacement_order_number: z.nullable(z.string()),
  history: z.array(z.object({ from: z.nullable(z.string()), to: z.string(), message: z.string(), staff_name: z.nullable(z.string()), at: z.string() })),
  next_steps: z.array(z.enum(CLAIM_STEP_NAMES)),
  /** The most a refund may be: the line's price, less what the order has had back. */
  refundable: z.int(),
  labour_cap: z.int(),
}));
export type AdminClaim = z.infer<typeof adminClaimSchema>;

const claimAnswer = lazySchema(() => success({ msg: z.string(), claim: adminClaimSchema }));

export const adminClaim = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/warranty-claims/:id',
  summary: 'A warranty claim',
  params: idParams,
  response: success({ claim: adminClaimSchema }),
});

/** GET /admin/warranty-claims/:id/files/:fileId — a photo or the invoice, as an attachment for staff. */
export const adminClaimFile = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/warranty-claims/:id/files/:fileId',
  summary: 'A photo or the invoice of a warranty claim',
  params: z.object({ id: idParam, fileId: idParam }),
  response: z.unknown(),
});

const staffMessage = (hint: string) => multiLine(text(CLAIM_TEXT_MAX_LENGTH).check(z.minLength(10, hint)));
const amountField = lazySchema(() => z.int('Enter a whole number of pence.').check(z.gte(1, 'Enter an amount of at least £0.01.'), z.lte(100_000_000, 'Too large.')));
const keyField = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{16,80}$/, 'A refund key of 16 to 80 letters, digits, dashes or underscores.')));

/**
 * POST /admin/warranty-claims/:id/approve — submitted | information requested → approved, settled by
 * a `refund` (amount, through the payment provider, once per key), a `labour` contribution (the same,
 * at most the shop's cap) or a `replacement` (a part on sale, by its tag, sent as an order at no cost).
 */
export const adminClaimApprove = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/warranty-claims/:id/approve',
  summary: 'Approve a warranty claim with a refund, a labour contribution or a replacement',
  params: idParams,
  body: z.object({
    settlement: z.enum(CLAIM_SETTLEMENTS, 'Choose how the claim is settled.'),
    amount: z.optional(amountField),
    idempotency_key: z.optional(keyField),
    replacement_tag: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Give the replacement part’s reference.'))),
    message: z.optional(multiLine(text(CLAIM_TEXT_MAX_LENGTH))),
  }),
  response: claimAnswer,
});

export const adminClaimRequestInformation = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/warranty-claims/:id/request-information',
  summary: 'Ask the member for more about a warranty claim',
  params: idParams,
  body: z.object({ message: staffMessage('Tell the customer what you need (at least 10 characters).') }),
  response: claimAnswer,
});

export const adminClaimReject = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/warranty-claims/:id/reject',
  summary: 'Reject a warranty claim',
  params: idParams,
  body: z.object({ reason: staffMessage('Tell the customer why (at least 10 characters).') }),
  response: claimAnswer,
});

export const adminClaimClose = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/warranty-claims/:id/close',
  summary: 'Close a warranty claim',
  params: idParams,
  response: claimAnswer,
});
