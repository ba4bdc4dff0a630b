/** SQL of /thumbs: what a part image or a vehicle product image is drawn from. */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { partTypeName } from '../../../src/domain/part-types';
import type { Database } from '../../db/client';
import { makes, models, partImages, partPhotoFiles, parts, partTypes, type PhotoFormat, vehicleProductImages, vehicleProducts } from '../../db/schema';
import { partDrawing, type PartDrawing, type VehicleDrawing, vehicleDrawing } from './drawing';

export function createThumbRepository(db: Database) {
  return {
    /** What a part image is drawn from, and whether it is an uploaded photo with stored files instead. */
    async partImage(id: number): Promise<{ drawing: PartDrawing; stored: boolean } | undefined> {
      const [row] = await db
        .select({
          stored: sql<boolean>`exists (select 1 from ${partPhotoFiles} where ${partPhotoFiles.imageId} = ${partImages.id})`,
          seed: partImages.drawingSeed,
          tag: parts.tag,
          rawName: parts.partName,
          typeName: partTypes.name,
          externalName: partTypes.externalName,
          make: makes.name,
          model: models.name,
        })
        .from(partImages)
        .innerJoin(parts, eq(parts.id, partImages.partId))
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .where(eq(partImages.id, id));
      if (!row) return undefined;
      const drawing = partDrawing(row.seed, {
        tag: row.tag,
        partName: partTypeName(row.rawName, [{ Name: row.typeName, ExternalName: row.externalName }]),
        make: row.make,
        model: row.model,
      });
      return { drawing, stored: row.stored };
    },
    /** One stored size of an uploaded photo. */
    async photoFile(imageId: number, size: string, format: PhotoFormat): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: partPhotoFiles.data })
        .from(partPhotoFiles)
        .where(and(eq(partPhotoFiles.imageId, imageId), eq(partPhotoFiles.size, size), eq(partPhotoFiles.format, format)));
      return row?.data;
    },

    /** A variant's image is drawn with the make and model its parent names when it has none. */
    async vehicleImage(id: number): Promise<VehicleDrawing | undefined> {
      const parent = alias(vehicleProducts, 'parent');
      const [row] = await db
        .select({
          seed: vehicleProductImages.drawingSeed,
          title: vehicleProductImages.title,
          banner: vehicleProductImages.isBanner,
          makeId: vehicleProducts.makeId,
          modelId: vehicleProducts.modelId,
          parentMakeId: parent.makeId,
          parentModelId: parent.modelId,
        })
        .from(vehicleProductImages)
        .innerJoin(vehicleProducts, eq(vehicleProducts.id, vehicleProductImages.vehicleProductId))
        .leftJoin(parent, eq(parent.id, vehicleProducts.parentId))
        .where(eq(vehicleProductImages.id, id));
      if (!row) return undefined;
      const makeId = row.makeId ?? row.parentMakeId;
      const modelId = row.modelId ?? row.parentModelId;
      const [make] = makeId === null ? [] : await db.select({ name: makes.name }).from(makes).where(eq(makes.id, makeId));
      const [model] = modelId === null ? [] : await db.select({ name: models.name }).from(models).where(eq(models.id, modelId));
      return vehicleDrawing(row.seed, { title: row.title, banner: row.banner, make: make?.name ?? '', model: model?.name ?? '' });
    },
  };
}

export type ThumbRepository = ReturnType<typeof createThumbRepository>;
