/**
 * Cart and checkout (issue 7): where parts go (countries, regions, deliveries and their prices),
 * what takes money off (discount codes, loyalty thresholds), who buys (members with their profiles
 * and addresses), carts and the orders they become. Amounts are integer pence; net of VAT unless a
 * column says gross. Re-exported by schema.ts, from which drizzle-kit generates the migrations.
 *
 * Nothing here references the catalogue's tables (parts, warranties): the catalogue can be
 * rebuilt (`npm run seed -- --parts N`), which TRUNCATEs them, and a foreign key from a cart line
 * would stop that. Cart lines hold a part's Tag (stable for a seed); order lines are snapshots.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PACKAGE_TYPES } from '../../src/domain/cart-totals';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2. */
  iso2: text('iso2').notNull().unique(),
});

export const regionGroups = pgTable('region_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/**
 * Delivery regions (SPEC §3 Region). UK ones (SPEC §9: ids 1 to 7) list the postcode areas ('BT')
 * and districts ('PO30') that belong to them; the default region (1) lists none and takes the rest.
 */
export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
  regionGroupId: integer('region_group_id')
    .notNull()
    .references(() => regionGroups.id),
  postcodes: text('postcodes').notNull().default(''),
  position: smallint('position').notNull().default(0),
});

export const DELIVERY_TYPES = ['custom', 'courier', 'personal_pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** SPEC §3 Delivery: personal pickup is id 1, the courier id 2 (SPEC §9); others are custom. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: DELIVERY_TYPES }).notNull(),
    /** Comma-separated postcode prefixes the delivery is limited to; '' for none. */
    postcodes: text('postcodes').notNull().default(''),
    description: text('description').notNull().default(''),
    position: smallint('position').notNull().default(0),
  },
  (t) => [check('deliveries_type_check', sql`${t.type} IN (${inList(DELIVERY_TYPES)})`)],
);

/** What a delivery costs to a region for a package type (net pence); no row, not offered. */
export const deliveryPrices = pgTable(
  'delivery_prices',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_prices_key').on(t.deliveryId, t.regionId, t.packageType),
    index('delivery_prices_package_idx').on(t.packageType, t.regionId),
    check('delivery_prices_price_check', sql`${t.price} >= 0`),
  ],
);

export const DISCOUNT_CODE_KINDS = ['PERCENT', 'AMOUNT'] as const;

/** Discount codes: a percent off the goods or a fixed amount off (gross pence), one per cart. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** As customers type it, reduced by src/domain discountCodeKey (upper case, no spaces). */
    code: text('code').notNull().unique(),
    displayName: text('display_name').notNull(),
    kind: text('kind', { enum: DISCOUNT_CODE_KINDS }).notNull(),
    /** PERCENT: percent (two decimals). AMOUNT: pence, VAT included. */
    value: numeric('value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Orders that may use it in all; null for no limit. */
    usageLimit: integer('usage_limit'),
    /** Smallest basket (goods, gross pence) it applies to; null for any. */
    minimumBasket: integer('minimum_basket'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discount_codes_kind_check', sql`${t.kind} IN (${inList(DISCOUNT_CODE_KINDS)})`)],
);

/** SPEC §3 discount threshold: a loyalty level by turnover (gross pence of paid orders). */
export const discountThresholds = pgTable('discount_thresholds', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  icon: text('icon').notNull(),
  /** Percent off the goods. */
  discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  amountFrom: integer('amount_from').notNull(),
  /** Null for the last level, which has no upper bound. */
  amountTo: integer('amount_to'),
});

export const MEMBER_TYPES = ['PRIVATE', 'COMPANY'] as const;

/**
 * Members (SPEC §3 Member record). A guest (is_guest) is an account for one checkout: no password,
 * cannot sign in, and may share an email with other guests or a member; a member's email is unique.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id (PHC string); null for a guest. */
    passwordHash: text('password_hash'),
    type: text('type', { enum: MEMBER_TYPES }).notNull().default('PRIVATE'),
    isGuest: boolean('is_guest').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    sameShippingAddress: boolean('same_shipping_address').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_email_key').on(sql`lower(${t.email})`).where(sql`${t.isGuest} = false`),
    check('members_type_check', sql`${t.type} IN (${inList(MEMBER_TYPES)})`),
  ],
);

/** SPEC §3 Member profile. */
export const memberProfiles = pgTable('member_profiles', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  mobile: text('mobile').notNull().default(''),
  phone: text('phone').notNull().default(''),
  work: text('work').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  vatNo: text('vat_no').notNull().default(''),
  /** The marketing-profile answers as the JSON string the form emits (SPEC §3). */
  questionnaire: text('questionnaire').notNull().default(''),
});

export const ADDRESS_TYPES = ['BILLING', 'DELIVERY', 'BOTH'] as const;

