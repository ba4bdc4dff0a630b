/**
 * SQL of what product pages show around a product: the part's own details and images, its
 * warranties, gradings, content pages, reviews, category information and vehicle products.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  categoryInfo,
  contentPages,
  gradings,
  manufacturers,
  makes,
  models,
  partImages,
  partTypes,
  partTypeWarranties,
  partWarranties,
  parts,
  vehicleProductImages,
  vehicleProducts,
  vehicleProductTabs,
  warranties,
} from '../../db/schema';
import { rowsOf } from '../../db/rows';

/** The CTE `shown`: a part's own reviews and the approved buyers' reviews of its part type. */
const shownReviews = (partId: number) => sql`shown AS (
  SELECT r.id, r.created_at, r.rate, r.name, NULL::text AS title, r.content, false AS verified FROM reviews r WHERE r.part_id = ${partId}
  UNION ALL
  SELECT b.id, b.created_at, b.rate, m.first_name, b.title, b.content, true
  FROM buyer_reviews b JOIN members m ON m.id = b.member_id JOIN parts p ON p.part_type_id = b.part_type_id
  WHERE p.id = ${partId} AND b.status = 'approved'
)`;

export interface PartDetailsRecord {
  id: number;
  partTypeId: number;
  categoryId: number;
  rrpNet: number | null;
  priceOldNet: number | null;
  stockNumber: string;
  engineCode: string;
  additionalInfo: { Title: string; Value: string }[];
  co2SavedKg: number | null;
  likelyMatchNote: string;
  compatibilityFlag: boolean;
}

export interface WarrantyRecord {
  id: number;
  name: string;
  value: number;
  isDefault: boolean;
}

export interface InfoRecord {
  makeId: number | null;
  modelId: number | null;
  partTypeId: number | null;
  kind: 'description' | 'accordion';
  title: string;
  content: string;
}

export type VehicleProductRecord = typeof vehicleProducts.$inferSelect;

/** Whose price history: a part's or a vehicle product's. */
type PriceOwner = { partId: number } | { vehicleProductId: number };

