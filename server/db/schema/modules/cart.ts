/**
 * Carts and their lines, with what pricing a cart reads: regions, deliveries and their
 * prices, and discount codes.
 * Owned by server/modules/cart: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PACKAGE_TYPES } from '../../../../src/domain/cart-totals';
import { inList } from '../columns';
import { countries } from '../seed';
import { addresses, members } from './members';

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

/**
 * A cart line: one used part (quantity exactly 1) and its warranty. With cart holds on
 * (CART_HOLD_MINUTES > 0) a part is put in one cart at a time: the line holds it (the part
 * 'reserved') until `held_until`; the cart-hold round puts it back on sale once, stamping
 * `hold_ended_at`. Lines without `held_until` hold nothing (holds off, or made before them): such a
 * part may be in many carts until ordered.
 */
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
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** When the hold ended: put back on sale by the round, or handed to the cart's order. */
    holdEndedAt: timestamp('hold_ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_products_part_key').on(t.cartId, t.tag),
    index('cart_products_tag_idx').on(t.tag),
    index('cart_products_hold_idx').on(t.heldUntil).where(sql`${t.holdEndedAt} IS NULL`),
    check('cart_products_quantity_check', sql`${t.quantity} = 1`),
  ],
);