/** SPEC §3 Address. Rows are never changed once an order may point at them: a new use is a new row. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    addressType: text('address_type', { enum: ADDRESS_TYPES }).notNull().default('BOTH'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    vatNo: text('vat_no').notNull().default(''),
    postcode: text('postcode').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    address3: text('address3').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull().default(''),
    phone: text('phone').notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_member_idx').on(t.memberId, t.id), check('addresses_type_check', sql`${t.addressType} IN (${inList(ADDRESS_TYPES)})`)],
);

export const CART_STATUSES = ['open', 'ordered', 'merged'] as const;

/**
 * A cart: the session's (one open cart per session), the member's once signed in (one open cart
 * per member, whichever session). Create-order closes it ('ordered', with its order); a visitor's
 * cart merged into a member's at sign-in is 'merged'.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** The session's id (itself a hash of the cookie token); moved along when the session rotates. */
    sessionId: text('session_id').notNull(),
    memberId: integer('member_id').references(() => members.id),
    status: text('status', { enum: CART_STATUSES }).notNull().default('open'),
    regionId: integer('region_id').references(() => regions.id),
    regionPostcode: text('region_postcode').notNull().default(''),
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    paymentTypeId: smallint('payment_type_id'),
    billingAddressId: integer('billing_address_id').references(() => addresses.id),
    deliveryAddressId: integer('delivery_address_id').references(() => addresses.id),
    sameShippingAddress: boolean('same_shipping_address').notNull().default(true),
    commentsDelivery: text('comments_delivery').notNull().default(''),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_open_session_key').on(t.sessionId).where(sql`${t.status} = 'open'`),
    uniqueIndex('carts_open_member_key').on(t.memberId).where(sql`${t.status} = 'open'`),
    index('carts_session_idx').on(t.sessionId, t.id),
    check('carts_status_check', sql`${t.status} IN (${inList(CART_STATUSES)})`),
  ],
);

/** A cart line: one used part (quantity exactly 1) and its warranty. A part may be in many carts until ordered. */
export const cartProducts = pgTable(
  'cart_products',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    warrantyId: integer('warranty_id'),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_products_part_key').on(t.cartId, t.tag), index('cart_products_tag_idx').on(t.tag), check('cart_products_quantity_check', sql`${t.quantity} = 1`)],
);

/**
 * Orders (SPEC §3 Order). One per cart (cart_id unique: a repeated create-order finds it). Totals
 * and addresses are copied at creation, so later changes to prices or addresses never alter it.
 * An unpaid order holds its parts (reserved) until hold_expires_at; then they go back on sale and
 * hold_released_at is stamped.
 */
export const orders = pgTable(
  'orders',
  {
    /** Taken from the sequence before the insert, so the number can be made from it. */
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** Random, 192 bits, URL-safe: the order's reference in links. */
    hash: text('hash').notNull().unique(),
    statusId: smallint('status_id').notNull().default(1),
    cartId: integer('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The session that created it: the owner check of the order-created page. */
    sessionId: text('session_id').notNull(),
    email: text('email').notNull(),
    subTotal: integer('sub_total').notNull(),
    grossSubTotal: integer('gross_sub_total').notNull(),
    amountDiscountThreshold: integer('amount_discount_threshold').notNull(),
    deliveryValue: integer('delivery_value').notNull(),
    commissionValue: integer('commission_value').notNull(),
    taxValue: integer('tax_value').notNull(),
    totalValue: integer('total_value').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCodeName: text('discount_code_name'),
    discountCodeAmount: integer('discount_code_amount').notNull().default(0),
    toPay: integer('to_pay').notNull(),
    regionId: integer('region_id').notNull(),
    regionName: text('region_name').notNull(),
    regionPostcode: text('region_postcode').notNull(),
    deliveryId: integer('delivery_id').notNull(),
    deliveryName: text('delivery_name').notNull(),
    packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull(),
    paymentTypeId: smallint('payment_type_id'),
    billingAddress: jsonb('billing_address').notNull(),
    deliveryAddress: jsonb('delivery_address').notNull(),
    commentsDelivery: text('comments_delivery').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_member_idx').on(t.memberId, t.createdAt),
    // The hold release's question: unpaid orders whose hold has run out and is not yet released.
    index('orders_hold_idx').on(t.holdExpiresAt).where(sql`${t.holdReleasedAt} IS NULL AND ${t.paidAt} IS NULL`),
    check('orders_to_pay_check', sql`${t.toPay} >= 0`),
  ],
);

/** A snapshot of each line as ordered: what was bought, with which warranty, at which prices. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The part's id at the time (no reference: the catalogue can be rebuilt). */
    partId: integer('part_id').notNull(),
    tag: text('tag').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    quantity: integer('quantity').notNull(),
    netPrice: integer('net_price').notNull(),
    grossPrice: integer('gross_price').notNull(),
    warrantyId: integer('warranty_id'),
    warrantyName: text('warranty_name').notNull(),
    warrantyPrice: integer('warranty_price').notNull(),
    warrantyGrossPrice: integer('warranty_gross_price').notNull(),
    value: integer('value').notNull(),
    grossValue: integer('gross_value').notNull(),
    taxPercentage: smallint('tax_percentage').notNull(),
  },
  (t) => [index('order_products_order_idx').on(t.orderId), index('order_products_tag_idx').on(t.tag)],
);

/** Which order used which discount code: the usage limit counts these rows. */
export const discountCodeUsages = pgTable(
  'discount_code_usages',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_code_usages_code_idx').on(t.discountCodeId)],
);
