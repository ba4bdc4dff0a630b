import type { FastifyInstance } from 'fastify';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../src/contract/idempotency';
import { addAccountPartRequest, getPartRequestList, submitPartRequest } from '../../../src/contract/part-requests';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { idempotencyScope } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import type { BotCheck } from '../../integrations/bot-check';
import { currentSession } from '../../plugins/session';
import { createAccountPartRequestService } from './account-service';
import { createPartRequestService } from './service';

export async function partRequestRoutes(api: FastifyInstance, { db, botCheck }: { db: Database; botCheck: BotCheck }): Promise<void> {
  const service = createPartRequestService({ db, botCheck });
  const account = createAccountPartRequestService({ db, now: api.clock });

  registerCall(
    api,
    submitPartRequest,
    async (request, reply) => {
      // The CSRF check let this write through only with a live session.
      const session = await currentSession(request);
      if (!session) throw forbidden();
      const { answer, replayed } = await service.submit(request.body, {
        sessionId: session.id,
        memberId: session.memberId,
        remoteIp: request.ip,
        idempotency: idempotencyScope(request, session.id),
      });
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // A replay stored before the service left the envelope to the route carries `success` too: the same answer.
      return { success: true as const, ...answer };
    },
    // A public form that writes and sends mail: the rate-limit plugin counts it strictly (RATE_LIMIT_FORMS_MAX).
  );

  // The account's list: the signed-in member's own requests. Read from the session without
  // starting one: signed out is 401.
  registerCall(
    api,
    getPartRequestList,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await currentSession(request);
      const caller = session ? { sessionId: session.id, memberId: session.memberId } : null;
      return { success: true as const, data: await account.list(caller, request.query) };
    },
    { session: false },
  );

  registerCall(api, addAccountPartRequest, async (request, reply) => {
    // The CSRF check let this write through only with a live session.
    const session = await currentSession(request);
    if (!session) throw forbidden();
    const { answer, replayed } = await account.add({ sessionId: session.id, memberId: session.memberId }, request.body, idempotencyScope(request, session.id));
    if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return { success: true as const, ...answer };
  });
}
