/**
 * SQL of the product pages' forms: the product a form names, and the notification requests and
 * enquiries it stores.
 */
import { eq } from 'drizzle-orm';
import type { PartStatusValue } from '../../db/schema';
import type { Database } from '../../db/client';
import { enquiries, makes, models, parts, partTypes, productNotifications, vehicleProducts } from '../../db/schema';

/** What a form needs to know of a part: what it matches on and how to name, price and link it. */
export interface FormPartRecord {
  tag: string;
  status: PartStatusValue;
  priceNet: number;
  partTypeId: number;
  makeId: number;
  modelId: number;
  /** As the feed names it ('[Alternator]'); the domain turns it into the display name. */
  partName: string;
  partTypeName: string;
  partTypeExternalName: string;
  makeName: string;
  modelName: string;
}

export interface FormVehicleRecord {
  slug: string;
  name: string;
  /** Net pence; null when neither the product nor its parent has a price. */
  price: number | null;
}

export type NewProductNotification = typeof productNotifications.$inferInsert;
export type NewEnquiry = typeof enquiries.$inferInsert;

export function createProductFormRepository(db: Database) {
  return {
    async partByTag(tag: string): Promise<FormPartRecord | undefined> {
      const [row] = await db
        .select({
          tag: parts.tag,
          status: parts.status,
          priceNet: parts.priceNet,
          partTypeId: parts.partTypeId,
          makeId: parts.makeId,
          modelId: parts.modelId,
          partName: parts.partName,
          partTypeName: partTypes.name,
          partTypeExternalName: partTypes.externalName,
          makeName: makes.name,
          modelName: models.name,
        })
        .from(parts)
        .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
        .innerJoin(makes, eq(makes.id, parts.makeId))
        .innerJoin(models, eq(models.id, parts.modelId))
        .where(eq(parts.tag, tag));
      return row;
    },

    /** A vehicle product by slug; a variant takes the name and price it leaves empty from its parent. */
    async vehicleBySlug(slug: string): Promise<FormVehicleRecord | undefined> {
      const [row] = await db
        .select({ slug: vehicleProducts.slug, name: vehicleProducts.name, price: vehicleProducts.price, parentId: vehicleProducts.parentId })
        .from(vehicleProducts)
        .where(eq(vehicleProducts.slug, slug));
      if (!row) return undefined;
      const [parent] =
        row.parentId === null
          ? []
          : await db.select({ name: vehicleProducts.name, price: vehicleProducts.price }).from(vehicleProducts).where(eq(vehicleProducts.id, row.parentId));
      return { slug: row.slug, name: row.name ?? parent?.name ?? row.slug, price: row.price ?? parent?.price ?? null };
    },

    /**
     * Stores a waiting request; answers its id, or null when the same address already waits for
     * the same part type, make and model (the partial unique index).
     */
    async insertNotification(request: NewProductNotification): Promise<number | null> {
      const [row] = await db.insert(productNotifications).values(request).onConflictDoNothing().returning({ id: productNotifications.id });
      return row?.id ?? null;
    },

    async insertEnquiry(enquiry: NewEnquiry): Promise<number> {
      const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },
  };
}
