import type { FastifyInstance } from 'fastify';
import { createSavedSearch, deleteSavedSearch, getSavedSearches, renameSavedSearch, runSavedSearch } from '../../../src/contract/saved-searches';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { idempotencyScope, markReplay } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import type { StockSearch } from '../catalogue/index';
import { createSavedSearchService } from './service';

export async function savedSearchRoutes(api: FastifyInstance, { db, stock }: { db: Database; stock: StockSearch }): Promise<void> {
  const service = createSavedSearchService({ db, stock, now: api.clock });
  /** A change's member: the CSRF check let it through only with a live session. */
  const writer = async (request: Parameters<typeof currentSession>[0]) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    return session.memberId;
  };

  // Reads come from the session without starting one: signed out is 401.
  registerCall(
    api,
    getSavedSearches,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, records: await service.list((await currentSession(request))?.memberId ?? null) };
    },
    { session: false },
  );

  registerCall(api, createSavedSearch, async (request, reply) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    const { record, replayed } = await service.create(session.memberId, request.body, idempotencyScope(request, session.id));
    markReplay(reply, replayed);
    return { success: true as const, record };
  });

  registerCall(api, runSavedSearch, async (request) => ({ success: true as const, ...(await service.run(await writer(request), request.params.id)) }));

  registerCall(api, renameSavedSearch, async (request) => ({ success: true as const, record: await service.rename(await writer(request), request.params.id, request.body.name) }));

  registerCall(api, deleteSavedSearch, async (request) => {
    await service.remove(await writer(request), request.params.id);
    return { success: true as const, msg: 'The saved search has been deleted.' };
  });
}
