/**
 * Idempotency-Key for writes that can be queued offline (ARCHITECTURE: part requests, enquiries,
 * cart changes; docs/offline.md lists them all). A success is stored under (key, session) in the transaction of the write itself,
 * so either both exist or neither; a repeat gets the stored answer and writes nothing. Failures
 * are not stored: a retry after fixing a field runs for real.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '../../src/contract/idempotency';
import type { Database } from '../db/client';
import { HttpError } from './http-error';
import { createIdempotencyRepository, type IdempotencyScope } from './idempotency-repository';

export type { IdempotencyScope } from './idempotency-repository';

/** The request's Idempotency-Key within its session, or undefined when none was sent. */
export function idempotencyScope(request: FastifyRequest, sessionHash: string): IdempotencyScope | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 8 to 128 visible characters.');
  }
  return { key, sessionHash };
}

/** Tells the browser that this answer is the stored one of an earlier request with the same key. */
export function markReplay(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
}

/** Thrown inside the transaction to roll it back when a concurrent twin stored its answer first. */
class AnsweredMeanwhile extends Error {}

export function createIdempotency(db: Database) {
  const stored = (scope: IdempotencyScope) => createIdempotencyRepository(db).stored(scope);

  /**
   * The answer stored for this scope, if any. Typed by the caller, who stored it: the route's
   * serializer checks it against the contract again on the way out.
   */
  async function replay<T>(scope: IdempotencyScope | undefined): Promise<T | undefined> {
    return scope ? ((await stored(scope)) as T | undefined) : undefined;
  }

  /**
   * Runs `write` in a transaction that also stores its answer under the scope (a plain
   * transaction without one). When a concurrent request with the same key committed first, this
   * one rolls back and answers what that one stored, as a replay.
   */
  async function once<T>(scope: IdempotencyScope | undefined, write: (tx: Database) => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
    if (!scope) return { answer: await db.transaction(write), replayed: false };
    await createIdempotencyRepository(db).forgetExpired();
    try {
      const answer = await db.transaction(async (tx) => {
        const answer = await write(tx);
        if (!(await createIdempotencyRepository(tx).store(scope, answer))) throw new AnsweredMeanwhile();
        return answer;
      });
      return { answer, replayed: false };
    } catch (error) {
      if (!(error instanceof AnsweredMeanwhile)) throw error;
      return { answer: (await stored(scope)) as T, replayed: true };
    }
  }

  return {
    replay,
    once,
    /** The stored answer of a repeat, else `write` run once under the scope (replay, then once). */
    async run<T>(scope: IdempotencyScope | undefined, write: (tx: Database) => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
      const earlier = await replay<T>(scope);
      if (earlier !== undefined) return { answer: earlier, replayed: true };
      return once(scope, write);
    },
  };
}
