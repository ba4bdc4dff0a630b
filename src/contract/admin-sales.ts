/**
 * The back office's sales calls under /web-api/admin: orders (list, an order's page, the
 * fulfilment steps, refunds), returns (queue, a return's page and photos, its steps) and part
 * requests (queue, a request's page, its steps). Each is made by `defineAdminCall` with the
 * permission src/domain/staff-permissions.ts gives it; a step the order's, return's or request's
 * status does not allow is refused 409 with the reason in `msg`; bad input 422 naming each field.
 * Amounts are integer pence, VAT included.
 */
import * as z from 'zod/mini';
import { multiLine } from '../domain/multi-line';
import { FULFILMENT_STEPS } from '../domain/order-fulfilment';
import { RETURN_STATUSES } from '../domain/orders';
import { defineAdminCall } from './admin-access';
import { paginatorSchema } from './catalogue';
import { success } from './envelope';
import { orderLineVehicleSchema } from './garage';
import { idParam, text } from './trade-fields';
import { lazySchema } from '../domain/lazy-schema';

/** 25 orders, returns or requests a page of a queue. */
export const ADMIN_QUEUE_PAGE_SIZE = 25;

export const pageField = lazySchema(() => z.optional(z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(100_000, 'Too large.'))));
const dateField = lazySchema(() => z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.'))));
const orderNumberParam = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Not an order number.')));

export const ADMIN_ORDER_SORTS = ['created', 'number', 'total'] as const;
/** The payment methods an order list may be filtered by: SPEC §9's, or 'none' (not paid). */
export const ADMIN_PAYMENT_FILTERS = ['STRIPE_CARD', 'STRIPE_GOOGLE_PAY', 'STRIPE_APPLE_PAY', 'PAYPAL', 'none'] as const;

export const orderStatusSchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), color_rgba: z.string() }));

/** An order as the back office's list shows it. */
export const adminOrderRowSchema = lazySchema(() => z.object({
  number: z.string(),
  created: z.string(),
  status: orderStatusSchema,
  customer: z.string(),
  email: z.string(),
  postcode: z.string(),
  total: z.int(),
  payment_method: z.nullable(z.string()),
  lines: z.int(),
}));
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** GET /admin/orders/list.json — search (number, e-mail, name, postcode, a part's Tag), filters, sort, page. */
export const adminOrderList = defineAdminCall('orders.read', {
  method: 'GET',
  path: '/admin/orders/list.json',
  summary: 'Orders',
  query: z.object({
    q: z.optional(text(100)),
    status: z.optional(z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Not an order status.'), z.lte(7, 'Not an order status.'))),
    payment: z.optional(z.enum(ADMIN_PAYMENT_FILTERS, 'Choose a payment method.')),
    from: dateField,
    to: dateField,
    sort: z.optional(z.enum(ADMIN_ORDER_SORTS, 'Sort by created, number or total.')),
    direction: z.optional(z.enum(['ASC', 'DESC'], 'ASC or DESC.')),
    page: pageField,
  }),
  response: success({ records: z.array(adminOrderRowSchema), paginator: paginatorSchema }),
});

const addressSchema = lazySchema(() => z.record(z.string(), z.unknown()));

export const adminOrderSchema = lazySchema(() => z.object({
  number: z.string(),
  hash: z.string(),
  created: z.string(),
  status: orderStatusSchema,
  email: z.string(),
  customer: z.string(),
  member_id: z.int(),
  billing_address: addressSchema,
  delivery_address: addressSchema,
  delivery_name: z.string(),
  comments_delivery: z.string(),
  totals: z.object({ goods: z.int(), delivery: z.int(), discount: z.int(), vat: z.int(), total: z.int() }),
  lines: z.array(
    z.object({
      id: z.int(),
      tag: z.string(),
      name: z.string(),
      image: z.string(),
      warranty_name: z.string(),
      gross_value: z.int(),
      vehicle: z.nullable(orderLineVehicleSchema),
      return: z.nullable(z.object({ id: z.int(), status: z.string() })),
    }),
  ),
  payment: z.nullable(
    z.object({ provider: z.string(), method: z.string(), reference: z.string(), amount: z.int(), refunded: z.int(), status: z.string(), paid_at: z.string() }),
  ),
  refunds: z.array(z.object({ id: z.int(), amount: z.int(), state: z.string(), reference: z.nullable(z.string()), staff_name: z.nullable(z.string()), at: z.string(), return_id: z.nullable(z.int()) })),
  shipment: z.nullable(z.object({ carrier: z.string(), tracking_number: z.string(), dispatched_at: z.string(), delivered_at: z.nullable(z.string()) })),
  history: z.array(z.object({ from: orderStatusSchema, to: orderStatusSchema, staff_name: z.nullable(z.string()), details: z.record(z.string(), z.unknown()), at: z.string() })),
  /** The steps the order may take next, of those the signed-in role may take. */
  next_steps: z.array(z.enum(FULFILMENT_STEPS)),
  /** What is left to refund (0 when nothing may be refunded or this role may not refund). */
  refundable: z.int(),
}));
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const numberParams = lazySchema(() => z.object({ number: orderNumberParam }));

/** GET /admin/orders/:number — an order's page: lines with their vehicles, payment, refunds, addresses, history. */
export const adminOrder = defineAdminCall('orders.read', {
  method: 'GET',
  path: '/admin/orders/:number',
  summary: 'An order',
  params: numberParams,
  response: success({ order: adminOrderSchema }),
});

const orderAnswer = lazySchema(() => success({ msg: z.string(), order: adminOrderSchema }));

/** POST /admin/orders/:number/pick — a paid order's parts are taken off the shelf. */
export const adminOrderPick = defineAdminCall('orders.dispatch', {
  method: 'POST',
  path: '/admin/orders/:number/pick',
  summary: 'Mark an order picked',
  params: numberParams,
  response: orderAnswer,
});

/** POST /admin/orders/:number/dispatch — a picked order leaves with a carrier, under a tracking number. */
export const adminOrderDispatch = defineAdminCall('orders.dispatch', {
  method: 'POST',
  path: '/admin/orders/:number/dispatch',
  summary: 'Dispatch an order',
  params: numberParams,
  body: z.object({
    carrier: text(60).check(z.minLength(2, 'Enter the carrier.')),
    tracking_number: text(40).check(z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, 'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes.')),
  }),
  response: orderAnswer,
});

/** POST /admin/orders/:number/deliver — the carrier delivered a dispatched order. */
export const adminOrderDeliver = defineAdminCall('orders.dispatch', {
  method: 'POST',
  path: '/admin/orders/:number/deliver',
  summary: 'Mark an order delivered',
  params: numberParams,
  response: orderAnswer,
});

/** POST /admin/orders/:number/cancel — an unpaid order is called off; its parts go back on sale at once. */
export const adminOrderCancel = defineAdminCall('orders.manage', {
  method: 'POST',
  path: '/admin/orders/:number/cancel',
  summary: 'Cancel an unpaid order',
  params: numberParams,
  response: orderAnswer,
});

/** A refund's idempotency key: made once by the form, sent with every try of the same refund. */
const idempotencyKeyField = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{16,80}$/, 'A refund key of 16 to 80 letters, digits, dashes or underscores.')));
const amountField = lazySchema(() => z.int('Enter a whole number of pence.').check(z.gte(1, 'Enter an amount of at least £0.01.'), z.lte(100_000_000, 'Too large.')));

