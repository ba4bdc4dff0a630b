/** SQL of the sitemap: available parts in id order, and the other pages worth finding. */
import { and, asc, count, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badges, categories, makes, models, parts, partTypes, vehicleProducts } from '../../db/schema';

export interface SitemapPartRow {
  id: number;
  tag: string;
  partName: string;
  typeName: string;
  externalName: string;
  make: string;
  model: string;
  updatedAt: Date;
}

export interface PartRange {
  /** Ids above `after` and at most `upTo`. */
  after: number;
  upTo: number;
  count: number;
  lastModified: Date | null;
}

export function createSitemapRepository(db: Database) {
  return {
    async availablePartCount(): Promise<number> {
      const [row] = await db.select({ count: count() }).from(parts).where(eq(parts.status, 'available'));
      return row?.count ?? 0;
    },

    /**
     * Available parts counted per block of `size` ids ((id − 1) / size), only blocks that hold
     * any: the pages of a sitemap index, each with the latest change in it.
     */
    async partRanges(size: number): Promise<PartRange[]> {
      if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
      // Written into the SQL, not bound: GROUP BY must see the very expression the SELECT has,
      // and two bound parameters would be two expressions.
      const block = sql<number>`((${parts.id} - 1) / ${sql.raw(String(size))})::int`;
      const rows = await db
        .select({ block, count: count(), lastModified: max(parts.updatedAt) })
        .from(parts)
        .where(eq(parts.status, 'available'))
        .groupBy(block)
        .orderBy(block);
      return rows.map((row) => ({ after: row.block * size, upTo: (row.block + 1) * size, count: row.count, lastModified: row.lastModified }));
    },

    /** Up to `limit` available parts with ids above `after` and at most `upTo`, in id order. */
    async availableParts(after: number, upTo: number, limit: number): Promise<SitemapPartRow[]> {
      return db
        .select({
          id: parts.id,
          tag: parts.tag,
          partName: parts.partName,
          typeName: partTypes.name,
          externalName: partTypes.externalName,
          make: makes.name,
          model: models.name,
          updatedAt: parts.updatedAt,
        })
        .from(parts)
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .where(and(eq(parts.status, 'available'), gt(parts.id, after), lte(parts.id, upTo)))
        .orderBy(asc(parts.id))
        .limit(limit);
    },

    /** Vehicle products with their own page (variants share their parent's). */
    async vehicleProducts(): Promise<{ slug: string; createdAt: Date }[]> {
      return db
        .select({ slug: vehicleProducts.slug, createdAt: vehicleProducts.createdAt })
        .from(vehicleProducts)
        .where(isNull(vehicleProducts.parentId))
        .orderBy(asc(vehicleProducts.id));
    },

    async categoryIds(): Promise<number[]> {
      return (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position), asc(categories.id))).map((row) => row.id);
    },

    async badgeIds(): Promise<number[]> {
      return (await db.select({ id: badges.id }).from(badges).orderBy(asc(badges.id))).map((row) => row.id);
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
