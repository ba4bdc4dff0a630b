/**
 * The outbox's repeats in API tests: a write sent twice with one Idempotency-Key, as the browser's
 * outbox does when an answer was lost.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Sends `send(key)` twice: the repeat must be answered the first answer, marked as a replay. Answers the first JSON. */
export async function sentTwice(send: (key: string) => Promise<LightMyRequestResponse>, key = 'outbox-key-0f3c9a7e'): Promise<unknown> {
  const first = await send(key);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  const repeat = await send(key);
  expect(repeat.statusCode).toBe(200);
  expect(repeat.headers['idempotent-replayed']).toBe('true');
  expect(repeat.json()).toEqual(first.json());
  return first.json();
}

export const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
