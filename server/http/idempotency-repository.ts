/**
 * The stored answers of idempotent writes (idempotency.ts): read one, store one in the write's
 * transaction, and forget those older than a day.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** An offline queue replays within hours; a day covers it, and keeps the table small. */
const KEY_LIFETIME = sql`interval '24 hours'`;

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
