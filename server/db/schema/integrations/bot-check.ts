/**
 * The bot check tokens already used.
 * Owned by server/integrations/bot-check: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
