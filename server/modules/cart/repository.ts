/**
 * Carts and what the cart's figures are made from: lines joined to their parts, the warranties of
 * each part type, regions, deliveries and prices, discount codes and their use, the member's
 * loyalty level. Every function takes the db handle it runs on, so a service can run several in
 * one transaction.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { PackageType } from '../../../src/domain/cart-totals';
import type { Database } from '../../db/client';
import {
  addresses,
  cartProducts,
  carts,
  countries,
  deliveries,
  deliveryPrices,
  discountCodes,
  discountCodeUsages,
  discountThresholds,
  members,
  memberProfiles,
  orders,
  regionGroups,
  regions,
} from '../../db/schema';
import { rowsOf } from '../../db/rows';

export type CartRow = typeof carts.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryPriceRow = typeof deliveryPrices.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type ThresholdRow = typeof discountThresholds.$inferSelect;

/** Whose cart: the session's, or the member's once signed in. */
export interface Shopper {
  /** The session's id (a hash of its cookie token). */
  sessionId: string;
  /** The signed-in member, or null for a visitor. */
  memberId: number | null;
}

/** A cart line with what the cart shows of its part; part fields are null when no part has the Tag any more. */
export interface LineRecord {
  id: number;
  tag: string;
  warrantyId: number | null;
  quantity: number;
  partId: number | null;
  status: 'available' | 'reserved' | 'sold' | 'coming_soon' | null;
  priceNet: number | null;
  partName: string | null;
  partTypeId: number | null;
  partTypeName: string | null;
  partTypeExternalName: string | null;
  packageType: PackageType | null;
  makeName: string | null;
  modelName: string | null;
  imageId: number | null;
  /** The line's hold (issue 32): when it ends, and when it ended (null while in force); as the driver gives them. */
  heldUntil: Date | string | null;
  holdEndedAt: Date | string | null;
}

export interface WarrantyRecord {
  /** The part that offers it (its own warranty or its part type's). */
  partId: number;
  id: number;
  name: string;
  value: number;
  isDefault: boolean;
}

export interface PartRecord {
  id: number;
  tag: string;
  status: 'available' | 'reserved' | 'sold' | 'coming_soon';
  partName: string;
  partTypeId: number;
  partTypeName: string;
  partTypeExternalName: string;
  makeName: string;
  modelName: string;
}

const openCartOf = (shopper: Shopper) =>
  shopper.memberId !== null
    ? and(eq(carts.memberId, shopper.memberId), eq(carts.status, 'open'))
    : and(eq(carts.sessionId, shopper.sessionId), eq(carts.status, 'open'));