/**
 * POST /admin/orders/:number/refund — refunds `amount` of a paid order through its provider.
 * The same idempotency_key again answers the first refund (refunded once); while the first is
 * still with the provider, a second answers 409. The refund that leaves nothing makes the order
 * REFUNDED.
 */
export const adminOrderRefund = defineAdminCall('orders.manage', {
  method: 'POST',
  path: '/admin/orders/:number/refund',
  summary: 'Refund an order',
  params: numberParams,
  body: z.object({ amount: amountField, idempotency_key: idempotencyKeyField }),
  response: success({ msg: z.string(), order: adminOrderSchema, replayed: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Returns

export const adminReturnRowSchema = lazySchema(() => z.object({
  id: z.int(),
  status: z.enum(RETURN_STATUSES),
  status_label: z.string(),
  colour: z.string(),
  order_number: z.string(),
  part_name: z.string(),
  reason: z.string(),
  customer: z.string(),
  created: z.string(),
  updated: z.string(),
}));

/** GET /admin/returns/list.json — the returns queue, oldest first, of one status (or the open ones). */
export const adminReturnList = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/returns/list.json',
  summary: 'Returns',
  query: z.object({ status: z.optional(z.enum([...RETURN_STATUSES, 'open'], 'Choose a return status.')), page: pageField }),
  response: success({ records: z.array(adminReturnRowSchema), paginator: paginatorSchema, counts: z.record(z.string(), z.int()) }),
});

export const RETURN_STEPS = ['approve', 'reject', 'in_transit', 'delivered', 'refund'] as const;

export const adminReturnSchema = lazySchema(() => z.object({
  ...adminReturnRowSchema.shape,
  email: z.string(),
  order_status: orderStatusSchema,
  line: z.object({ id: z.int(), tag: z.string(), name: z.string(), gross_value: z.int(), warranty_name: z.string() }),
  /** The reason's form as the customer filled it in: each field's label and answer. */
  answers: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  /** The photos: each fetched from GET /admin/returns/:id/photos/:fileId. */
  photos: z.array(z.object({ id: z.int(), field: z.string(), width: z.int(), height: z.int() })),
  instructions: z.nullable(z.string()),
  label_or_address: z.nullable(z.string()),
  rejection_reason: z.nullable(z.string()),
  history: z.array(z.object({ from: z.string(), to: z.string(), staff_name: z.nullable(z.string()), at: z.string() })),
  next_steps: z.array(z.enum(RETURN_STEPS)),
  /** What a refund of this return would give back by default: the line's value, at most what is left. */
  refund_amount: z.int(),
}));
export type AdminReturn = z.infer<typeof adminReturnSchema>;

const idParams = lazySchema(() => z.object({ id: idParam }));
const returnAnswer = lazySchema(() => success({ msg: z.string(), return: adminReturnSchema }));

export const adminReturn = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/returns/:id',
  summary: 'A return',
  params: idParams,
  response: success({ return: adminReturnSchema }),
});

