/** SQL of the back office's stock: the reference the part form chooses from, parts, fitments and photos. */
import { and, asc, count, desc, eq, inArray, like, min, or, type SQL, sql } from 'drizzle-orm';
import type { PartDraft } from '../../../../src/domain/stock-entry';
import type { Database } from '../../../db/client';
import {
  categoryPartTypes,
  fitments,
  gradings,
  makes,
  models,
  partImages,
  partPhotoFiles,
  parts,
  partTypes,
  partTypeWarranties,
  partWarranties,
  priceHistory,
  warranties,
  type PartStatusValue,
  type PhotoFormat,
} from '../../../db/schema';

export interface StockFilter {
  /** Upper-cased Tag or stock number as typed, and its part-number key. */
  q?: { text: string; key: string } | undefined;
  status?: PartStatusValue | undefined;
  partTypeId?: number | undefined;
  makeId?: number | undefined;
  modelId?: number | undefined;
}

/** A part as stored, with what its row refers to. */
export type PartRow = typeof parts.$inferSelect;

/** A part ready to insert: the draft with what the shop adds (its category, AdditionalInfo). */
export interface PartInsert {
  draft: PartDraft;
  categoryId: number;
  additionalInfo: { Title: string; Value: string }[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function rowOf({ draft, categoryId, additionalInfo }: PartInsert, at: Date) {
  return {
    tag: draft.tag,
    stockNumber: draft.stockNumber,
    partTypeId: draft.partTypeId,
    categoryId,
    makeId: draft.makeId,
    modelId: draft.modelId,
    year: draft.year,
    engineCode: draft.engineCode,
    partName: draft.partName,
    description: draft.description,
    oem: draft.oemNumbers.join(', '),
    oemNormalised: draft.oemNormalised,
    grade: draft.grade,
    priceNet: draft.priceNet,
    rrpNet: draft.rrpNet,
    likelyMatchNote: draft.likelyMatchNote,
    packageType: draft.packageType,
    additionalInfo,
    updatedAt: at,
  };
}

export function createStockRepository(db: Database) {
  const where = (filter: StockFilter): SQL | undefined =>
    and(
      ...[
        filter.q &&
          or(
            like(parts.tag, `${escapeLike(filter.q.text)}%`),
            like(parts.stockNumber, `${escapeLike(filter.q.text)}%`),
            filter.q.key === '' ? undefined : like(parts.oemNormalised, `${escapeLike(filter.q.key)}%`),
          ),
        filter.status && eq(parts.status, filter.status),
        filter.partTypeId === undefined ? undefined : eq(parts.partTypeId, filter.partTypeId),
        filter.makeId === undefined ? undefined : eq(parts.makeId, filter.makeId),
        filter.modelId === undefined ? undefined : eq(parts.modelId, filter.modelId),
      ].filter((c): c is SQL => c !== undefined),
    );

  return {
    async reference() {
      const [types, typeWarranties, makeRows, modelRows, gradeRows, categories, shopWarranties] = await Promise.all([
        db.select({ id: partTypes.id, name: partTypes.name, externalName: partTypes.externalName, packageType: partTypes.packageType }).from(partTypes).orderBy(asc(partTypes.name)),
        db
          .select({ partTypeId: partTypeWarranties.partTypeId, id: warranties.id, name: warranties.name, value: warranties.value })
          .from(partTypeWarranties)
          .innerJoin(warranties, eq(warranties.id, partTypeWarranties.warrantyId))
          .orderBy(asc(warranties.position), asc(warranties.id)),
        db.select({ id: makes.id, name: makes.name }).from(makes).orderBy(asc(makes.name)),
        db
          .select({ id: models.id, makeId: models.makeId, name: models.name, generation: models.generation, yearFrom: models.yearFrom, yearTo: models.yearTo })
          .from(models)
          .orderBy(asc(models.name), asc(models.yearFrom)),
        db.select({ level: gradings.level, title: gradings.title }).from(gradings).orderBy(asc(gradings.level)),
        db.select({ partTypeId: categoryPartTypes.partTypeId, categoryId: min(categoryPartTypes.categoryId) }).from(categoryPartTypes).groupBy(categoryPartTypes.partTypeId),
        db.select({ id: warranties.id, name: warranties.name, value: warranties.value }).from(warranties).orderBy(asc(warranties.position), asc(warranties.id)),
      ]);
      return { types, typeWarranties, makes: makeRows, models: modelRows, grades: gradeRows, categories, warranties: shopWarranties };
    },

    /** Which of these Tags the shop has already. */
    async takenTags(tags: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < tags.length; start += 1000) {
        const rows = await db.select({ tag: parts.tag }).from(parts).where(inArray(parts.tag, tags.slice(start, start + 1000)));
        for (const row of rows) found.add(row.tag);
      }
      return found;
    },

    async count(filter: StockFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(parts).where(where(filter));
      return row?.total ?? 0;
    },

    async page(filter: StockFilter, limit: number, offset: number) {
      return db
        .select({
          id: parts.id,
          tag: parts.tag,
          stockNumber: parts.stockNumber,
          partName: parts.partName,
          typeName: partTypes.name,
          externalName: partTypes.externalName,
          make: makes.name,
          model: models.name,
          generation: models.generation,
          year: parts.year,
          oem: parts.oem,
          grade: parts.grade,
          priceNet: parts.priceNet,
          status: parts.status,
          updatedAt: parts.updatedAt,
          photos: sql<number>`(select count(*)::int from ${partImages} where ${partImages.partId} = ${parts.id})`,
          mainImage: sql<{ id: number; seed: number } | null>`(select json_build_object('id', i.id, 'seed', i.drawing_seed) from part_images i where i.part_id = ${parts.id} order by i.position, i.id limit 1)`,
        })
        .from(parts)
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .where(where(filter))
        .orderBy(desc(parts.createdAt), desc(parts.id))
        .limit(limit)
        .offset(offset);
    },

    /** The part, locked for the change when `forUpdate`. */
    async part(id: number, forUpdate = false): Promise<PartRow | undefined> {
      const query = db.select().from(parts).where(eq(parts.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async names(part: Pick<PartRow, 'partTypeId' | 'makeId' | 'modelId'>) {
      const [row] = await db
        .select({ typeName: partTypes.name, externalName: partTypes.externalName, packageType: partTypes.packageType, make: makes.name, model: models.name })
        .from(partTypes)
        .innerJoin(makes, eq(makes.id, part.makeId))
        .innerJoin(models, eq(models.id, part.modelId))
        .where(eq(partTypes.id, part.partTypeId));
      return row;
    },

    /** The warranties a part offers of its own (none: its part type's), the preselected one marked. */
    async partWarrantiesOf(partId: number) {
      return db
        .select({ id: warranties.id, name: warranties.name, value: warranties.value, isDefault: partWarranties.isDefault })
        .from(partWarranties)
        .innerJoin(warranties, eq(warranties.id, partWarranties.warrantyId))
        .where(eq(partWarranties.partId, partId))
        .orderBy(asc(warranties.position), asc(warranties.id));
    },

    async warrantiesOf(partTypeId: number) {
      return db
        .select({ id: warranties.id, name: warranties.name, value: warranties.value, isDefault: warranties.isDefault })
        .from(partTypeWarranties)
        .innerJoin(warranties, eq(warranties.id, partTypeWarranties.warrantyId))
        .where(eq(partTypeWarranties.partTypeId, partTypeId))
        .orderBy(asc(warranties.position), asc(warranties.id));
    },

    async fitmentsOf(partId: number) {
      return db
        .select({ modelId: fitments.modelId, name: models.name, generation: models.generation, yearFrom: fitments.yearFrom, yearTo: fitments.yearTo, engineCode: fitments.engineCode, level: fitments.level })
        .from(fitments)
        .innerJoin(models, eq(models.id, fitments.modelId))
        .where(eq(fitments.partId, partId))
        .orderBy(asc(fitments.level), asc(fitments.id));
    },

    async imagesOf(partId: number) {
      return db
        .select({ id: partImages.id, position: partImages.position, alt: partImages.alt, seed: partImages.drawingSeed })
        .from(partImages)
        .where(eq(partImages.partId, partId))
        .orderBy(asc(partImages.position), asc(partImages.id));
    },

    /**
     * New parts with their fitments and first price, a few statements for the lot (a thousand rows
     * of a CSV file are three inserts, not three thousand). Answers their ids in order.
     */
    async insertParts(rows: readonly PartInsert[], at: Date): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500);
        const added = await db
          .insert(parts)
          .values(batch.map((row) => ({ ...rowOf(row, at), status: row.draft.status, stockQuantity: row.draft.status === 'available' ? 1 : 0, createdAt: at })))
          .returning({ id: parts.id });
        ids.push(...added.map((part) => part.id));
      }
      const fitmentRows = rows.flatMap((row, index) =>
        row.draft.fitments.map((fitment) => ({ partId: ids[index]!, partTypeId: row.draft.partTypeId, ...fitment })),
      );
      for (let start = 0; start < fitmentRows.length; start += 1000) await db.insert(fitments).values(fitmentRows.slice(start, start + 1000));
      const prices = rows.map((row, index) => ({ partId: ids[index]!, priceNet: row.draft.priceNet, validFrom: at }));
      for (let start = 0; start < prices.length; start += 1000) await db.insert(priceHistory).values(prices.slice(start, start + 1000));
      const warrantyRows = rows.flatMap((row, index) => row.draft.warranties.map((warranty) => ({ partId: ids[index]!, ...warranty })));
      for (let start = 0; start < warrantyRows.length; start += 1000) await db.insert(partWarranties).values(warrantyRows.slice(start, start + 1000));
      return ids;
    },

    /** Every field of a part again, its fitments replaced; a new price starts a price history entry. */
    async updatePart(id: number, row: PartInsert, priceChanged: boolean, at: Date): Promise<void> {
      await db.update(parts).set(rowOf(row, at)).where(eq(parts.id, id));
      await db.delete(fitments).where(eq(fitments.partId, id));
      await db.insert(fitments).values(row.draft.fitments.map((fitment) => ({ partId: id, partTypeId: row.draft.partTypeId, ...fitment })));
      await db.delete(partWarranties).where(eq(partWarranties.partId, id));
      if (row.draft.warranties.length > 0) await db.insert(partWarranties).values(row.draft.warranties.map((warranty) => ({ partId: id, ...warranty })));
      if (priceChanged) await db.insert(priceHistory).values({ partId: id, priceNet: row.draft.priceNet, validFrom: at });
    },

    async setStatus(id: number, status: PartStatusValue, at: Date): Promise<void> {
      await db
        .update(parts)
        .set({ status, stockQuantity: status === 'available' ? 1 : 0, updatedAt: at })
        .where(eq(parts.id, id));
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(parts).set({ updatedAt: at }).where(eq(parts.id, id));
    },

    /** A new photo after the part's others, with every stored size. */
    async addPhoto(partId: number, photo: { seed: number; alt: string; position: number; files: { size: string; format: PhotoFormat; data: Buffer }[] }): Promise<number> {
      const [image] = await db.insert(partImages).values({ partId, position: photo.position, drawingSeed: photo.seed, alt: photo.alt }).returning({ id: partImages.id });
      if (!image) throw new Error('no image inserted');
      await db.insert(partPhotoFiles).values(photo.files.map((file) => ({ imageId: image.id, ...file })));
      return image.id;
    },

    async setPosition(imageId: number, position: number): Promise<void> {
      await db.update(partImages).set({ position }).where(eq(partImages.id, imageId));
    },

    async removeImage(partId: number, imageId: number): Promise<boolean> {
      const removed = await db
        .delete(partImages)
        .where(and(eq(partImages.id, imageId), eq(partImages.partId, partId)))
        .returning({ id: partImages.id });
      return removed.length > 0;
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