export function createPageRepository(db: Database) {
  return {
    async partByTag(tag: string): Promise<PartDetailsRecord | undefined> {
      const [row] = await db
        .select({
          id: parts.id,
          partTypeId: parts.partTypeId,
          categoryId: parts.categoryId,
          rrpNet: parts.rrpNet,
          priceOldNet: parts.priceOldNet,
          stockNumber: parts.stockNumber,
          engineCode: parts.engineCode,
          additionalInfo: parts.additionalInfo,
          co2SavedKg: parts.co2SavedKg,
          likelyMatchNote: parts.likelyMatchNote,
          compatibilityFlag: partTypes.compatibilityFlag,
        })
        .from(parts)
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .where(eq(parts.tag, tag));
      return row;
    },

    async partIdByTag(tag: string): Promise<number | undefined> {
      const [row] = await db.select({ id: parts.id }).from(parts).where(eq(parts.tag, tag));
      return row?.id;
    },

    async imagesOf(partId: number): Promise<{ id: number; alt: string; seed: number }[]> {
      return db
        .select({ id: partImages.id, alt: partImages.alt, seed: partImages.drawingSeed })
        .from(partImages)
        .where(eq(partImages.partId, partId))
        .orderBy(asc(partImages.position), asc(partImages.id));
    },

    /**
     * The warranties a part offers: its own when staff chose some (with its own preselection),
     * else its part type's, else the shop's default warranties.
     */
    async warrantiesOf(partId: number, partTypeId: number): Promise<WarrantyRecord[]> {
      const columns = { id: warranties.id, name: warranties.name, value: warranties.value };
      const own = await db
        .select({ ...columns, isDefault: partWarranties.isDefault })
        .from(warranties)
        .innerJoin(partWarranties, eq(partWarranties.warrantyId, warranties.id))
        .where(eq(partWarranties.partId, partId))
        .orderBy(asc(warranties.position), asc(warranties.id));
      if (own.length > 0) return own;
      const ofType = await db
        .select({ ...columns, isDefault: warranties.isDefault })
        .from(warranties)
        .innerJoin(partTypeWarranties, eq(partTypeWarranties.warrantyId, warranties.id))
        .where(eq(partTypeWarranties.partTypeId, partTypeId))
        .orderBy(asc(warranties.position), asc(warranties.id));
      if (ofType.length > 0) return ofType;
      return db.select({ ...columns, isDefault: warranties.isDefault }).from(warranties).where(eq(warranties.isDefault, true)).orderBy(asc(warranties.position), asc(warranties.id));
    },

    async listGradings() {
      return db
        .select({ level: gradings.level, title: gradings.title, description: gradings.description, bgColor: gradings.bgColor })
        .from(gradings)
        .orderBy(asc(gradings.level));
    },

    async contentPagesBySlug(slugs: readonly string[]) {
      return db
        .select({ slug: contentPages.slug, title: contentPages.title, content: contentPages.content })
        .from(contentPages)
        .where(inArray(contentPages.slug, [...slugs]));
    },

    /**
     * The lowest price of the 30 days before the current price began (SPEC §3, §9: the lowest
     * price before a discount): every price in force at some moment of those 30 days.
     */
    async lowestPriceBefore(owner: PriceOwner): Promise<number | null> {
      // Identifiers chosen here, never from input; the id is a parameter.
      const column = sql.raw('partId' in owner ? 'part_id' : 'vehicle_product_id');
      const id = 'partId' in owner ? owner.partId : owner.vehicleProductId;
      const [row] = await rowsOf<{ lowest: number | null }>(
        db,
        sql`WITH discount AS (SELECT max(d.valid_from) AS started FROM price_history d WHERE d.${column} = ${id}),
                 window_start AS (
                   SELECT coalesce(max(w.valid_from), '-infinity'::timestamptz) AS at FROM price_history w, discount
                   WHERE w.${column} = ${id} AND w.valid_from <= discount.started - interval '30 days')
            SELECT min(h.price_net)::int AS lowest FROM price_history h, discount, window_start
            WHERE h.${column} = ${id} AND h.valid_from < discount.started AND h.valid_from >= window_start.at`,
      );
      return row?.lowest ?? null;
    },

    /**
     * The part's reviews as shown: its own (the seeded ones) and the approved buyers' reviews of
     * its part type (issue 32; buyer_reviews is the reviews module's, read here to page the two
     * together), newest first. A buyer's review carries its title, the buyer's first name and
     * `verified`.
     */
    async reviewsPage(partId: number, offset: number, limit: number) {
      return rowsOf<{ id: number; createdAt: Date; rate: number; name: string; title: string | null; content: string; verified: boolean }>(
        db,
        sql`WITH ${shownReviews(partId)}
            SELECT id, created_at AS "createdAt", rate, name, title, content, verified FROM shown
            ORDER BY created_at DESC, verified DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
    },

    /** How many reviews the part shows and their average rate (null without any). */
    async reviewSummary(partId: number): Promise<{ count: number; average: number | null }> {
      const [row] = await rowsOf<{ count: number; average: string | null }>(db, sql`WITH ${shownReviews(partId)} SELECT count(*)::int AS count, avg(rate)::text AS average FROM shown`);
      return { count: row?.count ?? 0, average: row?.average == null ? null : Number(row.average) };
    },

    /** Category information rows written for any of the given (make, model, part type) combinations. */
    async categoryInfoFor(combinations: readonly { makeId: number | null; modelId: number | null; partTypeId: number | null }[]) {
      if (combinations.length === 0) return [];
      const same = (column: AnyPgColumn, value: number | null) => (value === null ? isNull(column) : eq(column, value));
      return db
        .select({
          makeId: categoryInfo.makeId,
          modelId: categoryInfo.modelId,
          partTypeId: categoryInfo.partTypeId,
          kind: categoryInfo.kind,
          title: categoryInfo.title,
          content: categoryInfo.content,
        })
        .from(categoryInfo)
        .where(
          or(
            ...combinations.map((c) =>
              and(same(categoryInfo.makeId, c.makeId), same(categoryInfo.modelId, c.modelId), same(categoryInfo.partTypeId, c.partTypeId)),
            ),
          ),
        )
        .orderBy(asc(categoryInfo.position), asc(categoryInfo.id));
    },

    async vehicleProductBySlug(slug: string): Promise<VehicleProductRecord | undefined> {
      const [row] = await db.select().from(vehicleProducts).where(eq(vehicleProducts.slug, slug));
      return row;
    },

    async vehicleProductById(id: number): Promise<VehicleProductRecord | undefined> {
      const [row] = await db.select().from(vehicleProducts).where(eq(vehicleProducts.id, id));
      return row;
    },

    async variantsOf(parentId: number): Promise<VehicleProductRecord[]> {
      return db.select().from(vehicleProducts).where(eq(vehicleProducts.parentId, parentId)).orderBy(asc(vehicleProducts.id));
    },

    async vehicleImagesOf(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: vehicleProductImages.id,
          vehicleProductId: vehicleProductImages.vehicleProductId,
          seed: vehicleProductImages.drawingSeed,
          isBanner: vehicleProductImages.isBanner,
          title: vehicleProductImages.title,
          alt: vehicleProductImages.alt,
        })
        .from(vehicleProductImages)
        .where(inArray(vehicleProductImages.vehicleProductId, ids))
        .orderBy(asc(vehicleProductImages.position), asc(vehicleProductImages.id));
    },

    async vehicleTabsOf(vehicleProductId: number) {
      return db
        .select({ id: vehicleProductTabs.id, kind: vehicleProductTabs.kind, title: vehicleProductTabs.title, content: vehicleProductTabs.content })
        .from(vehicleProductTabs)
        .where(eq(vehicleProductTabs.vehicleProductId, vehicleProductId))
        .orderBy(asc(vehicleProductTabs.position), asc(vehicleProductTabs.id));
    },

    async manufacturer(id: number) {
      const [row] = await db
        .select({ name: manufacturers.name, image: manufacturers.image, content: manufacturers.content })
        .from(manufacturers)
        .where(eq(manufacturers.id, id));
      return row;
    },

    async makeAndModelNames(makeId: number | null, modelId: number | null): Promise<{ make: string; model: string }> {
      const [make] = makeId === null ? [] : await db.select({ name: makes.name }).from(makes).where(eq(makes.id, makeId));
      const [model] = modelId === null ? [] : await db.select({ name: models.name }).from(models).where(eq(models.id, modelId));
      return { make: make?.name ?? '', model: model?.name ?? '' };
    },
  };
}

export type PageRepository = ReturnType<typeof createPageRepository>;
