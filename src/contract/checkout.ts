/**
 * Checkout calls of SPEC §7 after the cart page: the addresses step (update-shipping, recent
 * addresses, countries, postcode lookup), creating the order and reading the created order.
 * Amounts are integer pence (see cart.ts for which are net and which gross).
 *
 * The body schema of update-shipping here is the shape only; the rules of SPEC §3/§5 (required
 * fields by mode and type, password, VAT number, postcode, phone) with the catalogue's messages are
 * src/domain/checkout-form.ts, the form's resolver and the server's check. A refused form answers
 * 422 with `errors` keyed by the field's path as react-hook-form names it, e.g. 'email',
 * 'member_profile.mobile', 'member_address.vat_no', 'shipping.postcode'.
 */
import * as z from 'zod/mini';
import { billingShape, formShape, shippingShape } from '../domain/checkout-form';
import { addressSchema, cartSchema } from './cart';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

// ---------------------------------------------------------------------------------------------
// The addresses step

/** SPEC §3 Registration/checkout form member_address (billing). */
export const checkoutBillingAddressSchema = billingShape;

/** SPEC §3 shipping: the billing fields without vat_no, plus the delivery phone. */
export const checkoutShippingAddressSchema = shippingShape;

/**
 * SPEC §3 Registration/checkout form. Three ways in, by who is asking:
 * - a signed-in member: email, password and the agreements are ignored; the member's profile and
 *   addresses are updated;
 * - a visitor with is_guest true: a guest account for this checkout only (no password, cannot sign
 *   in); agree_terms and agree_privacy must be true;
 * - a visitor with is_guest false: registration during checkout. email (not already registered),
 *   password by the domain's rule (PASSWORD_RULE_TEXT), confirm_password equal; agree_terms true.
 *   The session is then signed in (rotated: new session and CSRF cookies) and the cart comes along.
 * type COMPANY needs the companyAccount flag, member_address.company_name and a valid
 * member_address.vat_no; PRIVATE needs member_address first and last name.
 * same_shipping_address true uses the billing address for delivery; false needs `shipping`.
 * For a UK country (id 235) the postcodes must have the UK pattern, and the delivery postcode must
 * match the cart's region_postcode (SPEC §5, 'Postcode is different…').
 */
export const updateShippingBodySchema = formShape;
export type UpdateShippingBody = z.input<typeof updateShippingBodySchema>;

/**
 * POST /carts/update-shipping — the addresses step. Answers the cart with its billing and delivery
 * addresses, and the member it now belongs to: `id`, `first_name`, `last_name` (the new member
 * after a registration, the guest account for a guest, the member otherwise). `signed_in` is true
 * when this call signed the visitor in (registration): the page should refresh its app props and
 * read the new CSRF cookie. 404 when the cart is empty (SPEC §2 sends the person back to the cart).
 * A registration naming an address that already has an account is 422 on `email` (sign in instead).
 */
export const updateShipping = defineCall({
  method: 'POST',
  path: '/carts/update-shipping',
  summary: 'Addresses step: member, guest or registration, and the addresses',
  body: updateShippingBodySchema,
  response: lazySchema(() => success({
    msg: z.string(),
    cart: cartSchema,
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    is_guest: z.boolean(),
    signed_in: z.boolean(),
  })),
});

export const recentMemberSchema = lazySchema(() => z.object({
  id: z.int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.enum(['PRIVATE', 'COMPANY']),
  is_guest: z.boolean(),
  same_shipping_address: z.boolean(),
  member_profile: z.object({ mobile: z.string(), phone: z.string(), company_name: z.string(), vat_no: z.string() }),
}));

/**
 * GET /addresses/get-recent — what the addresses form starts from: the signed-in member (or the
 * guest account of this cart) and the addresses last used; all null for a new visitor.
 */
export const getRecentAddresses = defineCall({
  method: 'GET',
  path: '/addresses/get-recent',
  summary: 'The member and the billing and delivery addresses last used',
  response: lazySchema(() => success({
    data: z.object({
      member: z.nullable(recentMemberSchema),
      billing_address: z.nullable(addressSchema),
      delivery_address: z.nullable(addressSchema),
    }),
  })),
});

/** GET /countries/get-list — `data` maps a country id to its name; 235 is United Kingdom. */
export const getCountries = defineCall({
  method: 'GET',
  path: '/countries/get-list',
  summary: 'Countries for the address forms',
  response: lazySchema(() => success({ data: z.record(z.string(), z.string()) })),
});

