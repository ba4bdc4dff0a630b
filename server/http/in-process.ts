/**
 * Requests the server makes to itself (the first paint's API calls, answered by app.inject). They
 * carry a token made up at start, known only to this process, so the rate limit can let them
 * through: the page request that caused them was already counted.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const IN_PROCESS_HEADER = 'x-shop-in-process';
export const IN_PROCESS_TOKEN = randomBytes(32).toString('hex');

export function isInProcessRequest(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}
