import type { FastifyInstance } from 'fastify';
import { addPushSubscription, getPushSubscriptions, getVapidPublicKey, removePushSubscription } from '../../../src/contract/push';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { registerCall } from '../../http/route';
import type { PushSender } from '../../integrations/push';
import { currentSession } from '../../plugins/session';
import { createPushService } from './service';

export async function pushRoutes(api: FastifyInstance, { db, sender }: { db: Database; sender: () => PushSender }): Promise<void> {
  const service = createPushService({ db, now: api.clock });
  const writer = async (request: Parameters<typeof currentSession>[0]) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    return session.memberId;
  };

  // Public: the key is what every browser subscribes with.
  registerCall(api, getVapidPublicKey, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { success: true as const, public_key: sender().publicKey };
  }, { session: false });

  registerCall(
    api,
    getPushSubscriptions,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, records: await service.list((await currentSession(request))?.memberId ?? null) };
    },
    { session: false },
  );

  registerCall(api, addPushSubscription, async (request) => ({ success: true as const, subscription: await service.add(await writer(request), request.body) }));

  registerCall(api, removePushSubscription, async (request) => {
    await service.remove(await writer(request), request.params.id);
    return { success: true as const, msg: 'This device will no longer get notifications.' };
  });
}
