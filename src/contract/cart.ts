/**
 * Cart calls of SPEC §7 (carts, delivery, discount codes) with the cart shape of SPEC §3, field
 * names spelt as the spec spells them (grouppedRegions included).
 *
 * Money: every amount is integer pence, as in catalogue.ts. Amounts named `price`, `net_…`,
 * `value`, `sub_total`, `delivery_value`, `commission_value`, `amount_discount_threshold` are net
 * of VAT; `gross_…`, `tax_value`, `total_value`, `discount_code_amount` and `to_pay` include it.
 * The server computes every amount with src/domain/cart-totals.ts; the browser never sends one
 * (payload fields of SPEC §7 that carry derived values, such as package_type or delivery_name on
 * update-region-and-delivery, are accepted for compatibility and ignored).
 *
 * How the amounts hang together (src/domain/cart-totals.ts):
 *   sub_total                 Σ lines still for sale (part net + warranty net) × quantity
 *   amount_discount_threshold the member's loyalty percent of sub_total (net)
 *   value_after_discount_threshold  sub_total − amount_discount_threshold
 *   delivery_value            the chosen delivery's net price for the region and package type
 *   commission_value          the payment type's commission (configuration; 0 by default)
 *   net total                 value_after_discount_threshold + delivery_value + commission_value
 *   tax_value, total_value    VAT 20 % on the net total, and net total + VAT
 *   discount_code_amount      the code's deduction, VAT included, taken off total_value like a
 *                             voucher: percent codes of the goods after loyalty (gross), fixed
 *                             codes their face value
 *   to_pay                    total_value − discount_code_amount, floored at 0 (SPEC §9)
 *
 * Every call answers 403 without the session's X-CSRF-Token (writes), 422 `{success:false, msg,
 * errors}` naming each wrong field, and 404 for a cart line that is not in this session's cart.
 */
import * as z from 'zod/mini';
import { PACKAGE_TYPES } from '../domain/cart-totals';
import { TAG_PATTERN } from '../domain/validation';
import { defineCall } from './define';
import { success } from './envelope';
import { lazySchema } from '../domain/lazy-schema';

/** The largest id, page or amount the database holds (a PostgreSQL integer). */
const MAX_INTEGER = 2_147_483_647;
const id = () => z.int().check(z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.'));
const tag = () => z.string().check(z.trim(), z.regex(TAG_PATTERN, 'Letters, digits and dashes only.'));

/** SPEC §3 package types, smallest first: a cart ships as its largest (src/domain/cart-totals.ts). */
export const packageTypeSchema = lazySchema(() => z.enum(PACKAGE_TYPES));
export type PackageTypeName = z.infer<typeof packageTypeSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses (SPEC §3 Address), as the cart and the addresses calls answer them

export const addressTypeSchema = lazySchema(() => z.enum(['BILLING', 'DELIVERY', 'BOTH']));

export const addressSchema = lazySchema(() => z.object({
  id: z.int(),
  address_type: addressTypeSchema,
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  vat_no: z.string(),
  postcode: z.string(),
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  city: z.string(),
  county: z.string(),
  phone: z.string(),
  country_id: z.int(),
  country: z.object({ name: z.string() }),
}));
export type Address = z.infer<typeof addressSchema>;

// ---------------------------------------------------------------------------------------------
// The cart (SPEC §3 Cart, Cart product)

export const availableWarrantySchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  /** Net price in pence (0 = free). */
  value: z.int(),
  gross_price: z.int(),
  is_default: z.boolean(),
}));
export type AvailableWarranty = z.infer<typeof availableWarrantySchema>;

/**
 * One cart line: one used part (quantity is always 1) with its warranty.
 *
 * `status` 'gone': the part was reserved or sold by someone else after it was added (or a
 * create-order found it gone). Such a line is shown, marked, and counts in no amount; the
 * customer must remove it (DELETE /carts/delete-item/{id}) before create-order succeeds. A
 * reservation that lapses puts the part back on sale and the line becomes 'available' again.
 */
