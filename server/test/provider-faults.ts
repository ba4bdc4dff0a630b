/** What the providers' fault tests (server/faults/providers.fault.ts) read and write in the database. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderRefunds, payments } from '../db/schema';

/** An order paid at the Stripe fake: the shop's payment row for the intent, as settlement leaves it. */
export async function recordStripePayment(db: Database, orderId: number, intentId: string, amount: number, at: Date): Promise<void> {
  await db.insert(payments).values({ orderId, provider: 'stripe', providerReference: intentId, method: 'STRIPE_CARD', amount, currency: 'gbp', paidAt: at });
}

export const refundsOf = (db: Database, orderId: number) =>
  db.select({ id: orderRefunds.id, state: orderRefunds.state, key: orderRefunds.idempotencyKey, reference: orderRefunds.providerReference }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

export const paymentOfOrder = async (db: Database, orderId: number) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

/** No member of staff yet: each fault test signs in its own. */
export async function forgetStaff(db: Database): Promise<void> {
  await db.execute(sql.raw('TRUNCATE "audit_log", "staff_recovery_codes", "staff_sessions", "staff" RESTART IDENTITY CASCADE'));
}
