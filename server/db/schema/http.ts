/**
 * Idempotency keys (server/http/idempotency).
 * Owned by server/http: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
