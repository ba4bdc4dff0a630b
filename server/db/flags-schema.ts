/**
 * Feature flags as staff set them in the back office (SPEC §3's flags). A flag without a row
 * follows its FEATURE_* setting. Re-exported by schema.ts, from which drizzle-kit generates the
 * migrations.
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff-schema';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by').references(() => staff.id),
});
