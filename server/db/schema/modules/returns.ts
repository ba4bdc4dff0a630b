/**
 * Returns with their reasons, photos and steps.
 * Owned by server/modules/returns: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '../../../../src/domain/orders';
import { bytea, inList } from '../columns';
import { members } from './members';
import { orderProducts, orders } from './orders';
import { staff } from './back-office/staff';

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

/**
 * A return's history as staff moved it (SPEC §4): the status it left and reached, and what came
 * with the step — an approval's instructions and label or address, a rejection's reason.
 */
export const returnSteps = pgTable(
  'return_steps',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: RETURN_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: RETURN_STATUSES }).notNull(),
    details: jsonb('details').notNull().default({}),
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_steps_return_idx').on(t.returnId, t.at)],
);
