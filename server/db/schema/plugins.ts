/**
 * The sessions of the storefront and of the back office (the session plugins' stores).
 * Owned by server/plugins: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from './columns';
import { staff } from './modules/back-office/staff';

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

/**
 * Where a staff session stands: a visitor of the back office (holds only a CSRF token), the
 * password accepted and a code awaited, the password accepted and an authenticator to enrol, or
 * signed in.
 */
export const STAFF_SESSION_STAGES = ['anonymous', 'second-factor', 'enrol', 'signed-in'] as const;

export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

/**
 * Staff sessions, apart from the storefront's `sessions`: their own cookie, shorter lifetimes, and
 * a CSRF token a member's session never shares. The id is the SHA-256 of the cookie token.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: STAFF_SESSION_STAGES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_at_idx').on(t.expiresAt),
    check('staff_sessions_stage_check', sql`${t.stage} IN (${inList(STAFF_SESSION_STAGES)})`),
    check('staff_sessions_staff_check', sql`(${t.stage} = 'anonymous') = (${t.staffId} IS NULL)`),
  ],
);
