/**
 * Warranty certificates of paid order lines and the claims made under them (issue 32).
 * Owned by server/modules/warranty: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_SETTLEMENTS, CLAIM_STATUSES } from '../../../../src/domain/warranty-claims';
import { bytea, inList } from '../columns';
import { members } from './members';
import { orderProducts, orders } from './orders';
import { staff } from './back-office/staff';

/**
 * One certificate per order line with a warranty, issued the first time it is asked for. `number`
 * is random (the public page is reached by it alone); `document` is everything the PDF shows,
 * fixed at issue (the part, the vehicle, the term), so the certificate never changes afterwards.
 */
export const warrantyCertificates = pgTable(
  'warranty_certificates',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderProductId: integer('order_product_id')
      .notNull()
      .unique()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The term: from the order's payment for the warranty's days. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    document: jsonb('document').notNull(),
  },
  (t) => [index('warranty_certificates_order_idx').on(t.orderId)],
);

/**
 * A member's warranty claim on one order line (issue 32): the reason and its answers, when the part
 * was fitted and at what mileage, the fitting garage. At most one claim per line is being decided
 * (warranty_claims_open_line_key), and a line whose claim was approved (settled) is never claimed
 * again (warranty_claims_settled_line_key); a rejected claim leaves the line free.
 */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => warrantyCertificates.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** One of src/domain/warranty-claims.ts CLAIM_REASONS. */
    reason: text('reason').notNull(),
    /** The reason's questions as answered: field name → value. */
    answers: jsonb('answers').notNull().default({}),
    fittedOn: date('fitted_on', { mode: 'string' }).notNull(),
    mileage: integer('mileage').notNull(),
    garageName: text('garage_name').notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('submitted'),
    /** Once approved: how it was settled, the amount refunded (pence) and the replacement order. */
    settlement: text('settlement', { enum: CLAIM_SETTLEMENTS }),
    settlementAmount: integer('settlement_amount'),
    replacementOrderId: integer('replacement_order_id').references(() => orders.id),
    /**
     * The idempotency key of the refund an approval asked for, written before the provider is asked:
     * a second approval under another key is refused while it stands, so a claim is refunded once.
     */
    refundKey: text('refund_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('warranty_claims_open_line_key').on(t.orderProductId).where(sql`${t.status} IN ('submitted', 'information_requested')`),
    uniqueIndex('warranty_claims_settled_line_key').on(t.orderProductId).where(sql`${t.settlement} IS NOT NULL`),
    index('warranty_claims_member_idx').on(t.memberId, t.createdAt),
    index('warranty_claims_status_idx').on(t.status, t.updatedAt),
    check('warranty_claims_status_check', sql`${t.status} IN (${inList(CLAIM_STATUSES)})`),
    check('warranty_claims_settlement_check', sql`${t.settlement} IS NULL OR ${t.settlement} IN (${inList(CLAIM_SETTLEMENTS)})`),
  ],
);

/** A claim's evidence as the shop keeps it: photos re-encoded as JPEG, the invoice as a checked PDF or a re-encoded photo. */
export const warrantyClaimFiles = pgTable(
  'warranty_claim_files',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => warrantyClaims.id, { onDelete: 'cascade' }),
    /** 'photos' or 'invoice'. */
    field: text('field').notNull(),
    /** The name the member's file had, shown to staff and used for the download. */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('warranty_claim_files_claim_idx').on(t.claimId)],
);

/**
 * A claim's history: its creation, each step staff took (with its message: the question asked, the
 * rejection's reason, the settlement) and each answer the member gave. staff_id null: the member's.
 */
export const warrantyClaimSteps = pgTable(
  'warranty_claim_steps',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => warrantyClaims.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: CLAIM_STATUSES }),
    toStatus: text('to_status', { enum: CLAIM_STATUSES }).notNull(),
    /** What the member reads with the step ('' for none). */
    message: text('message').notNull().default(''),
    details: jsonb('details').notNull().default({}),
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('warranty_claim_steps_claim_idx').on(t.claimId, t.at)],
);