export const cartProductSchema = lazySchema(() => z.object({
  /** The line's id: what DELETE /carts/delete-item/{id} takes. */
  id: z.int(),
  tag: z.string(),
  /** The part's id in the catalogue. */
  product_id: z.int(),
  name: z.string(),
  /** Image URL (the part's first photo) or '' when it has none. */
  image: z.string(),
  /** The product page path (src/domain/urls.ts productPath), for the name's link. */
  url: z.string(),
  quantity: z.int(),
  /** The part's net unit price; `price` repeats it under the catalogue's name. */
  net_price: z.int(),
  price: z.int(),
  gross_price: z.int(),
  /** The line's net value: (part + warranty) × quantity. */
  value: z.int(),
  /** The line's gross value: (gross part + gross warranty) × quantity. */
  gross_value: z.int(),
  tax_percentage: z.int(),
  warranty_id: z.nullable(z.int()),
  warranty_name: z.string(),
  /** The chosen warranty's net price. */
  warranty_price: z.int(),
  warranty_gross_price: z.int(),
  /** The warranties of the part's type, for the select (shown only with two or more). */
  available_warranties: z.array(availableWarrantySchema),
  package_type: packageTypeSchema,
  status: z.enum(['available', 'gone']),
  /** true exactly when status is 'gone'. */
  gone: z.boolean(),
  /**
   * Issue 32, the cart hold: when the hold this line put on its part ends (ISO 8601), or null for
   * a line that holds nothing (holds off, or its hold handed over). Past: 'No longer held', and
   * POST /carts/hold-again/{id} holds it again while the part is still free.
   */
  held_until: z.nullable(z.string()),
  /**
   * The hold's seconds left when the shop answered, by the shop's clock (0 once ended, null
   * without a hold): the browser counts down from when it got the answer, whatever its own clock
   * says.
   */
  hold_seconds_left: z.nullable(z.int()),
}));
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartMemberSchema = lazySchema(() => z.object({
  id: z.int(),
  is_guest: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The member's loyalty level (SPEC §3 discount threshold), null below the first paying one or
   *  when the discountThresholds flag is off. */
  discount_threshold: z.nullable(z.object({ id: z.int(), name: z.string(), discount: z.number() })),
}));

export const cartSchema = lazySchema(() => z.object({
  cart_products: z.array(cartProductSchema),
  /** Lines still for sale (gone lines excluded). */
  total_quantity: z.int(),
  sub_total: z.int(),
  gross_sub_total: z.int(),
  amount_discount_threshold: z.int(),
  value_after_discount_threshold: z.int(),
  delivery_value: z.int(),
  gross_delivery_value: z.int(),
  commission_value: z.int(),
  tax_value: z.int(),
  total_value: z.int(),
  discount_code_id: z.nullable(z.int()),
  discount_code_name: z.nullable(z.string()),
  discount_code_amount: z.int(),
  discount_code: z.nullable(z.object({ code: z.string() })),
  /**
   * Why the applied code takes nothing off at the moment (e.g. the basket fell below its minimum
   * after a removal), or null. The code stays on the cart until removed; create-order refuses
   * while it is set (409) and takes the code off.
   */
  discount_code_problem: z.nullable(z.string()),
  to_pay: z.int(),
  region_id: z.nullable(z.int()),
  region_postcode: z.string(),
  region: z.nullable(z.object({ id: z.int(), name: z.string(), country_id: z.int(), is_uk: z.boolean() })),
  delivery_id: z.nullable(z.int()),
  delivery_price_id: z.nullable(z.int()),
  delivery_name: z.nullable(z.string()),
  /** The cart's largest package type, null for an empty cart. */
  package_type: z.nullable(packageTypeSchema),
  /** The payment type whose commission applies (discount check-code's payment_type_id), or null. */
  payment_type_id: z.nullable(z.int()),
  billing_address_id: z.nullable(z.int()),
  delivery_address_id: z.nullable(z.int()),
  billing_address: z.nullable(addressSchema),
  delivery_address: z.nullable(addressSchema),
  same_shipping_address: z.boolean(),
  comments_delivery: z.string(),
  member_id: z.nullable(z.int()),
  member: z.nullable(cartMemberSchema),
  /** Tags of lines that are gone (see cartProductSchema), for a notice. */
  gone_tags: z.array(z.string()),
}));
export type Cart = z.infer<typeof cartSchema>;

/** A cart's amounts (cartTotals' figures as the answer carries them). */
type CartAmountKey = 'total_quantity' | 'sub_total' | 'gross_sub_total' | 'amount_discount_threshold' | 'value_after_discount_threshold' | 'delivery_value' | 'gross_delivery_value' | 'commission_value' | 'tax_value' | 'total_value' | 'discount_code_amount' | 'to_pay';

/**
 * What an empty cart answers besides its lines and amounts: no code, region, delivery, addresses or
 * member yet. The server's answer before the first add and the phone's cart never kept (no signal)
 * are both this.
 */
