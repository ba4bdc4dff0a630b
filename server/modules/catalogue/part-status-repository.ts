/**
 * A part's sale status in SQL (the catalogue owns the parts): reserved for an order or a cart's
 * hold, put back on sale, sold. Each function runs on the handle it was built with, so an order or
 * a cart hold moves its parts inside its own transaction (part-status.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The moment stamped on the part: the caller's, or the database's `now()`. */
const stamp = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}` : sql`now()`);

export function createPartStatusRepository(db: Database) {
  return {
    /**
     * The one place parts leave 'available' for an order: every Tag given or none. Rows are locked
     * in id order, so two carts sharing parts cannot deadlock on them. Answers the Tags reserved.
     */
    async reserve(tags: readonly string[], at: Date): Promise<string[]> {
      if (tags.length === 0) return [];
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`UPDATE parts SET status = 'reserved', updated_at = ${at.toISOString()}
            WHERE id IN (SELECT id FROM parts WHERE tag IN ${tags} AND status = 'available' ORDER BY id FOR UPDATE)
              AND status = 'available'
            RETURNING tag`,
      );
      return rows.map((row) => row.tag);
    },

    /** A cart line's hold reserves its part if it is on sale; answers whether it did. */
    async reserveOne(tag: string): Promise<boolean> {
      const rows = await rowsOf<{ tag: string }>(db, sql`UPDATE parts SET status = 'reserved', updated_at = now() WHERE tag = ${tag} AND status = 'available' RETURNING tag`);
      return rows.length > 0;
    },

    /** The reserved ones of `tags` are back on sale; answers their Tags. */
    async putBack(tags: readonly string[], at?: Date): Promise<string[]> {
      if (tags.length === 0) return [];
      const rows = await rowsOf<{ tag: string }>(db, sql`UPDATE parts SET status = 'available', updated_at = ${stamp(at)} WHERE tag IN ${tags} AND status = 'reserved' RETURNING tag`);
      return rows.map((row) => row.tag);
    },

    /** The reserved ones of `tags` are sold; answers their Tags. */
    async sell(tags: readonly string[], at: Date): Promise<string[]> {
      if (tags.length === 0) return [];
      const rows = await rowsOf<{ tag: string }>(db, sql`UPDATE parts SET status = 'sold', updated_at = ${at.toISOString()} WHERE tag IN ${tags} AND status = 'reserved' RETURNING tag`);
      return rows.map((row) => row.tag);
    },

    /** The parts' rows are touched (nothing else changes), so the kept answers (stock version) are computed again. */
    async touch(tags: readonly string[]): Promise<void> {
      for (const tag of tags) await rowsOf(db, sql`UPDATE parts SET updated_at = now() WHERE tag = ${tag}`);
    },
  };
}
