// On PostgreSQL (TEST_DATABASE_URL, as in CI): the pool and its transactions' clients are
// node-postgres'; embedded PGlite has neither.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TransactionSafePool } from './pooled-transactions';

const url = process.env.TEST_DATABASE_URL;

/** Counts the statements sent to a connection while another still ran on it: what pg@9 refuses. */
class WatchedClient extends pg.Client {
  static overlapping = 0;

  override query(...args: unknown[]): never {
    const state = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
    if (state._activeQuery || state._queryQueue.length > 0) WatchedClient.overlapping += 1;
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

describe.skipIf(!url)('transactions on node-postgres', () => {
  const pool = new pg.Pool({ connectionString: url, Client: WatchedClient, max: 2 });
  const db = drizzle({ client: new TransactionSafePool(pool) as unknown as pg.Pool });
  afterAll(() => pool.end());

  it('run statements started together one after another on their connection, each with its own answer', async () => {
    WatchedClient.overlapping = 0;
    const answers = await db.transaction(async (tx) =>
      Promise.all(
        [5, 1, 4, 2, 3].map(async (n) => {
          const result = await tx.execute(sql`SELECT ${n}::int AS n, pg_sleep(${n / 1000}), txid_current() AS tx`);
          return result.rows[0] as { n: number; tx: string };
        }),
      ),
    );
    expect(answers.map((answer) => answer.n)).toEqual([5, 1, 4, 2, 3]);
    // All five in the one transaction, none sent while another ran.
    expect(new Set(answers.map((answer) => answer.tx)).size).toBe(1);
    expect(WatchedClient.overlapping).toBe(0);
  });

  it('still fail the statements after one that failed, as the transaction is aborted, and roll back', async () => {
    const started = db.transaction(async (tx) =>
      Promise.all([tx.execute(sql`SELECT 1/0`), tx.execute(sql`SELECT 1`)]),
    );
    await expect(started).rejects.toThrow();
    // The connection came back to the pool usable.
    const [row] = (await db.execute(sql`SELECT 2 AS two`)).rows as { two: number }[];
    expect(row?.two).toBe(2);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
