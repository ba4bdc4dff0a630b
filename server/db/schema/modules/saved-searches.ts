/**
 * Trade buyers' saved searches.
 * Owned by server/modules/saved-searches: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { StockCriteria } from '../../../../src/domain/trade-buyers';
import { members } from './members';

/**
 * The query a saved search re-runs: part-search's own parameters (GET /products/part-search.json)
 * and the listing filters kept with it. Stored as given, so the page runs the normal search.
 */
export interface SavedSearchParams {
  vrn?: string;
  oem?: string;
  make?: string;
  model?: string;
  year?: number;
  partType?: number;
  soldOut?: boolean;
  price_from?: number;
  price_to?: number;
}

/**
 * A member's saved search. `criteria` is what it finds in catalogue terms, resolved when saved
 * (null: it names nothing the catalogue holds, e.g. an unknown registration). `seenArrival` is the
 * newest stock arrival when the member last viewed it: parts that arrived after are 'new'.
 */

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').$type<SavedSearchParams>().notNull(),
    criteria: jsonb('criteria').$type<StockCriteria>(),
    seenArrival: bigint('seen_arrival', { mode: 'number' }).notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_searches_member_idx').on(t.memberId, t.id)],
);
