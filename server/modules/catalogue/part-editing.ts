/**
 * The catalogue's service for the back office's stock editor: new parts (with fitments and first
 * price), a part edited, its status, its images. Built on the handle given (the editor's
 * transaction, `createPartEditing(tx)`), so the change commits with the editor's audit entry and
 * its own tables (the parts' warranties, the photos' files). SQL: part-editing-repository.ts.
 */
import type { PartStatusValue } from '../../db/schema';
import type { Database } from '../../db/client';
import { createPartEditingRepository, type PartInsert } from './part-editing-repository';

export type { PartInsert } from './part-editing-repository';

export function createPartEditing(db: Database) {
  const repository = createPartEditingRepository(db);
  return {
    /** New parts with their fitments and first price; answers their ids in the rows' order. */
    insertParts: (rows: readonly PartInsert[], at: Date) => repository.insertParts(rows, at),
    /** Every field of a part again, its fitments replaced; a new price starts a price history entry. */
    updatePart: (id: number, row: PartInsert, priceChanged: boolean, at: Date) => repository.updatePart(id, row, priceChanged, at),
    setStatus: (id: number, status: PartStatusValue, at: Date) => repository.setStatus(id, status, at),
    /** The part changed (its photos): its pages and kept answers are computed again. */
    touch: (id: number, at: Date) => repository.touch(id, at),
    addImage: (partId: number, image: { seed: number; alt: string; position: number }) => repository.addImage(partId, image),
    setPosition: (imageId: number, position: number) => repository.setPosition(imageId, position),
    /** False when the part has no such image. */
    removeImage: (partId: number, imageId: number) => repository.removeImage(partId, imageId),
  };
}

export type PartEditing = ReturnType<typeof createPartEditing>;