/** POST /admin/returns/:id/approve — AWAITING_REVIEW → APROVED, with the instructions and a label or address. */
export const adminReturnApprove = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/returns/:id/approve',
  summary: 'Approve a return',
  params: idParams,
  body: z.object({
    instructions: multiLine(text(2000).check(z.minLength(10, 'Tell the customer how to send the part back (at least 10 characters).'))),
    label_or_address: multiLine(text(1000).check(z.minLength(10, 'Give the return address or the label’s link (at least 10 characters).'))),
  }),
  response: returnAnswer,
});

/** POST /admin/returns/:id/reject — AWAITING_REVIEW or DELIVERED → REJECTED, with the reason the customer reads. */
export const adminReturnReject = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/returns/:id/reject',
  summary: 'Reject a return',
  params: idParams,
  body: z.object({ reason: multiLine(text(2000).check(z.minLength(10, 'Tell the customer why (at least 10 characters).'))) }),
  response: returnAnswer,
});

/** POST /admin/returns/:id/in-transit — APROVED → IN_TRANSIT: the part is on its way back. */
export const adminReturnInTransit = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/returns/:id/in-transit',
  summary: 'Mark a return in transit',
  params: idParams,
  response: returnAnswer,
});

/** POST /admin/returns/:id/delivered — IN_TRANSIT → DELIVERED: the part is back for inspection. */
export const adminReturnDelivered = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/returns/:id/delivered',
  summary: 'Mark a return delivered',
  params: idParams,
  response: returnAnswer,
});

/** POST /admin/returns/:id/refund — DELIVERED → REFUNDED: `amount` of the order's payment refunded through the provider. */
export const adminReturnRefund = defineAdminCall('returns.manage', {
  method: 'POST',
  path: '/admin/returns/:id/refund',
  summary: 'Refund a return',
  params: idParams,
  body: z.object({ amount: amountField, idempotency_key: idempotencyKeyField }),
  response: success({ msg: z.string(), return: adminReturnSchema, replayed: z.boolean() }),
});

/**
 * GET /admin/returns/:id/photos/:fileId — a photo of a return, its bytes (image/webp, jpeg or
 * png as the returns module stored it), for staff only; failures answer the envelope.
 */
export const adminReturnPhoto = defineAdminCall('returns.manage', {
  method: 'GET',
  path: '/admin/returns/:id/photos/:fileId',
  summary: 'A photo of a return',
  params: z.object({ id: idParam, fileId: idParam }),
  response: z.unknown(),
});

// ---------------------------------------------------------------------------------------------
// Part requests

export const PART_REQUEST_CODES = ['new', 'searching', 'found', 'not_found'] as const;

export const adminPartRequestSchema = lazySchema(() => z.object({
  id: z.int(),
  status: z.object({ code: z.enum(PART_REQUEST_CODES), name: z.string(), color_rgba: z.string() }),
  car_reg: z.string(),
  part_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  member: z.boolean(),
  created: z.string(),
  found_part: z.nullable(z.object({ id: z.int(), tag: z.string(), name: z.string(), price: z.int(), status: z.string(), url: z.string() })),
  next_steps: z.array(z.enum(['searching', 'found', 'not_found'])),
}));
export type AdminPartRequest = z.infer<typeof adminPartRequestSchema>;

export const adminPartRequestList = defineAdminCall('part-requests.manage', {
  method: 'GET',
  path: '/admin/part-requests/list.json',
  summary: 'Part requests',
  /** `q`: the registration, e-mail, name or part asked for (a queue of hundreds is searched, not paged through). */
  query: z.object({ status: z.optional(z.enum([...PART_REQUEST_CODES, 'open'], 'Choose a status.')), q: z.optional(text(100)), page: pageField }),
  response: success({ records: z.array(adminPartRequestSchema), paginator: paginatorSchema, counts: z.record(z.string(), z.int()) }),
});

export const adminPartRequest = defineAdminCall('part-requests.manage', {
  method: 'GET',
  path: '/admin/part-requests/:id',
  summary: 'A part request',
  params: idParams,
  response: success({ request: adminPartRequestSchema }),
});

/**
 * POST /admin/part-requests/:id/status — new → searching; new or searching → found (with the
 * part, by its id or stock number (Tag), which must be on sale) or not_found.
 */
export const adminPartRequestStatus = defineAdminCall('part-requests.manage', {
  method: 'POST',
  path: '/admin/part-requests/:id/status',
  summary: 'Answer a part request',
  params: idParams,
  body: z.object({ status: z.enum(['searching', 'found', 'not_found'], 'Choose searching, found or not found.'), part: z.optional(text(40)) }),
  response: success({ msg: z.string(), request: adminPartRequestSchema }),
});
