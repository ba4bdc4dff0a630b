/**
 * The loyalty levels (discount thresholds).
 * Owned by server/modules/loyalty: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

/** SPEC §3 discount threshold: a loyalty level by turnover (gross pence of paid orders). */
export const discountThresholds = pgTable('discount_thresholds', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  icon: text('icon').notNull(),
  /** Percent off the goods. */
  discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  amountFrom: integer('amount_from').notNull(),
  /** Null for the last level, which has no upper bound. */
  amountTo: integer('amount_to'),
});
