/**
 * The back office's stock: the warranties staff choose for a part, and the photos they upload for
 * it. A part image (part_images) with stored files is served from them instead of a drawing: each upload is decoded and re-encoded
 * once into every size of SPEC §9, as WebP and as JPEG, so /thumbs never decodes an upload again.
 */
import { boolean, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { partImages, parts, warranties } from './catalogue-schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