export function nothingChosenYet(): Omit<Cart, 'cart_products' | CartAmountKey> {
  return {
    discount_code_id: null,
    discount_code_name: null,
    discount_code: null,
    discount_code_problem: null,
    region_id: null,
    region_postcode: '',
    region: null,
    delivery_id: null,
    delivery_price_id: null,
    delivery_name: null,
    package_type: null,
    payment_type_id: null,
    billing_address_id: null,
    delivery_address_id: null,
    billing_address: null,
    delivery_address: null,
    same_shipping_address: true,
    comments_delivery: '',
    member_id: null,
    member: null,
    gone_tags: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Cart lines

/**
 * GET /carts/get-cart — the session's cart (the member's once signed in). Not shown in SPEC §7:
 * the client reads it on load. A visitor without a cart gets an empty one (nothing is stored until
 * the first add-item).
 */
export const getCart = defineCall({
  method: 'GET',
  path: '/carts/get-cart',
  summary: 'The current cart',
  response: lazySchema(() => success({ cart: cartSchema })),
});

/**
 * POST /carts/add-item — puts a part in the cart. `warranty_id` left out or null takes the part's
 * default warranty (SPEC §4); with more than one warranty and no default, 422 on
 * `product.warranty_id` (validation.required_warranty). quantity is exactly 1.
 *
 * 404: no part has this Tag. 409: the part is reserved, sold or not yet for sale; `msg` names it.
 * Adding a part already in the cart changes nothing except the warranty, when one is given.
 */
export const addCartItem = defineCall({
  method: 'POST',
  path: '/carts/add-item',
  summary: 'Add a part to the cart',
  body: lazySchema(() => z.object({
    product: z.object({
      tag: tag(),
      warranty_id: z.optional(z.nullable(id())),
      quantity: z._default(z.literal(1, 'A used part is one item: the quantity is 1.'), 1),
    }),
  })),
  response: lazySchema(() => success({ cart: cartSchema, msg: z.string() })),
});

/**
 * PATCH /carts/update-item — the warranty or the quantity of a line, found by its Tag in this
 * session's cart (404 otherwise). A used part is one item: any quantity but 1 is 422 on
 * `product.quantity`; a warranty the part's type does not offer is 422 on `product.warranty_id`.
 */
export const updateCartItem = defineCall({
  method: 'PATCH',
  path: '/carts/update-item',
  summary: 'Change the warranty (or quantity) of a cart line',
  body: lazySchema(() => z.object({
    product: z.object({
      tag: tag(),
      quantity: z.optional(z.int()),
      warranty_id: z.optional(id()),
    }),
  })),
  response: lazySchema(() => success({ cart: cartSchema, message: z.string() })),
});

/** A cart line's id in the path (its id in cart_products). */
const lineIdParams = lazySchema(() => z.object({ id: z.coerce.number().check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')) }));

/** DELETE /carts/delete-item/{id} — removes a line (its id in cart_products); 404 for a line of another cart. */
export const deleteCartItem = defineCall({
  method: 'DELETE',
  path: '/carts/delete-item/:id',
  summary: 'Remove a line from the cart',
  params: lineIdParams,
  response: lazySchema(() => success({ cart: cartSchema, message: z.string() })),
});

/**
 * POST /carts/hold-again/{id} — holds the part of this line (its id in cart_products) again for
 * the configured time, after its hold ended or while it runs (the hold starts afresh). Sent again,
 * it holds the part once: the line keeps one hold. 404 for a line of another cart (or none);
 * 409 when the part went meanwhile (sold, or in someone else's cart): `msg` names it and the
 * line shows as gone.
 */
export const holdCartItemAgain = defineCall({
  method: 'POST',
  path: '/carts/hold-again/:id',
  summary: 'Hold a cart line’s part again',
  params: lineIdParams,
  response: lazySchema(() => success({ cart: cartSchema, msg: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Regions and deliveries

export const regionSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  country_id: z.int(),
  region_group_id: z.int(),
  /** SPEC §9: UK regions (ids 1 to 7) take a postcode; others count as valid without one. */
  is_uk: z.boolean(),
}));
export type Region = z.infer<typeof regionSchema>;

export const regionGroupSchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  regions: z.array(regionSchema),
}));

export const deliverySchema = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  type: z.enum(['custom', 'courier', 'personal_pickup']),
  /** Comma-separated postcode prefixes the delivery is limited to; '' serves every postcode. */
  postcodes: z.string(),
  description: z.string(),
}));
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryPriceSchema = lazySchema(() => z.object({
  id: z.int(),
  /** Net price in pence. */
  price: z.int(),
  gross_price: z.int(),
  /** The delivery's name. */
  name: z.string(),
}));
export type DeliveryPrice = z.infer<typeof deliveryPriceSchema>;

/**
 * GET /carts/get-available-delivery-prices — every region (flat and grouped), every delivery, and
 * `deliveryPrices[deliveryId][regionId]` for the cart's package type `partTypePackage` (the
 * largest of its lines; REGULAR_PARCELS for an empty cart). A delivery is offered for a region
 * when it has a price there and, if it lists postcode prefixes, the postcode starts with one:
 * src/domain/cart-totals.ts offeredDeliveries() says which, the same rule the server applies.
 */
export const getAvailableDeliveryPrices = defineCall({
  method: 'GET',
  path: '/carts/get-available-delivery-prices',
  summary: 'Regions, deliveries and the delivery prices for the cart',
  response: lazySchema(() => success({
    deliveries: z.array(deliverySchema),
    deliveryPrices: z.record(z.string(), z.record(z.string(), deliveryPriceSchema)),
    regions: z.array(regionSchema),
    grouppedRegions: z.array(regionGroupSchema),
    partTypePackage: packageTypeSchema,
    /** SPEC §9 default region (1). */
    defaultRegionId: z.int(),
  })),
});

/**
 * POST /carts/validate-postcode — for a UK region, whether the postcode has the UK pattern (422 on
 * `region_postcode` with the catalogue's validation.postcode text if not) and which UK region it
 * belongs to: `postcodeMatching` is that region when it is not the one sent (e.g. BT… → Northern
 * Ireland, HS/KW/IV/ZE… → Highlands and Islands), else null. A non-UK region needs no postcode and
 * answers success with postcodeMatching null. Stores nothing.
 */
export const validatePostcode = defineCall({
  method: 'POST',
  path: '/carts/validate-postcode',
  summary: 'Check a delivery postcode against a region',
  body: lazySchema(() => z.object({ region_id: id(), region_postcode: z._default(z.string().check(z.maxLength(15, 'At most 15 characters.')), '') })),
  response: lazySchema(() => success({ msg: z.string(), postcodeMatching: z.nullable(z.object({ id: z.int(), name: z.string() })) })),
});

/**
 * PATCH /carts/update-region-and-delivery — stores the region, postcode and delivery. Each field
 * left out keeps its value. Changing the region without a delivery_id clears the delivery.
 * `discount_code_id: null` removes the discount code (the remove icon). 422 names region_id (no
 * such region), region_postcode (required and UK-shaped for a UK region, and in that region) and
 * delivery_id (not offered for this region, postcode and package type). member_id, package_type,
 * delivery_price_id and delivery_name are derived by the server and ignored when sent.
 */
export const updateRegionAndDelivery = defineCall({
  method: 'PATCH',
  path: '/carts/update-region-and-delivery',
  summary: 'Choose the region, postcode and delivery; remove the discount code',
  body: lazySchema(() => z.object({
    region_id: z.optional(id()),
    region_postcode: z.optional(z.string().check(z.maxLength(15, 'At most 15 characters.'))),
    delivery_id: z.optional(z.nullable(id())),
    discount_code_id: z.optional(z.nullable(id())),
    member_id: z.optional(z.nullable(z.int())),
    package_type: z.optional(z.nullable(z.string())),
    delivery_price_id: z.optional(z.nullable(z.int())),
    delivery_name: z.optional(z.nullable(z.string())),
  })),
  response: lazySchema(() => success({ cart: cartSchema, msg: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Discount codes

/** SPEC §9 payment methods, with the ids check-code's payment_type_id and the commission use. */
export const PAYMENT_TYPE_IDS = { STRIPE_CARD: 1, STRIPE_GOOGLE_PAY: 2, STRIPE_APPLE_PAY: 3, PAYPAL: 4 } as const;

export const discountCodeSchema = lazySchema(() => z.object({
  id: z.int(),
  display_name: z.string(),
  /** What it takes off this cart now, VAT included, in pence. */
  amount: z.int(),
}));

/**
 * POST /discount-codes/check-code.json — checks a code (case and spaces ignored) against this
 * cart and applies it: one code per cart, so a valid code replaces the one applied before.
 * `payment_type_id` (optional) sets the payment type whose commission the cart carries.
 *
 * A refused code answers 422 with `errors.code` and `msg` (empty: 'no discount code'; no postcode
 * for a UK region yet: 'region postcode' (SPEC §5); unknown, not yet valid, expired, used up,
 * basket below the minimum) and, as SPEC §8 has the client drop the discount, takes any code off
 * the cart.
 */
export const checkDiscountCode = defineCall({
  method: 'POST',
  path: '/discount-codes/check-code.json',
  summary: 'Apply a discount code to the cart',
  body: lazySchema(() => z.object({
    code: z.string().check(z.maxLength(40, 'At most 40 characters.')),
    delivery_id: z.optional(z.nullable(z.int())),
    payment_type_id: z.optional(z.nullable(z.int())),
  })),
  response: lazySchema(() => success({ msg: z.string(), discountCode: discountCodeSchema, cart: cartSchema })),
});