export const lookedUpAddressSchema = lazySchema(() => z.object({
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  country_id: z.int(),
}));
export type LookedUpAddress = z.infer<typeof lookedUpAddressSchema>;

/**
 * GET /addresses/lookup?postcode= — the addresses at a UK postcode. Changed from SPEC §7, where
 * the browser called a lookup service with an embedded key: the server asks (its embedded dataset
 * by default, Ideal Postcodes when IDEAL_POSTCODES_API_KEY is set), so no key reaches the browser.
 * 422 on `postcode` when it is not UK-shaped; 404 when the postcode is not known (the person may
 * still type the address); 503 when the lookup service cannot answer.
 */
export const lookupAddresses = defineCall({
  method: 'GET',
  path: '/addresses/lookup',
  summary: 'Addresses at a UK postcode',
  query: lazySchema(() => z.object({ postcode: z.string().check(z.maxLength(15, 'At most 15 characters.')) })),
  response: lazySchema(() => success({ postcode: z.string(), addresses: z.array(lookedUpAddressSchema) })),
});

// ---------------------------------------------------------------------------------------------
// The order

/**
 * PATCH /carts/create-order — re-checks and re-prices the cart, reserves its parts and creates the
 * order (status NOT_PAID = 1), then closes the cart and e-mails the confirmation. Answers where to
 * go: `redirect` is '/order-created?hash={hash}'.
 *
 * Idempotent: a repeat (double click, retry) for a cart already ordered answers the same order.
 * 409: a part went meanwhile (`msg` names it; `errors.gone` lists the Tags; GET /carts/get-cart
 * then shows those lines with status 'gone'), or the discount code no longer applies (taken off
 * the cart; `msg` says why; a second create-order goes ahead without it). 422 `errors` naming
 * what is missing: `cart_products` (empty), `region_id`, `region_postcode`, `delivery_id`,
 * `billing_address` (update-shipping not done).
 */
export const createOrder = defineCall({
  method: 'PATCH',
  path: '/carts/create-order',
  summary: 'Create the order from the cart',
  response: lazySchema(() => success({
    msg: z.string(),
    redirect: z.string(),
    order: z.object({ number: z.string(), hash: z.string(), to_pay: z.int() }),
  })),
});

export const orderProductSchema = lazySchema(() => z.object({
  id: z.int(),
  tag: z.string(),
  name: z.string(),
  image: z.string(),
  quantity: z.int(),
  net_price: z.int(),
  gross_price: z.int(),
  warranty_name: z.string(),
  warranty_price: z.int(),
  warranty_gross_price: z.int(),
  value: z.int(),
  gross_value: z.int(),
}));

/** SPEC §3 Order, with everything the order-created page shows. */
export const createdOrderSchema = lazySchema(() => z.object({
  number: z.string(),
  hash: z.string(),
  /** ISO 8601. */
  created: z.string(),
  order_status_id: z.int(),
  order_status: z.object({ name: z.string(), color_rgba: z.string() }),
  pay_again: z.boolean(),
  email: z.string(),
  order_products: z.array(orderProductSchema),
  sub_total: z.int(),
  amount_discount_threshold: z.int(),
  delivery_value: z.int(),
  commission_value: z.int(),
  tax_value: z.int(),
  total_value: z.int(),
  discount_code_name: z.nullable(z.string()),
  discount_code_amount: z.int(),
  to_pay: z.int(),
  delivery_name: z.string(),
  region_name: z.string(),
  billing_address: addressSchema,
  delivery_address: addressSchema,
  comments_delivery: z.string(),
  /** ISO 8601: until then the parts are held for this order; unpaid after it, they go back on sale. */
  hold_expires_at: z.string(),
  /** What happens next, paragraphs of plain text. */
  next_steps: z.array(z.string()),
}));
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/**
 * GET /orders/created/{hash} — the order just created, for the order-created page. Only for its
 * owner: the session that created it or the member it belongs to; anyone else gets 404.
 */
export const getCreatedOrder = defineCall({
  method: 'GET',
  path: '/orders/created/:hash',
  summary: 'An order just created, for its owner',
  params: lazySchema(() => z.object({ hash: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not an order reference.')) })),
  response: lazySchema(() => success({ order: createdOrderSchema })),
});

/** Re-exported so a screen importing the checkout calls has the shared shapes at hand. */
export { addressSchema, cartSchema };
