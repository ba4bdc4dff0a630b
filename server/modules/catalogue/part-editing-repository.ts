/**
 * The back office's changes to the catalogue's parts in SQL (the catalogue owns the parts, their
 * fitments, images and price history): new parts, a part edited, its status, its images. Each
 * function runs on the handle it was built with, so the stock editor runs them in its own
 * transactions, with its audit entry and the tables it owns (part-editing.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { PartDraft } from '../../../src/domain/stock-entry';
import type { Database } from '../../db/client';
import { fitments, partImages, parts, priceHistory, type PartStatusValue } from '../../db/schema';

/** A part ready to insert: the draft with what the shop adds (its category, AdditionalInfo). */
export interface PartInsert {
  draft: PartDraft;
  categoryId: number;
  additionalInfo: { Title: string; Value: string }[];
}

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

export function createPartEditingRepository(db: Database) {
  return {
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
      return ids;
    },

    /** Every field of a part again, its fitments replaced; a new price starts a price history entry. */
    async updatePart(id: number, row: PartInsert, priceChanged: boolean, at: Date): Promise<void> {
      await db.update(parts).set(rowOf(row, at)).where(eq(parts.id, id));
      await db.delete(fitments).where(eq(fitments.partId, id));
      await db.insert(fitments).values(row.draft.fitments.map((fitment) => ({ partId: id, partTypeId: row.draft.partTypeId, ...fitment })));
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

    /** A new image of the part (its stored sizes are the stock's); answers its id. */
    async addImage(partId: number, image: { seed: number; alt: string; position: number }): Promise<number> {
      const [row] = await db.insert(partImages).values({ partId, position: image.position, drawingSeed: image.seed, alt: image.alt }).returning({ id: partImages.id });
      if (!row) throw new Error('no image inserted');
      return row.id;
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
