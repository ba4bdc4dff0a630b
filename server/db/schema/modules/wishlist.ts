/**
 * Wishlists.
 * Owned by server/modules/wishlist: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';

/** A member's wishlist: parts by Tag (stable across catalogue rebuilds, like cart lines). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('wishlist_items_member_idx').on(t.memberId, t.createdAt)],
);
