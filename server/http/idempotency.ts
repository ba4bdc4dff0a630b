/**
 * Idempotency-Key for writes that can be queued offline (ARCHITECTURE: part requests, enquiries,
 * cart changes). A success is stored under (key, session) in the transaction of the write itself,
 * so either both exist or neither; a repeat gets the stored answer and writes nothing. Failures
 * are not stored: a retry after fixing a field runs for real.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/contract/idempotency';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './http-error';

/** An offline queue replays within hours; a day covers it, and keeps the table small. */
const KEY_LIFETIME = sql`interval '24 hours'`;

/** Who may see a stored answer: the same key from the same session. */
export interface IdempotencyScope {
  key: string;
  sessionHash: string;
}

/** The request's Idempotency-Key within its session, or undefined when none was sent. */
export function idempotencyScope(request: FastifyRequest, sessionHash: string): IdempotencyScope | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 8 to 128 visible characters.');
  }
  return { key, sessionHash };
}

/** Thrown inside the transaction to roll it back when a concurrent twin stored its answer first. */
class AnsweredMeanwhile extends Error {}

export function createIdempotency(db: Database) {
  async function stored(scope: IdempotencyScope): Promise<unknown> {
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
  }

  return {
    /**
     * The answer stored for this scope, if any. Typed by the caller, who stored it: the route's
     * serializer checks it against the contract again on the way out.
     */
    async replay<T>(scope: IdempotencyScope | undefined): Promise<T | undefined> {
      return scope ? ((await stored(scope)) as T | undefined) : undefined;
    },

    /**
     * Runs `write` in a transaction that also stores its answer under the scope (a plain
     * transaction without one). When a concurrent request with the same key committed first, this
     * one rolls back and answers what that one stored, as a replay.
     */
    async once<T>(scope: IdempotencyScope | undefined, write: (tx: Database) => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
      if (!scope) return { answer: await db.transaction(write), replayed: false };
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`));
      try {
        const answer = await db.transaction(async (tx) => {
          const answer = await write(tx);
          // The primary key (key, session) waits for a concurrent twin's commit, then conflicts.
          const inserted = await tx
            .insert(idempotencyKeys)
            .values({ key: scope.key, sessionHash: scope.sessionHash, response: answer })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (inserted.length === 0) throw new AnsweredMeanwhile();
          return answer;
        });
        return { answer, replayed: false };
      } catch (error) {
        if (!(error instanceof AnsweredMeanwhile)) throw error;
        return { answer: (await stored(scope)) as T, replayed: true };
      }
    },
  };
}
