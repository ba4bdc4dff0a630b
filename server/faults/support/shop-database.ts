/**
 * Reads what the shop left in its database, from the test process: the PostgreSQL database at
 * DATABASE_URL while the shop runs, or the embedded PGlite folder (DATA_DIR/pglite) while it is
 * stopped (PGlite is one process's at a time). Opening the PGlite folder after a kill -9 is itself
 * a check that it survived.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

export async function withShopDatabase<T>(env: Record<string, string>, read: (db: Database) => Promise<T>): Promise<T> {
  const url = env.DATABASE_URL;
  const dataDir = env.DATA_DIR;
  if (!url && !dataDir) throw new Error('the shop has neither DATABASE_URL nor DATA_DIR');
  const handle = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir ?? '', 'pglite') });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

/** Parts on sale, cheapest first: each purchase buys one (every used part is one physical item). */
export async function availableTags(db: Database, count: number): Promise<string[]> {
  const rows = await rowsOf<{ tag: string }>(db, sql`SELECT tag FROM parts WHERE status = 'available' AND price_net > 0 ORDER BY id LIMIT ${count}`);
  if (rows.length < count) throw new Error(`only ${rows.length} parts on sale, ${count} needed`);
  return rows.map((row) => row.tag);
}

export interface OrderFacts {
  hash: string;
  cartId: number;
  paid: boolean;
  payments: number;
  appliedEvents: number;
}

/** Every order with its payments and applied payment events, and the duplicates the shop must never make. */
export async function orderFacts(db: Database): Promise<{ orders: Map<string, OrderFacts>; ordersPerCartAboveOne: number; paymentsPerOrderAboveOne: number; appliedPerOrderAboveOne: number; paidWithoutPayment: number; paymentWithoutPaid: number; undeliveredWebhooks: number; paidTwiceEvents: number }> {
  const rows = await rowsOf<{ hash: string; cart_id: number; paid: boolean; payments: string | number; applied: string | number }>(
    db,
    sql`SELECT o.hash, o.cart_id, o.paid_at IS NOT NULL AS paid,
          (SELECT count(*) FROM payments p WHERE p.order_id = o.id) AS payments,
          (SELECT count(*) FROM payment_events e WHERE e.order_id = o.id AND e.outcome = 'applied') AS applied
        FROM orders o`,
  );
  const orders = new Map(rows.map((row) => [row.hash, { hash: row.hash, cartId: Number(row.cart_id), paid: row.paid, payments: Number(row.payments), appliedEvents: Number(row.applied) }]));
  const perCart = new Map<number, number>();
  for (const order of orders.values()) perCart.set(order.cartId, (perCart.get(order.cartId) ?? 0) + 1);
  const [webhooks] = await rowsOf<{ undelivered: string | number }>(db, sql`SELECT count(*) AS undelivered FROM sandbox_webhook_deliveries WHERE delivered_at IS NULL`);
  const [twice] = await rowsOf<{ count: string | number }>(db, sql`SELECT count(*) AS count FROM payment_events WHERE outcome = 'paid_twice'`);
  return {
    orders,
    paidTwiceEvents: Number(twice?.count ?? 0),
    ordersPerCartAboveOne: [...perCart.values()].filter((count) => count > 1).length,
    paymentsPerOrderAboveOne: [...orders.values()].filter((order) => order.payments > 1).length,
    appliedPerOrderAboveOne: [...orders.values()].filter((order) => order.appliedEvents > 1).length,
    paidWithoutPayment: [...orders.values()].filter((order) => order.paid && order.payments === 0).length,
    paymentWithoutPaid: [...orders.values()].filter((order) => !order.paid && order.payments > 0).length,
    undeliveredWebhooks: Number(webhooks?.undelivered ?? 0),
  };
}
