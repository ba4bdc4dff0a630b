/**
 * The tables the other schema files refer to (part types) and the sessions, apart from schema.ts
 * so those files import them from here rather than from the file that gathers them all.
 */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PACKAGE_TYPES } from '../../src/domain/cart-totals';

export const partTypes = pgTable('part_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name as the parts feed spells it, e.g. 'STARTER_MOTOR' or '[Alternator]'; products match on it. */
  externalName: text('external_name').notNull().unique(),
  /** True when whether a part fits depends on the engine or model (shows the compatibility check). */
  compatibilityFlag: boolean('compatibility_flag').notNull().default(false),
  packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull().default('REGULAR_PARCELS'),
});

/**
 * Server-side sessions. The id is the SHA-256 of the cookie token, so a leaked table cannot be
 * replayed as cookies. Kept in the database so several API processes share them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    /** Null for an anonymous visitor; set when a member signs in (the session is rotated then). */
    memberId: integer('member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute expiry; the idle expiry is last_seen_at plus the idle timeout. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Set when the session was replaced (sign-in, sign-out, registration): it opens nothing from
     * then on, and is kept a few minutes so a request still in flight with its cookie is not given
     * a new session whose cookie would overwrite the replacement (session-store.ts).
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [index('sessions_expires_at_idx').on(table.expiresAt), index('sessions_last_seen_at_idx').on(table.lastSeenAt)],
);
