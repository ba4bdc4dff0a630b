/**
 * SQL of the product pages' forms: the product a form names, and the notification requests and
 * enquiries it stores.
 */
import { eq, sql } from 'drizzle-orm';
import type { PartStatusValue } from '../../db/schema';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { enquiries, makes, models, parts, partTypes, productNotifications, vehicleProducts } from '../../db/schema';

/** A back-in-stock request claimed for its mail, with the available part the mail names. */
export interface ClaimedRequest {
  id: number;
  email: string;
  firstName: string;
  /** As the request recorded them (what the person asked for). */
  partName: string;
  makeName: string;
  modelName: string;
  /** The available part the mail names. */
  tag: string;
  priceNet: number;
  rawPartName: string;
  partTypeName: string;
  partTypeExternalName: string;
  partMakeName: string;
  partModelName: string;
}

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
    /** A deleted account's back-in-stock requests go and its enquiries keep no personal data (run in the deletion's transaction). */
    async eraseMember({ memberId, anonymisedEmail, anonymisedName }: { memberId: number; anonymisedEmail: string; anonymisedName: string }): Promise<void> {
      await db.delete(productNotifications).where(eq(productNotifications.memberId, memberId));
      await db.update(enquiries).set({ firstName: anonymisedName, lastName: '', emailAddress: anonymisedEmail, phoneNumber: '', message: '' }).where(eq(enquiries.memberId, memberId));
    },

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

    /**
     * Claims up to `limit` waiting back-in-stock requests that an available part matches (FOR
     * UPDATE SKIP LOCKED, and an UPDATE that still requires 'waiting', so overlapping runs never
     * notify one twice) and marks them notified. The part named is the very part the person looked
     * at when it is back on sale, else the newest matching one.
     */
    claimBackInStock(limit: number): Promise<ClaimedRequest[]> {
      return rowsOf<ClaimedRequest>(
        db,
        sql`WITH due AS (
          SELECT n.id, (
            SELECT p.id FROM parts p
            WHERE p.status = 'available' AND p.part_type_id = n.part_type_id AND p.make_id = n.make_id AND p.model_id = n.model_id
            ORDER BY (p.tag = n.part_tag) DESC, p.created_at DESC, p.id DESC
            LIMIT 1
          ) AS part_id
          FROM product_notifications n
          WHERE n.status = 'waiting'
            AND EXISTS (
              SELECT 1 FROM parts p
              WHERE p.status = 'available' AND p.part_type_id = n.part_type_id AND p.make_id = n.make_id AND p.model_id = n.model_id
            )
          ORDER BY n.id
          LIMIT ${limit}
          FOR UPDATE OF n SKIP LOCKED
        ),
        marked AS (
          UPDATE product_notifications n
          SET status = 'notified', notified_at = now(), notified_part_tag = p.tag
          FROM due JOIN parts p ON p.id = due.part_id
          WHERE n.id = due.id AND n.status = 'waiting'
          RETURNING n.id, n.email, n.first_name, n.part_name, n.make_name, n.model_name, p.id AS part_id
        )
        SELECT marked.id, marked.email, marked.first_name AS "firstName", marked.part_name AS "partName",
               marked.make_name AS "makeName", marked.model_name AS "modelName",
               p.tag, p.price_net AS "priceNet", p.part_name AS "rawPartName",
               pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName",
               mk.name AS "partMakeName", md.name AS "partModelName"
        FROM marked
        JOIN parts p ON p.id = marked.part_id
        JOIN part_types pt ON pt.id = p.part_type_id
        JOIN makes mk ON mk.id = p.make_id
        JOIN models md ON md.id = p.model_id
        ORDER BY marked.id`,
      );
    },
  };
}
