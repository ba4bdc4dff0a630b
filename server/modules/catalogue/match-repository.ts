/**
 * SQL of stock matching (issue 17): which available parts a saved search, garage vehicle or alert
 * finds, counted, or among the parts that just arrived. The same fitment rules as the searches
 * (fitmentConditions, makeConditions, the part-number prefix), so an alert finds what the search
 * would show.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StockCriteria } from '../../../src/domain/trade-buyers';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fitmentConditions, makeConditions, prefixPattern } from './repository';

/** Net price bounds in pence (null: none). */
export interface NetBounds {
  from: number | null;
  to: number | null;
}

/** The condition on part p that the criteria finds (status aside). */
function matches(criteria: StockCriteria): SQL {
  if (criteria.kind === 'part-number') return sql`p.oem_normalised LIKE ${prefixPattern(criteria.key)}`;
  if (criteria.modelIds.length === 0) return makeConditions(criteria);
  return sql`EXISTS (SELECT 1 FROM fitments f WHERE f.part_id = p.id AND ${fitmentConditions(criteria)})`;
}

function within(bounds: NetBounds): SQL {
  const conditions = [sql`TRUE`];
  if (bounds.from !== null) conditions.push(sql`p.price_net >= ${bounds.from}`);
  if (bounds.to !== null) conditions.push(sql`p.price_net <= ${bounds.to}`);
  return sql.join(conditions, sql` AND `);
}

export function createMatchRepository(db: Database) {
  return {
    /** Available parts the criteria finds now, and how many of them arrived after `seenArrival`. */
    async count(criteria: StockCriteria, bounds: NetBounds, seenArrival: number): Promise<{ matching: number; fresh: number }> {
      const [row] = await rowsOf<{ matching: number; fresh: number }>(
        db,
        sql`SELECT count(*)::int AS matching,
                   count(*) FILTER (WHERE EXISTS (SELECT 1 FROM stock_arrivals s WHERE s.part_id = p.id AND s.seq > ${seenArrival}))::int AS fresh
            FROM parts p WHERE p.status = 'available' AND ${matches(criteria)} AND ${within(bounds)}`,
      );
      return row ?? { matching: 0, fresh: 0 };
    },

    /** The newest arrival's number (0 before any): what 'seen' means at a member's view. */
    async newestArrival(): Promise<number> {
      const [row] = await rowsOf<{ seq: string | null }>(db, sql`SELECT max(seq)::text AS seq FROM stock_arrivals`);
      return row?.seq ? Number(row.seq) : 0;
    },

    /** Of the given parts, those still available that the criteria finds within the bounds. */
    async matchingOf(partIds: readonly number[], criteria: StockCriteria, bounds: NetBounds): Promise<number[]> {
      if (partIds.length === 0) return [];
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`SELECT p.id FROM parts p
            WHERE p.id = ANY(${sql.param([...partIds])}::int[]) AND p.status = 'available' AND ${matches(criteria)} AND ${within(bounds)}
            ORDER BY p.id`,
      );
      return rows.map((row) => row.id);
    },

    /** Part ids by Tag (Tags the catalogue does not have are left out). */
    async idsOfTags(tags: readonly string[]): Promise<Map<string, number>> {
      if (tags.length === 0) return new Map();
      const rows = await rowsOf<{ id: number; tag: string }>(db, sql`SELECT p.id, p.tag FROM parts p WHERE p.tag = ANY(${sql.param([...tags])}::text[])`);
      return new Map(rows.map((row) => [row.tag, row.id]));
    },
  };
}
