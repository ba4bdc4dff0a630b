/**
 * The stock editor's writes on one handle (its transaction): the parts, fitments, images and
 * prices through the catalogue, which owns them (`createPartEditing`), with the tables the stock
 * owns beside them (the parts' own warranties, the photos' stored files: repository.ts).
 */
import type { Database } from '../../../db/client';
import type { PhotoFormat } from '../../../db/schema';
import { createPartEditing, type PartInsert } from '../../catalogue/index';
import { createStockRepository } from './repository';

export function createStockWrites(db: Database) {
  const stock = createStockRepository(db);
  const catalogue = createPartEditing(db);
  return {
    /** New parts with their fitments, first price and own warranties; answers their ids in order. */
    async insertParts(rows: readonly PartInsert[], at: Date): Promise<number[]> {
      const ids = await catalogue.insertParts(rows, at);
      await stock.insertWarranties(rows, ids);
      return ids;
    },

    /** Every field of a part again, its fitments and own warranties replaced; a new price starts a price history entry. */
    async updatePart(id: number, row: PartInsert, priceChanged: boolean, at: Date): Promise<void> {
      await catalogue.updatePart(id, row, priceChanged, at);
      await stock.replaceWarranties(id, row);
    },

    setStatus: catalogue.setStatus,
    touch: catalogue.touch,

    /** A new photo after the part's others, with every stored size; answers the image's id. */
    async addPhoto(partId: number, photo: { seed: number; alt: string; position: number; files: { size: string; format: PhotoFormat; data: Buffer }[] }): Promise<number> {
      const imageId = await catalogue.addImage(partId, { seed: photo.seed, alt: photo.alt, position: photo.position });
      await stock.addPhotoFiles(imageId, photo.files);
      return imageId;
    },

    setPosition: catalogue.setPosition,
    removeImage: catalogue.removeImage,
  };
}
