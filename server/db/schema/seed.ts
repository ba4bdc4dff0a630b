/**
 * Reference data nobody edits: only the seeder writes these tables (server/seed). The countries
 * addresses and delivery regions are in.
 * Re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2. */
  iso2: text('iso2').notNull().unique(),
});
