/**
 * Part requests (the "find me a part" form).
 * Owned by server/modules/part-requests: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partTypes } from './catalogue';

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
