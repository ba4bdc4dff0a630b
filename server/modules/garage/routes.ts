import type { FastifyInstance } from 'fastify';
import { addGarageVehicle, getGarage, getGarageCompatibility, putSavedVrn, removeGarageVehicle, setCurrentVehicle } from '../../../src/contract/garage';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { idempotencyScope, markReplay } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import type { StockSearch } from '../catalogue/index';
import { createGarageService } from './service';

export async function garageRoutes(api: FastifyInstance, { db, stock }: { db: Database; stock: StockSearch }): Promise<void> {
  const service = createGarageService({ db, stock, now: api.clock });
  /** A change's member: the CSRF check let it through only with a live session. */
  const writer = async (request: Parameters<typeof currentSession>[0]) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    return session.memberId;
  };
  const reader = async (request: Parameters<typeof currentSession>[0]) => (await currentSession(request))?.memberId ?? null;

  registerCall(
    api,
    getGarage,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await service.list(await reader(request))) };
    },
    { session: false },
  );

  registerCall(
    api,
    getGarageCompatibility,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await service.compatibility(await reader(request), request.query.tags, request.query.vehicle)) };
    },
    { session: false },
  );

  registerCall(api, addGarageVehicle, async (request, reply) => {
    const session = await currentSession(request);
    if (!session) throw forbidden();
    const { vehicle, replayed } = await service.add(session.memberId, request.body, idempotencyScope(request, session.id));
    markReplay(reply, replayed);
    return { success: true as const, vehicle };
  });

  registerCall(api, removeGarageVehicle, async (request) => {
    await service.remove(await writer(request), request.params.id);
    return { success: true as const, msg: 'The vehicle has been removed from your garage.' };
  });

  registerCall(api, setCurrentVehicle, async (request) => ({ success: true as const, vehicle: await service.setCurrent(await writer(request), request.params.id) }));

  registerCall(api, putSavedVrn, async (request) => ({ success: true as const, vehicle: await service.saveVrn(await writer(request), request.body.vrn) }));
}
