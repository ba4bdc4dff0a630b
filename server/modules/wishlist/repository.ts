import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { members, parts, wishlistItems } from '../../db/schema';

/** A wishlisted Tag with what its part shows now; the part's columns are null once it is gone from the catalogue. */
export interface WishlistRecord {
  tag: string;
  createdAt: Date;
  status: 'available' | 'reserved' | 'sold' | 'coming_soon';
  priceNet: number;
  partName: string;
  partTypeName: string;
  partTypeExternalName: string;
  makeName: string;
  modelName: string;
  imageId: number | null;
}

export function createWishlistRepository(db: Database) {
  return {
    /** A deleted account's wishlist goes (run in the deletion's transaction). */
    async eraseMember(memberId: number): Promise<void> {
      await db.delete(wishlistItems).where(eq(wishlistItems.memberId, memberId));
    },

    /** Whether the id is a member's account (not a checkout guest's). */
    async isMember(id: number): Promise<boolean> {
      const [row] = await db.select({ isGuest: members.isGuest }).from(members).where(eq(members.id, id));
      return row !== undefined && !row.isGuest;
    },

    async partStatus(tag: string): Promise<WishlistRecord['status'] | null> {
      const [row] = await db.select({ status: parts.status }).from(parts).where(eq(parts.tag, tag));
      return row?.status ?? null;
    },

    /** Puts the Tag on the list; false when it was there already. */
    async add(memberId: number, tag: string, at: Date): Promise<boolean> {
      const added = await db.insert(wishlistItems).values({ memberId, tag, createdAt: at }).onConflictDoNothing().returning({ tag: wishlistItems.tag });
      return added.length > 0;
    },

    /** Takes the Tag off the list; false when it was not there. */
    async remove(memberId: number, tag: string): Promise<boolean> {
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.memberId, memberId), eq(wishlistItems.tag, tag)))
        .returning({ tag: wishlistItems.tag });
      return removed.length > 0;
    },

    async has(memberId: number, tag: string): Promise<boolean> {
      const [row] = await db.select({ tag: wishlistItems.tag }).from(wishlistItems).where(and(eq(wishlistItems.memberId, memberId), eq(wishlistItems.tag, tag)));
      return row !== undefined;
    },

    async tags(memberId: number): Promise<string[]> {
      const rows = await db.select({ tag: wishlistItems.tag }).from(wishlistItems).where(eq(wishlistItems.memberId, memberId)).orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.tag));
      return rows.map((row) => row.tag);
    },

    /** The member's items whose part the catalogue still has, most recently added first. */
    items(memberId: number): Promise<WishlistRecord[]> {
      return rowsOf<WishlistRecord>(
        db,
        sql`SELECT w.tag, w.created_at AS "createdAt", p.status, p.price_net AS "priceNet", p.part_name AS "partName",
              pt.name AS "partTypeName", pt.external_name AS "partTypeExternalName", mk.name AS "makeName", md.name AS "modelName",
              (SELECT i.id FROM part_images i WHERE i.part_id = p.id ORDER BY i.position, i.id LIMIT 1) AS "imageId"
            FROM wishlist_items w
            JOIN parts p ON p.tag = w.tag
            JOIN part_types pt ON pt.id = p.part_type_id
            JOIN makes mk ON mk.id = p.make_id
            JOIN models md ON md.id = p.model_id
            WHERE w.member_id = ${memberId}
            ORDER BY w.created_at DESC, w.tag DESC`,
      );
    },
  };
}
