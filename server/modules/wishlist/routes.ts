import type { FastifyInstance } from 'fastify';
import { getWishlist, getWishlistTags, toggleWishlist } from '../../../src/contract/wishlist';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { createIdempotency, idempotencyScope, markReplay } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createWishlistService } from './service';

export async function wishlistRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const service = createWishlistService({ db, now: api.clock });
  const idempotency = createIdempotency(db);

  // Reads come from the session without starting one: signed out is 401.
  registerCall(
    api,
    getWishlist,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await currentSession(request);
      return { success: true as const, records: await service.list(session?.memberId ?? null) };
    },
    { session: false },
  );

  registerCall(
    api,
    getWishlistTags,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await currentSession(request);
      return { success: true as const, tags: await service.tags(session?.memberId ?? null) };
    },
    { session: false },
  );

  registerCall(api, toggleWishlist, async (request, reply) => {
    // The CSRF check let this write through only with a live session.
    const session = await currentSession(request);
    if (!session) throw forbidden();
    // A toggle sent twice would undo itself: the outbox's repeat gets the first answer instead.
    const { answer, replayed } = await idempotency.run(idempotencyScope(request, session.id), (tx) => createWishlistService({ db: tx, now: api.clock }).toggle(session.memberId, request.body.tag));
    markReplay(reply, replayed);
    return { success: true as const, ...answer };
  });
}
