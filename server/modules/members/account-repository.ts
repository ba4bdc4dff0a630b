/**
 * What an account holds beyond the member row, read and erased here: the deletion reasons, the
 * sign-up texts, and the erasure of a deleted account.
 *
 * Erasure touches tables other modules own (saved cards and provider customers of payments,
 * wishlists, part requests, product notifications, enquiries, carts and orders). It is done here,
 * in the deletion's one transaction, because those modules depend on this one (orders sends a
 * guest's registration link, payments and checkout read members), so this one cannot call them
 * without an import cycle. Each statement touches only rows of the account being deleted: the
 * account's own data.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accountDeletions,
  addresses,
  carts,
  contentPages,
  deletionReasons,
  enquiries,
  memberCards,
  memberProfiles,
  members,
  memberTokens,
  orders,
  partRequests,
  paymentCustomers,
  productNotifications,
  wishlistItems,
} from '../../db/schema';

export interface Erasure {
  memberId: number;
  /** The address the member row and its orders keep: deleted-{id}@deleted.invalid. */
  anonymisedEmail: string;
  /** What the orders' address snapshots call the customer. */
  anonymisedName: string;
  reasonId: number;
  at: Date;
}

export function createAccountRepository(db: Database) {
  return {
    async deletionReasons(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: deletionReasons.id, name: deletionReasons.name }).from(deletionReasons).orderBy(asc(deletionReasons.position), asc(deletionReasons.id));
    },

    async deletionReasonExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: deletionReasons.id }).from(deletionReasons).where(eq(deletionReasons.id, id));
      return row !== undefined;
    },

    /** Content pages by slug (the sign-up texts are shop copy kept as content pages). */
    async contentBySlug(slugs: readonly string[]): Promise<Map<string, string>> {
      const rows = await db.select({ slug: contentPages.slug, content: contentPages.content }).from(contentPages).where(inArray(contentPages.slug, [...slugs]));
      return new Map(rows.map((row) => [row.slug, row.content]));
    },

    /**
     * Erases the account's personal data and records the deletion; run inside the deletion's
     * transaction. Orders stay (the law's accounting records) with their e-mail and address
     * snapshots anonymised: the name becomes `anonymisedName`, phone and street lines go; the
     * company, VAT number, town, postcode and country stay for the VAT records. Issued invoices
     * are documents the law requires unchanged and are left as they are.
     */
    /** The card provider's customers of the member (where their cards are saved). */
    async cardCustomers(memberId: number): Promise<string[]> {
      const rows = await db
        .select({ reference: paymentCustomers.customerReference })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.memberId, memberId), eq(paymentCustomers.provider, 'stripe')));
      return rows.map((row) => row.reference);
    },

    async erase({ memberId, anonymisedEmail, anonymisedName, reasonId, at }: Erasure): Promise<void> {
      await db
        .update(members)
        .set({ email: anonymisedEmail, passwordHash: null, firstName: '', lastName: '', newsletter: false, type: 'PRIVATE' })
        .where(eq(members.id, memberId));
      await db.delete(memberProfiles).where(eq(memberProfiles.memberId, memberId));
      // Address rows may be pointed at by carts: emptied rather than deleted.
      await db
        .update(addresses)
        .set({ firstName: '', lastName: '', companyName: '', vatNo: '', postcode: '', address1: '', address2: '', address3: '', city: '', county: '', phone: '' })
        .where(eq(addresses.memberId, memberId));
      await db.delete(memberTokens).where(eq(memberTokens.memberId, memberId));
      await db.delete(memberCards).where(eq(memberCards.memberId, memberId));
      await db.delete(paymentCustomers).where(eq(paymentCustomers.memberId, memberId));
      await db.delete(wishlistItems).where(eq(wishlistItems.memberId, memberId));
      await db.delete(productNotifications).where(eq(productNotifications.memberId, memberId));
      await db.update(partRequests).set({ email: anonymisedEmail, name: anonymisedName, phone: null }).where(eq(partRequests.memberId, memberId));
      await db.update(enquiries).set({ firstName: anonymisedName, lastName: '', emailAddress: anonymisedEmail, phoneNumber: '', message: '' }).where(eq(enquiries.memberId, memberId));
      // An open cart goes (its lines with it); ordered ones stay with their orders, without the note.
      await db.delete(carts).where(and(eq(carts.memberId, memberId), eq(carts.status, 'open')));
      await db.update(carts).set({ commentsDelivery: '' }).where(and(eq(carts.memberId, memberId), ne(carts.status, 'open')));
      const snapshot = (column: typeof orders.billingAddress | typeof orders.deliveryAddress) =>
        sql`${column} || jsonb_build_object('first_name', ${anonymisedName}::text, 'last_name', '', 'phone', '', 'address1', '', 'address2', '', 'address3', '')`;
      await db
        .update(orders)
        .set({ email: anonymisedEmail, billingAddress: snapshot(orders.billingAddress), deliveryAddress: snapshot(orders.deliveryAddress), commentsDelivery: '' })
        .where(eq(orders.memberId, memberId));
      await db.insert(accountDeletions).values({ memberId, deletionReasonId: reasonId, deletedAt: at });
    },
  };
}
