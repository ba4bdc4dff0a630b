import type { FastifyInstance } from 'fastify';
import { createAlert, deleteAlert, getAlerts, getUnsubscribe, postUnsubscribe, updateAlert } from '../../../src/contract/alerts';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import type { StockSearch } from '../catalogue/index';
import { createAlertService } from './service';
import type { UnsubscribeTokens } from './unsubscribe-token';

export async function alertRoutes(api: FastifyInstance, { db, stock, tokens }: { db: Database; stock: StockSearch; tokens: UnsubscribeTokens }): Promise<void> {
  const service = createAlertService({ db, stock, tokens, now: api.clock });
  const writer = async (request: Parameters<typeof currentSession>[0]) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    return session.memberId;
  };

  registerCall(
    api,
    getAlerts,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, records: await service.list((await currentSession(request))?.memberId ?? null) };
    },
    { session: false },
  );

  registerCall(api, createAlert, async (request) => ({ success: true as const, alert: await service.create(await writer(request), request.body) }));

  registerCall(api, updateAlert, async (request) => ({ success: true as const, alert: await service.setPush(await writer(request), request.params.id, request.body.push) }));

  registerCall(api, deleteAlert, async (request) => {
    await service.remove(await writer(request), request.params.id);
    return { success: true as const, msg: 'The alert has been stopped.' };
  });

  // From a mail, with no sign-in: the signed token is the authority, so no session and no CSRF.
  registerCall(
    api,
    getUnsubscribe,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await service.unsubscribeTarget(request.params.token)) };
    },
    { session: false },
  );

  registerCall(
    api,
    postUnsubscribe,
    async (request) => {
      const { label } = await service.unsubscribe(request.params.token);
      return { success: true as const, msg: `You will no longer get alerts for ${label}.` };
    },
    { session: false, csrf: false },
  );
}
