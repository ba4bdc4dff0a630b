/**
 * The feature flags staff switch (SPEC §3).
 * Owned by server/modules/back-office/flags: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by').references(() => staff.id),
});
