/**
 * The payments module's tables: tries at paying (payment_attempts), the one payment of an order
 * (payments), every provider event applied (payment_events), members' provider customers and saved
 * cards. Every function runs on the handle it was built with, so settlement runs them in its one
 * transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, memberCards, paymentAttempts, paymentCustomers, paymentEvents, payments, type PaymentProvider } from '../../db/schema';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type MemberCardRow = typeof memberCards.$inferSelect;

export function createPaymentRepository(db: Database) {
  return {
    /** A deleted account's saved cards and provider customers go (run in the deletion's transaction). */
    async eraseMember(memberId: number): Promise<void> {
      await db.delete(memberCards).where(eq(memberCards.memberId, memberId));
      await db.delete(paymentCustomers).where(eq(paymentCustomers.memberId, memberId));
    },

    async latestAttempt(orderId: number, provider: PaymentProvider): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.provider, provider)))
        .orderBy(desc(paymentAttempts.attempt))
        .limit(1);
      return row ?? null;
    },

    async attemptByReference(reference: string): Promise<AttemptRow | null> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference));
      return row ?? null;
    },

    /** A twin request that made the same try (same idempotency key, so the same reference) adds nothing. */
    async insertAttempt(row: typeof paymentAttempts.$inferInsert): Promise<void> {
      await db.insert(paymentAttempts).values(row).onConflictDoNothing();
    },

    /**
     * Records that an event is being applied; false when it was already (the provider's duplicate
     * delivery, or a twin confirmation): then nothing more is done. A twin inserting at the same
     * moment waits here for the first transaction and then finds the row.
     */
    async recordEvent(row: { provider: PaymentProvider; eventId: string; type: string; receivedAt: Date }): Promise<number | null> {
      const [inserted] = await db
        .insert(paymentEvents)
        .values({ ...row, outcome: 'received' })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return inserted?.id ?? null;
    },

    async settleEvent(id: number, outcome: string, orderId: number | null): Promise<void> {
      await db.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, id));
    },

    async paymentOfOrder(orderId: number): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      return row ?? null;
    },

    async paymentByReference(provider: PaymentProvider, reference: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
      return row ?? null;
    },

    async insertPayment(row: typeof payments.$inferInsert): Promise<void> {
      await db.insert(payments).values(row);
    },

    async recordRefund(paymentId: number, refundedAmount: number, status: PaymentRow['status'], at: Date): Promise<void> {
      await db.update(payments).set({ refundedAmount, status, refundedAt: at }).where(eq(payments.id, paymentId));
    },

    async member(id: number): Promise<{ id: number; email: string; firstName: string; lastName: string; isGuest: boolean } | null> {
      const [row] = await db
        .select({ id: members.id, email: members.email, firstName: members.firstName, lastName: members.lastName, isGuest: members.isGuest })
        .from(members)
        .where(eq(members.id, id));
      return row ?? null;
    },

    async customerOf(memberId: number, provider: PaymentProvider): Promise<string | null> {
      const [row] = await db
        .select({ reference: paymentCustomers.customerReference })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.memberId, memberId), eq(paymentCustomers.provider, provider)));
      return row?.reference ?? null;
    },

    /** Keeps the first customer made for the member; a twin's is dropped (answers the one kept). */
    async keepCustomer(memberId: number, provider: PaymentProvider, customerReference: string): Promise<string> {
      await db.insert(paymentCustomers).values({ memberId, provider, customerReference }).onConflictDoNothing();
      const kept = await this.customerOf(memberId, provider);
      if (!kept) throw new Error('a payment customer was not kept');
      return kept;
    },

    async cardsOf(memberId: number): Promise<(MemberCardRow & { fullName: string })[]> {
      return db
        .select({ card: memberCards, firstName: members.firstName, lastName: members.lastName })
        .from(memberCards)
        .innerJoin(members, eq(members.id, memberCards.memberId))
        .where(eq(memberCards.memberId, memberId))
        .orderBy(desc(memberCards.isDefault), memberCards.id)
        .then((rows) => rows.map((row) => ({ ...row.card, fullName: `${row.firstName} ${row.lastName}`.trim() })));
    },

    /** The member's own card; another member's id answers null, as if it did not exist. */
    async cardOf(memberId: number, id: number): Promise<MemberCardRow | null> {
      const [row] = await db.select().from(memberCards).where(and(eq(memberCards.id, id), eq(memberCards.memberId, memberId)));
      return row ?? null;
    },

    /** Saves the card (once per payment method); the member's first card is their default. */
    async saveCard(row: Omit<typeof memberCards.$inferInsert, 'isDefault'>): Promise<void> {
      await db
        .insert(memberCards)
        .values({ ...row, isDefault: sql`NOT EXISTS (SELECT 1 FROM member_cards WHERE member_id = ${row.memberId})` })
        .onConflictDoUpdate({ target: memberCards.paymentMethodReference, set: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear } });
    },

    /** Removes the card; when it was the default, the member's oldest other card becomes it. */
    async deleteCard(memberId: number, id: number): Promise<void> {
      const [gone] = await db.delete(memberCards).where(and(eq(memberCards.id, id), eq(memberCards.memberId, memberId))).returning({ isDefault: memberCards.isDefault });
      if (!gone?.isDefault) return;
      await db.execute(
        sql`UPDATE member_cards SET is_default = true WHERE id = (SELECT id FROM member_cards WHERE member_id = ${memberId} ORDER BY id LIMIT 1)`,
      );
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
