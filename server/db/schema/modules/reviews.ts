/**
 * Reviews from real buyers (issue 32): a member's review of the part type of an order line they
 * bought and received, held for the back office's moderation, and the mail inviting it a week
 * after delivery. Owned by server/modules/reviews: only its repositories write these tables
 * (scripts/table-owners.test.ts); re-exported by server/db/schema.ts, from which drizzle-kit
 * generates the migrations. The catalogue's seeded reviews stay in its own `reviews` table.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './back-office/staff';
import { members } from './members';
import { orderProducts, orders } from './orders';

/** pending until content staff approve or reject it; only approved reviews are shown. */
export const BUYER_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const buyerReviews = pgTable(
  'buyer_reviews',
  {
    id: serial('id').primaryKey(),
    /** One review a line: the unique index refuses a second one even when two requests race. */
    orderProductId: integer('order_product_id')
      .notNull()
      .unique()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The bought part and its type at the time (no reference: the catalogue can be rebuilt). */
    partId: integer('part_id').notNull(),
    partTypeId: integer('part_type_id'),
    rate: smallint('rate').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: BUYER_REVIEW_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The moderation queue, oldest first; the part page's approved reviews of a part type.
    index('buyer_reviews_status_idx').on(t.status, t.createdAt),
    index('buyer_reviews_part_type_idx').on(t.partTypeId, t.status, t.createdAt),
    check('buyer_reviews_rate_check', sql`${t.rate} BETWEEN 1 AND 5`),
  ],
);

/** The review invitation mailed for a delivered order: the row is the claim, so each order is mailed once. */
export const reviewInvitations = pgTable('review_invitations', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
