/**
 * What customers ask of the shop (part requests), what the shop sends back (the mail outbox) and
 * what keeps a write from counting twice (used bot-check tokens, idempotency keys). Re-exported by
 * schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partTypes } from './core-schema';

/**
 * Where a part request stands (SPEC §3 part_request_status {name, color_rgba}); the account area
 * shows the name on a badge of that colour.
 */
export const PART_REQUEST_STATUSES = {
  new: { name: 'New', color_rgba: 'rgba(13, 110, 253, 1)' },
  searching: { name: 'Searching', color_rgba: 'rgba(255, 193, 7, 1)' },
  found: { name: 'Found', color_rgba: 'rgba(25, 135, 84, 1)' },
  not_found: { name: 'Not found', color_rgba: 'rgba(108, 117, 125, 1)' },
} as const;
export type PartRequestStatus = keyof typeof PART_REQUEST_STATUSES;
const PART_REQUEST_STATUS_CODES = Object.keys(PART_REQUEST_STATUSES) as [PartRequestStatus, ...PartRequestStatus[]];

export const partRequests = pgTable(
  'part_requests',
  {
    id: serial('id').primaryKey(),
    /** Cleaned: upper-cased, without spaces (src/domain cleanVrn). */
    carReg: text('car_reg').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** Null when a member typed the part's name instead of choosing a type (account part requests). */
    partTypeId: integer('part_type_id').references(() => partTypes.id),
    /** The part type's name when asked (what the customer saw, even if the type is renamed later), or the name typed. */
    partName: text('part_name').notNull(),
    status: text('status', { enum: PART_REQUEST_STATUS_CODES }).notNull().default('new'),
    /**
     * The part the shop found for the request (its Tag, as cart lines hold parts, so the catalogue
     * can be rebuilt); only a 'found' request has one. The account's list links to its page.
     */
    foundPartTag: text('found_part_tag'),
    /** The signed-in member who asked; null for a guest. No reference: members arrive later. */
    memberId: integer('member_id'),
    /** The asking session's id (itself a hash of the cookie token); sessions expire, requests stay. */
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('part_requests_status_check', sql`${table.status} IN (${sql.raw(PART_REQUEST_STATUS_CODES.map((code) => `'${code}'`).join(', '))})`),
    check('part_requests_found_part_check', sql`${table.foundPartTag} IS NULL OR ${table.status} = 'found'`),
  ],
);

/**
 * Every mail the shop sends, written in the transaction of what caused it, so a mail goes out
 * exactly when its cause was stored. With SMTP configured a relay delivers the unsent ones and
 * stamps sent_at; without, they stay here and /dev/outbox shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Failed hand-overs to SMTP; the relay gives up on a mail after a few. */
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  },
  // The relay's question: which mails are still to send, oldest first.
  (table) => [index('mail_outbox_unsent_idx').on(table.id).where(sql`${table.sentAt} IS NULL`)],
);

/**
 * Bot-check tokens already accepted, as SHA-256 hashes: the primary key makes a second use fail,
 * also when two requests race. Rows are useless once the token would have expired anyway.
 */
export const botCheckTokens = pgTable(
  'bot_check_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bot_check_tokens_expires_at_idx').on(table.expiresAt)],
);

/**
 * Answers of writes sent with an Idempotency-Key, per session: a repeat (an offline queue
 * replaying, a double tap) gets the stored answer instead of a second write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** The caller: the session's id, itself a hash of the cookie token. */
    sessionHash: text('session_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.sessionHash] }), index('idempotency_keys_created_at_idx').on(table.createdAt)],
);
