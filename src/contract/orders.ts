/**
 * The account's order calls of SPEC §7 (issue 14): the visitor's orders (GET /orders/getList.json,
 * 'My orders' and, with abandoned=true, 'Abandoned carts') and the VAT invoice of a paid order
 * (GET /orders/invoice/{hash}, a PDF). Amounts are integer pence, VAT included.
 */
import * as z from 'zod/mini';
import { PAGE_SIZE } from '../domain/paginator';
import { paginatorSchema } from './catalogue';
import { defineCall } from './define';
import { orderLineVehicleSchema } from './garage';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/** The order's reference in links (192 random bits, base64url: see the orders module). */
export const orderHashSchema = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not an order reference.')));

const MAX_INTEGER = 2_147_483_647;
const wholeNumber = lazySchema(() => z.coerce.number({ error: 'Must be a number.' }).check(z.refine(Number.isInteger, 'Must be a whole number.')));

/** The most orders one page may ask for. */
export const ORDERS_MAX_LIMIT = 50;

export const ORDER_SORTS = ['created', 'number', 'to_pay'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * sort created (the default), number or to_pay; direction asc or desc in either case (default
 * DESC: newest first); page from 1; limit 1 to 50 (SPEC §9: 15 orders a page); abandoned 'true'
 * lists only the orders still to pay (SPEC §2 'Abandoned carts': NOT_PAID).
 */
export const orderListQuerySchema = lazySchema(() => z.object({
  sort: z._default(z.enum(ORDER_SORTS), 'created'),
  direction: z._default(z.pipe(z.string().check(z.toUpperCase()), z.enum(['ASC', 'DESC'])), 'DESC'),
  page: z._default(wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')), 1),
  limit: z._default(wholeNumber.check(z.gte(1, 'Must be 1 or more.'), z.lte(ORDERS_MAX_LIMIT, `At most ${ORDERS_MAX_LIMIT}.`)), PAGE_SIZE.orders),
  abandoned: z._default(z.enum(['true', 'false']), 'false'),
}));
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** SPEC §3 Order line as the order list shows it, with the line's latest return (has_return, return {id, status}) if any, what was refunded of it and its warranty's term. */
export const orderListLineSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  image: z.string(),
  warranty_name: z.string(),
  gross_value: z.int(),
  has_return: z.boolean(),
  return: z.nullable(z.object({ id: z.int(), status: z.string() })),
  /** Pence of the line's price refunded already (its returns' refunds and its warranty claims'); a line refunded in full is not returned again. */
  refunded: z.int(),
  /** A paid line sold with a warranty: when the warranty ends and whether it is in force now, by the shop's clock (issue 32). */
  warranty: z.optional(z.object({ ends_at: z.string(), in_warranty: z.boolean() })),
  /** Issue 17: the vehicle the line was bought for and the fit shown then; absent when bought without one. */
  vehicle: z.optional(orderLineVehicleSchema),
}));

/** SPEC §3 Order. `created` is an ISO date-time; `pay_again` is true while the order is NOT_PAID. */
export const orderListOrderSchema = lazySchema(() => z.object({
  hash: z.string(),
  number: z.string(),
  created: z.string(),
  to_pay: z.int(),
  pay_again: z.boolean(),
  order_status: z.object({ name: z.string(), color_rgba: z.string() }),
  order_status_id: z.int(),
  order_products: z.array(orderListLineSchema),
  /** Once dispatched: the carrier and the tracking number to follow the parcel with. */
  shipment: z.optional(z.object({ carrier: z.string(), tracking_number: z.string() })),
}));
export type OrderListOrder = z.infer<typeof orderListOrderSchema>;

/**
 * GET /orders/getList.json — the visitor's orders: the signed-in member's, and those placed from
 * this session (a guest's). 401 without a session. Every order reached through the list is the
 * visitor's own; nobody else's is ever counted.
 */
export const getOrderList = defineCall({
  method: 'GET',
  path: '/orders/getList.json',
  summary: "The visitor's orders, sorted and paged; abandoned=true for the unpaid ones",
  query: orderListQuerySchema,
  response: lazySchema(() => success({ data: z.object({ orders: z.array(orderListOrderSchema), paginator: paginatorSchema }) })),
});

/**
 * GET /orders/invoice/{hash} — the VAT invoice of a paid order as a PDF (application/pdf,
 * content-disposition attachment; filename="invoice-{number}.pdf"), for its owner only. Not a
 * JSON call, so not a defineCall: failures still answer the §7 envelope — 401 without a session,
 * 404 for an order that is not the visitor's (or does not exist), 409 with
 * 'Invoice has not been generated yet, please try again later' for an unpaid one.
 */
export const orderInvoice = {
  method: 'GET',
  path: '/orders/invoice/:hash',
  params: z.object({ hash: orderHashSchema }),
} as const;

/** The file name the invoice is sent with (SPEC §7: the client names the download from it). */
export const invoiceFileName = (invoiceNumber: string) => `invoice-${invoiceNumber}.pdf`;
