/**
 * Drizzle's node-postgres `transaction()` (drizzle-orm 0.45.4) checks a client out of the pool and
 * runs BEGIN before the try/finally that gives the client back, so a BEGIN that fails leaves that
 * client checked out for the life of the process (drizzle-team/drizzle-orm#6241, open). BEGIN
 * fails when the connection died while it sat idle and the pool handed it out before noticing: the
 * fault suite saw it after a database restart under load, two connections lost each time, and a
 * stop that waited for them for ever. A pool exhausted that way would leave every call waiting.
 *
 * The pool Drizzle is given here hands out clients that give themselves back, with the error, when
 * their BEGIN fails (the pool then drops the dead connection); Drizzle's own release after that is
 * a no-op.
 *
 * Those clients also run their statements one after another themselves. A transaction has one
 * connection, and services that read several things at once (Promise.all over a repository) do so
 * inside transactions too (the cart's pricing in an order's). node-postgres queues a statement
 * sent while another runs, but that queue is deprecated and goes in pg@9, which will refuse it.
 */
import type { Pool, PoolClient } from 'pg';

/** A statement that opens a transaction: Drizzle sends `begin` (with its options) as the query's text. */
function opensTransaction(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

/** A client that releases itself when its BEGIN fails, and only once whoever releases it. */
function releasingOnFailedBegin(client: PoolClient): PoolClient {
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  const send = (args: unknown[]) => {
    const result = (client.query as (...a: unknown[]) => unknown)(...args);
    if (!opensTransaction(args[0]) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
  // The statement before this one, settled or not: the next waits for it.
  let previous: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    // A callback or a streamed query (pg-cursor, pg-query-stream) goes as it is: Drizzle sends neither.
    if (typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return send(args);
    const result = previous.then(() => send(args));
    previous = result.catch(() => undefined);
    return result;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'release') return release;
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Hands out clients that cannot be lost by a failed BEGIN (see above). */
export function connectForTransaction(pool: Pool): Promise<PoolClient> {
  return pool.connect().then(releasingOnFailedBegin);
}

/**
 * The pool to give Drizzle: queries go to the pool as they are, transactions' clients come from
 * connectForTransaction. Drizzle treats a client whose class name holds "Pool" as a pool (it checks
 * clients out for transactions and releases them), hence the name.
 */
export class TransactionSafePool {
  constructor(private readonly pool: Pool) {}

  query(...args: unknown[]): unknown {
    return (this.pool.query as (...a: unknown[]) => unknown)(...args);
  }

  connect(): Promise<PoolClient> {
    return connectForTransaction(this.pool);
  }
}
