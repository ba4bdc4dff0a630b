/**
 * SQL of the back office's stock: the reference the part form chooses from, the parts' lists and
 * reads, and the tables the stock owns (the parts' own warranties, the photos' stored files). The
 * parts, fitments, images and prices are written by the catalogue (its `createPartEditing`).
 */
import { and, asc, count, desc, eq, inArray, like, min, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { PartInsert } from '../../catalogue/index';
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

    /** The parts' own warranties (none: their part type's), for parts just made (`ids` in the rows' order). */
    async insertWarranties(rows: readonly PartInsert[], ids: readonly number[]): Promise<void> {
      const warrantyRows = rows.flatMap((row, index) => row.draft.warranties.map((warranty) => ({ partId: ids[index]!, ...warranty })));
      for (let start = 0; start < warrantyRows.length; start += 1000) await db.insert(partWarranties).values(warrantyRows.slice(start, start + 1000));
    },

    /** The part's own warranties replaced by the row's. */
    async replaceWarranties(id: number, row: PartInsert): Promise<void> {
      await db.delete(partWarranties).where(eq(partWarranties.partId, id));
      if (row.draft.warranties.length > 0) await db.insert(partWarranties).values(row.draft.warranties.map((warranty) => ({ partId: id, ...warranty })));
    },

    /** Every stored size of a photo (its image row is the catalogue's). */
    async addPhotoFiles(imageId: number, files: readonly { size: string; format: PhotoFormat; data: Buffer }[]): Promise<void> {
      await db.insert(partPhotoFiles).values(files.map((file) => ({ imageId, ...file })));
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
