/**
 * The embedded payment sandbox's own state (as a provider keeps it on its side): PaymentIntents,
 * cards, PayPal orders and the webhooks it owes the shop. The sandbox's logic is in card.ts,
 * paypal.ts and delivery.ts; SQL only here.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { sandboxPaymentIntents, sandboxPaymentMethods, sandboxPaypalOrders, sandboxRefunds, sandboxWebhookDeliveries } from '../../../db/schema';

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxPaypalRow = typeof sandboxPaypalOrders.$inferSelect;
export type SandboxDeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

export function createSandboxRepository(db: Database) {
  return {
    async intentByKey(idempotencyKey: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async refundByKey(idempotencyKey: string): Promise<SandboxRefundRow | null> {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async insertRefund(row: SandboxRefundRow): Promise<void> {
      await db.insert(sandboxRefunds).values(row);
    },

    /** The newest refunds first (the sandbox's page). */
    async refunds(limit: number): Promise<SandboxRefundRow[]> {
      return db.select().from(sandboxRefunds).orderBy(sql`${sandboxRefunds.createdAt} DESC`, sql`${sandboxRefunds.id} DESC`).limit(limit);
    },

    async intent(id: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row ?? null;
    },

    /** Held to the end of the transaction, so two confirmations of one intent take turns. */
    async lockIntentBySecret(clientSecret: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.clientSecret, clientSecret)).for('update');
      return row ?? null;
    },

    async lockIntent(id: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)).for('update');
      return row ?? null;
    },

    /** Answers null when another request with the same idempotency key inserted first. */
    async insertIntent(row: typeof sandboxPaymentIntents.$inferInsert): Promise<SandboxIntentRow | null> {
      const [inserted] = await db.insert(sandboxPaymentIntents).values(row).onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey }).returning();
      return inserted ?? null;
    },

    async updateIntent(id: string, changes: Partial<typeof sandboxPaymentIntents.$inferInsert>): Promise<SandboxIntentRow> {
      const [row] = await db.update(sandboxPaymentIntents).set(changes).where(eq(sandboxPaymentIntents.id, id)).returning();
      if (!row) throw new Error(`sandbox intent ${id} vanished`);
      return row;
    },

    async method(id: string): Promise<SandboxMethodRow | null> {
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
      return row ?? null;
    },

    async insertMethod(row: typeof sandboxPaymentMethods.$inferInsert): Promise<void> {
      await db.insert(sandboxPaymentMethods).values(row);
    },

    async detachCustomerMethods(customerReference: string): Promise<void> {
      await db.update(sandboxPaymentMethods).set({ customerReference: null }).where(eq(sandboxPaymentMethods.customerReference, customerReference));
    },

    async attachMethod(id: string, customerReference: string | null): Promise<boolean> {
      const rows = await db.update(sandboxPaymentMethods).set({ customerReference }).where(eq(sandboxPaymentMethods.id, id)).returning({ id: sandboxPaymentMethods.id });
      return rows.length > 0;
    },

    async paypalByRequest(requestId: string): Promise<SandboxPaypalRow | null> {
      const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.requestId, requestId));
      return row ?? null;
    },

    async paypal(id: string): Promise<SandboxPaypalRow | null> {
      const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id));
      return row ?? null;
    },

    async lockPaypal(id: string): Promise<SandboxPaypalRow | null> {
      const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id)).for('update');
      return row ?? null;
    },

    async lockPaypalByCapture(captureId: string): Promise<SandboxPaypalRow | null> {
      const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.captureId, captureId)).for('update');
      return row ?? null;
    },

    async insertPaypal(row: typeof sandboxPaypalOrders.$inferInsert): Promise<SandboxPaypalRow | null> {
      const [inserted] = await db.insert(sandboxPaypalOrders).values(row).onConflictDoNothing({ target: sandboxPaypalOrders.requestId }).returning();
      return inserted ?? null;
    },

    async updatePaypal(id: string, changes: Partial<typeof sandboxPaypalOrders.$inferInsert>): Promise<SandboxPaypalRow> {
      const [row] = await db.update(sandboxPaypalOrders).set(changes).where(eq(sandboxPaypalOrders.id, id)).returning();
      if (!row) throw new Error(`sandbox PayPal order ${id} vanished`);
      return row;
    },

    async enqueueWebhook(row: { provider: 'stripe' | 'paypal'; eventId: string; payload: string; deliverAfter: Date; createdAt: Date }): Promise<void> {
      await db.insert(sandboxWebhookDeliveries).values(row);
    },

    /**
     * Takes the deliveries due by `now` (SKIP LOCKED, so several processes share the work) and
     * moves each one's next try to `retryAt(attempts)` before it is sent: a delivery that fails,
     * or a process that dies while sending, is tried again then.
     */
    async claimDue(now: Date, limit: number, retryAt: (attempts: number) => Date): Promise<SandboxDeliveryRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(sandboxWebhookDeliveries)
          .where(and(isNull(sandboxWebhookDeliveries.deliveredAt), lte(sandboxWebhookDeliveries.deliverAfter, now)))
          .orderBy(sandboxWebhookDeliveries.id)
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const row of due) {
          await tx
            .update(sandboxWebhookDeliveries)
            .set({ attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`, deliverAfter: retryAt(row.attempts + 1) })
            .where(eq(sandboxWebhookDeliveries.id, row.id));
        }
        return due;
      });
    },

    async markDelivered(id: number, at: Date): Promise<void> {
      await db.update(sandboxWebhookDeliveries).set({ deliveredAt: at }).where(eq(sandboxWebhookDeliveries.id, id));
    },

    /** How many deliveries are still owed (tests and the health of the sandbox). */
    async pendingCount(): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sandbox_webhook_deliveries WHERE delivered_at IS NULL`);
      return row?.n ?? 0;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
