/**
 * The member's review calls (src/contract/reviews.ts). Read from the session without starting
 * one: signed out is 401; the write needs the session's CSRF token (registerCall).
 */
import type { FastifyInstance } from 'fastify';
import { createReview, getMyReviews } from '../../../src/contract/reviews';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createReviewService, REVIEW_MESSAGES } from './service';

export async function reviewRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const reviews = createReviewService({ db, now: () => api.clock() });

  registerCall(
    api,
    getMyReviews,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await currentSession(request);
      return { success: true as const, records: await reviews.mine(session?.memberId) };
    },
    { session: false },
  );

  registerCall(api, createReview, async (request, reply) => {
    const session = await currentSession(request);
    const record = await reviews.create(session?.memberId, request.params.id, request.body);
    reply.code(201);
    return { success: true as const, msg: REVIEW_MESSAGES.sent, record };
  });
}
