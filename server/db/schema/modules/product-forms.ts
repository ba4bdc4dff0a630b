/**
 * A product's forms: back-in-stock notifications and enquiries.
 * Owned by server/modules/product-forms: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { partTypes } from './catalogue';

export const NOTIFICATION_STATUSES = ['waiting', 'notified'] as const;

export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * A request to be e-mailed once when a part of the same part type, make and model is available
 * (SPEC §3 availability notification). 'waiting' until the back-in-stock run claims it; then
 * 'notified' with the part it was told about, in the transaction that puts the mail in the outbox.
 */
export const productNotifications = pgTable(
  'product_notifications',
  {
    id: serial('id').primaryKey(),
    /** The part whose page the request was made on (its Tag: stable across reseeds). */
    partTag: text('part_tag').notNull(),
    partTypeId: integer('part_type_id')
      .notNull()
      .references(() => partTypes.id),
    makeId: integer('make_id').notNull(),
    modelId: integer('model_id').notNull(),
    /** As the page showed them when asked, for the mails. */
    partName: text('part_name').notNull(),
    makeName: text('make_name').notNull(),
    modelName: text('model_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** When the person ticked the terms and privacy boxes (both required to store a request). */
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('waiting'),
    /** The available part the e-mail named, once notified. */
    notifiedPartTag: text('notified_part_tag'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The signed-in member who asked; null for a guest. No reference: members arrive later. */
    memberId: integer('member_id'),
    /** The asking session's id (a hash of the cookie token). */
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_notifications_status_check', sql`${t.status} IN ('waiting', 'notified')`),
    // The back-in-stock run reads only waiting requests, by what they match on.
    index('product_notifications_waiting_idx').on(t.partTypeId, t.makeId, t.modelId, t.id).where(sql`${t.status} = 'waiting'`),
    // One waiting request per address and part type, make and model: asking twice mails once.
    uniqueIndex('product_notifications_one_waiting_idx')
      .on(sql`lower(${t.email})`, t.partTypeId, t.makeId, t.modelId)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

export const ENQUIRY_PRODUCT_TYPES = ['part', 'vehicle'] as const;

/** A product enquiry (SPEC §3 enquiry form), e-mailed to the shop in the same transaction. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    /** SPEC §3: fixed 'Enquiry form'. */
    formName: text('form_name').notNull(),
    productType: text('product_type', { enum: ENQUIRY_PRODUCT_TYPES }).notNull(),
    /** The part's Tag or the vehicle product's slug. */
    productRef: text('product_ref').notNull(),
    /** The product's name from the shop's own record when asked. */
    productName: text('product_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    emailAddress: text('email_address').notNull(),
    contactByPhone: boolean('contact_by_phone').notNull(),
    contactByEmail: boolean('contact_by_email').notNull(),
    message: text('message').notNull().default(''),
    /** When the terms and marketing boxes were ticked (both required to store an enquiry). */
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
    memberId: integer('member_id'),
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('enquiries_product_type_check', sql`${t.productType} IN ('part', 'vehicle')`),
    index('enquiries_created_idx').on(t.createdAt),
  ],
);
