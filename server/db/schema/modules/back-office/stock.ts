/**
 * The photos and warranties staff chose for a part (the back office's stock).
 * Owned by server/modules/back-office/stock: only its repositories write these tables (scripts/table-owners.test.ts);
 * re-exported by server/db/schema.ts, from which drizzle-kit generates the migrations.
 */
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea } from '../../columns';
import { partImages, parts, warranties } from '../catalogue';

export const PHOTO_FORMATS = ['webp', 'jpeg'] as const;

export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** One size of one uploaded photo in one format. */
export const partPhotoFiles = pgTable(
  'part_photo_files',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => partImages.id, { onDelete: 'cascade' }),
    /** A size name of src/domain/thumbs.ts THUMB_SIZES. */
    size: text('size').notNull(),
    format: text('format', { enum: PHOTO_FORMATS }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size, t.format] })],
);

/**
 * The warranties a part offers instead of its part type's, set by staff; a part with none here
 * offers its part type's. One of them is preselected (is_default), in place of the warranty's own
 * flag, which speaks for the part types.
 */
export const partWarranties = pgTable(
  'part_warranties',
  {
    partId: integer('part_id').notNull().references(() => parts.id, { onDelete: 'cascade' }),
    warrantyId: integer('warranty_id').notNull().references(() => warranties.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.partId, t.warrantyId] })],
);
