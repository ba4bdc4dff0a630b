/**
 * The stored answers of idempotent writes (idempotency.ts): read one, store one in the write's
 * transaction, and forget those older than the outbox keeps a request (and a day).
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/**
 * The browser's outbox keeps a request 7 days (src/domain/outbox.ts OUTBOX_KEEP_MS) and sends it
 * with the same key all along: a stored answer outlives that by a day, so a replay late in the
 * week is still answered rather than stored again.
 */
export const KEY_LIFETIME_DAYS = 8;
const KEY_LIFETIME = sql.raw(`interval '${KEY_LIFETIME_DAYS} days'`);

/** Who may see a stored answer: the same key from the same session. */
export interface IdempotencyScope {
  key: string;
  sessionHash: string;
}

export function createIdempotencyRepository(db: Database) {
  return {
    async stored(scope: IdempotencyScope): Promise<unknown> {
      const [row] = await db
        .select({ response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.key, scope.key),
            eq(idempotencyKeys.sessionHash, scope.sessionHash),
            gt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`),
          ),
        );
      return row?.response;
    },

    async forgetExpired(): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`));
    },

    /** Stores the answer; false when a concurrent twin stored one first (the primary key waits for its commit, then conflicts). */
    async store(scope: IdempotencyScope, answer: unknown): Promise<boolean> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ key: scope.key, sessionHash: scope.sessionHash, response: answer })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    },
  };
}
