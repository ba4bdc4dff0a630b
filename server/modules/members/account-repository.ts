/**
 * What an account holds beyond the member row, read and erased here: the deletion reasons, the
 * sign-up texts, and the erasure of a deleted account's rows in this module's tables.
 *
 * The rows other modules own (saved cards, wishlists, part requests, product notifications,
 * enquiries, carts, orders, returns, warranty claims, stock alerts, saved searches, the garage,
 * push devices, reviews) are erased by those modules' own steps, in the same transaction
 * (MemberErasureStep, account-service.ts): those modules depend on this one, so the app gives this
 * one their steps instead of this one importing them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accountDeletions,
  addresses,
  contentPages,
  deletionReasons,
  memberProfiles,
  members,
  memberTokens,
  paymentCustomers,
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

    /** The card provider's customers of the member (where their cards are saved). */
    async cardCustomers(memberId: number): Promise<string[]> {
      const rows = await db
        .select({ reference: paymentCustomers.customerReference })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.memberId, memberId), eq(paymentCustomers.provider, 'stripe')));
      return rows.map((row) => row.reference);
    },

    /**
     * Erases the account's personal data in this module's tables and records the deletion; run
     * inside the deletion's transaction, beside the other modules' steps (orders keep their
     * anonymised snapshots there; issued invoices are documents the law requires unchanged).
     */
    async erase({ memberId, anonymisedEmail, reasonId, at }: Erasure): Promise<void> {
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
      await db.insert(accountDeletions).values({ memberId, deletionReasonId: reasonId, deletedAt: at });
    },
  };
}