export function createCartRepository(db: Database) {
  async function findOpenCart(shopper: Shopper): Promise<CartRow | null> {
    const [row] = await db.select().from(carts).where(openCartOf(shopper)).limit(1);
    return row ?? null;
  }

  return {
    /** A deleted account's open cart goes (its lines with it); ordered ones stay with their orders, without the note (run in the deletion's transaction). */
    async eraseMember(memberId: number): Promise<void> {
      await db.delete(carts).where(and(eq(carts.memberId, memberId), eq(carts.status, 'open')));
      await db.update(carts).set({ commentsDelivery: '' }).where(and(eq(carts.memberId, memberId), ne(carts.status, 'open')));
    },

    findOpenCart,

    /** The shopper's open cart, made when there is none (two racing requests get the same one). */
    async openCart(shopper: Shopper): Promise<CartRow> {
      const existing = await findOpenCart(shopper);
      if (existing) return existing;
      await db.insert(carts).values({ sessionId: shopper.sessionId, memberId: shopper.memberId }).onConflictDoNothing();
      const made = await findOpenCart(shopper);
      if (!made) throw new Error('the open cart was neither found nor made');
      return made;
    },

    /** The shopper's latest cart whatever its status (create-order's repeat finds the ordered one). */
    async latestCart(shopper: Shopper): Promise<CartRow | null> {
      const owner = shopper.memberId !== null ? eq(carts.memberId, shopper.memberId) : eq(carts.sessionId, shopper.sessionId);
      const [row] = await db
        .select()
        .from(carts)
        .where(and(owner, inArray(carts.status, ['open', 'ordered'])))
        .orderBy(desc(carts.id))
        .limit(1);
      return row ?? null;
    },

    async lockCart(id: number): Promise<CartRow | null> {
      const [row] = await db.select().from(carts).where(eq(carts.id, id)).for('update');
      return row ?? null;
    },

    async updateCart(id: number, changes: Partial<Omit<CartRow, 'id'>>): Promise<void> {
      await db.update(carts).set({ ...changes, updatedAt: new Date() }).where(eq(carts.id, id));
    },

    /** Closes the cart with its order's id (create-order, in its transaction). */
    async markOrdered(id: number, orderId: number, at: Date): Promise<void> {
      await db.update(carts).set({ status: 'ordered', orderId, updatedAt: at }).where(eq(carts.id, id));
    },

    async lines(cartId: number): Promise<LineRecord[]> {
      return rowsOf<LineRecord>(
        db,
        sql`SELECT cp.id, cp.tag, cp.warranty_id AS "warrantyId", cp.quantity, cp.held_until AS "heldUntil", cp.hold_ended_at AS "holdEndedAt",
              p.id AS "partId", p.status, p.price_net AS "priceNet", p.part_name AS "partName", p.part_type_id AS "partTypeId",
              pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName", COALESCE(p.package_type, pt.package_type) AS "packageType",
              mk.name AS "makeName", md.name AS "modelName",
              (SELECT i.id FROM part_images i WHERE i.part_id = p.id ORDER BY i.position, i.id LIMIT 1) AS "imageId"
            FROM cart_products cp
            LEFT JOIN parts p ON p.tag = cp.tag
            LEFT JOIN part_types pt ON pt.id = p.part_type_id
            LEFT JOIN makes mk ON mk.id = p.make_id
            LEFT JOIN models md ON md.id = p.model_id
            WHERE cp.cart_id = ${cartId}
            ORDER BY cp.id`,
      );
    },

    async findLineByTag(cartId: number, tag: string) {
      const [row] = await db.select().from(cartProducts).where(and(eq(cartProducts.cartId, cartId), eq(cartProducts.tag, tag)));
      return row ?? null;
    },

    async findLine(cartId: number, lineId: number) {
      const [row] = await db.select().from(cartProducts).where(and(eq(cartProducts.cartId, cartId), eq(cartProducts.id, lineId)));
      return row ?? null;
    },

    /** Adds the part to the cart; false when it was there already. */
    async addLine(cartId: number, tag: string, warrantyId: number | null): Promise<boolean> {
      const inserted = await db.insert(cartProducts).values({ cartId, tag, warrantyId }).onConflictDoNothing().returning({ id: cartProducts.id });
      return inserted.length > 0;
    },

    async setLineWarranty(lineId: number, warrantyId: number | null): Promise<void> {
      await db.update(cartProducts).set({ warrantyId }).where(eq(cartProducts.id, lineId));
    },

    async findPart(tag: string): Promise<PartRecord | null> {
      const [row] = await rowsOf<PartRecord>(
        db,
        sql`SELECT p.id, p.tag, p.status, p.part_name AS "partName", p.part_type_id AS "partTypeId",
              pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName", mk.name AS "makeName", md.name AS "modelName"
            FROM parts p JOIN part_types pt ON pt.id = p.part_type_id JOIN makes mk ON mk.id = p.make_id JOIN models md ON md.id = p.model_id
            WHERE p.tag = ${tag}`,
      );
      return row ?? null;
    },

    /**
     * The warranties each part offers: its own when staff chose some (preselecting its own
     * choice), else its part type's (preselecting the warranty marked default).
     */
    async warrantiesOfParts(partIds: readonly number[]): Promise<WarrantyRecord[]> {
      if (partIds.length === 0) return [];
      const ids = [...new Set(partIds)];
      return rowsOf<WarrantyRecord>(
        db,
        sql`SELECT pw.part_id AS "partId", w.id, w.name, w.value, pw.is_default AS "isDefault", w.position
            FROM part_warranties pw JOIN warranties w ON w.id = pw.warranty_id
            WHERE pw.part_id IN ${ids}
            UNION ALL
            SELECT p.id AS "partId", w.id, w.name, w.value, w.is_default AS "isDefault", w.position
            FROM parts p JOIN part_type_warranties ptw ON ptw.part_type_id = p.part_type_id JOIN warranties w ON w.id = ptw.warranty_id
            WHERE p.id IN ${ids} AND NOT EXISTS (SELECT 1 FROM part_warranties pw WHERE pw.part_id = p.id)
            ORDER BY position, id`,
      );
    },

    // --- regions and deliveries

    regions(): Promise<RegionRow[]> {
      return db.select().from(regions).orderBy(asc(regions.position), asc(regions.id));
    },

    regionGroups() {
      return db.select().from(regionGroups).orderBy(asc(regionGroups.position), asc(regionGroups.id));
    },

    deliveries(): Promise<DeliveryRow[]> {
      return db.select().from(deliveries).orderBy(asc(deliveries.position), asc(deliveries.id));
    },

    pricesFor(packageType: PackageType): Promise<DeliveryPriceRow[]> {
      return db.select().from(deliveryPrices).where(eq(deliveryPrices.packageType, packageType));
    },

    async price(deliveryId: number, regionId: number, packageType: PackageType): Promise<DeliveryPriceRow | null> {
      const [row] = await db
        .select()
        .from(deliveryPrices)
        .where(and(eq(deliveryPrices.deliveryId, deliveryId), eq(deliveryPrices.regionId, regionId), eq(deliveryPrices.packageType, packageType)));
      return row ?? null;
    },

    countryNames(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name));
    },

    // --- discount codes and loyalty

    async discountCodeByKey(key: string): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, key));
      return row ?? null;
    },

    async discountCode(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      return row ?? null;
    },

    /** Locks the code's row: create-order counts its uses and adds one without a race. */
    async lockDiscountCode(id: number): Promise<void> {
      await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    },

    async timesUsed(discountCodeId: number): Promise<number> {
      const [row] = await db.select({ total: count() }).from(discountCodeUsages).where(eq(discountCodeUsages.discountCodeId, discountCodeId));
      return row?.total ?? 0;
    },

    thresholds(): Promise<ThresholdRow[]> {
      return db.select().from(discountThresholds).orderBy(asc(discountThresholds.amountFrom));
    },

    /** A member's turnover: what their paid orders came to, gross pence. */
    async turnover(memberId: number): Promise<number> {
      const [row] = await db
        .select({ total: sum(orders.toPay) })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), isNotNull(orders.paidAt)));
      return Number(row?.total ?? 0);
    },

    // --- members and addresses

    async member(id: number): Promise<MemberRow | null> {
      const [row] = await db.select().from(members).where(eq(members.id, id));
      return row ?? null;
    },

    async memberProfile(memberId: number) {
      const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId));
      return row ?? null;
    },

    async addressesWithCountry(ids: readonly number[]): Promise<(AddressRow & { countryName: string })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ address: addresses, countryName: countries.name })
        .from(addresses)
        .innerJoin(countries, eq(countries.id, addresses.countryId))
        .where(inArray(addresses.id, [...ids]));
      return rows.map((row) => ({ ...row.address, countryName: row.countryName }));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
