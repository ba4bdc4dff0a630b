/**
 * Member accounts (issue 15): single-use links (password reset, a guest becoming a member), failed
 * sign-ins for slowing guessers, the reasons members give for deleting their account, returns with
 * their reasons and photos, and wishlists. Re-exported by schema.ts, from which drizzle-kit
 * generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '../../src/domain/orders';
import { members, orderProducts, orders } from './checkout-schema';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Binary data (a re-encoded photo) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const MEMBER_TOKEN_PURPOSES = ['password_reset', 'guest_register'] as const;

/**
 * A link sent by e-mail that works once (password reset: for an hour; a guest's link to become a
 * member: longer). Only the SHA-256 of the token is kept, so a leaked table opens nothing.
 */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: MEMBER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_tokens_member_idx').on(t.memberId, t.purpose), check('member_tokens_purpose_check', sql`${t.purpose} IN (${inList(MEMBER_TOKEN_PURPOSES)})`)],
);

/**
 * Failed sign-ins, by account (the lower-cased e-mail) and by address: repeated failures slow
 * further tries of that account from that address and of that address, without locking the
 * account for its owner elsewhere. Old rows are useless and purged.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.account, t.at), index('sign_in_failures_address_idx').on(t.address, t.at)],
);

/** SPEC §7 GET /reason-for-deletions/get-list: why a member deletes their account. */
export const deletionReasons = pgTable('deletion_reasons', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** What a deleted account leaves: when and why (the member row itself is anonymised). */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull(),
  deletionReasonId: integer('deletion_reason_id')
    .notNull()
    .references(() => deletionReasons.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
});

/**
 * SPEC §7 return reasons: each with the form the customer fills in (form_fields: div, image,
 * images, radio, select, text, textarea; required; options; visible_if).
 */
export const returnReasons = pgTable('return_reasons', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
  formFields: jsonb('form_fields').notNull().default([]),
  active: boolean('active').notNull().default(true),
});

/**
 * A return of one paid order line (SPEC §4 return statuses). At most one open return per line: a
 * rejected or refunded one leaves the line free for another.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    returnReasonId: integer('return_reason_id')
      .notNull()
      .references(() => returnReasons.id),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('AWAITING_REVIEW'),
    /** The reason's form as filled in: field name → value (photos by return_files id). */
    answers: jsonb('answers').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('returns_open_line_key').on(t.orderProductId).where(sql`${t.status} NOT IN ('REFUNDED', 'REJECTED')`),
    index('returns_member_idx').on(t.memberId, t.createdAt),
    check('returns_status_check', sql`${t.status} IN (${inList(RETURN_STATUSES)})`),
  ],
);

/** A photo sent with a return, as re-encoded by the shop (never the bytes the browser sent). */
export const returnFiles = pgTable(
  'return_files',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    /** The form field it answers, e.g. 'photos'. */
    field: text('field').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_files_return_idx').on(t.returnId)],
);

/** A member's wishlist: parts by Tag (stable across catalogue rebuilds, like cart lines). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('wishlist_items_member_idx').on(t.memberId, t.createdAt)],
);
