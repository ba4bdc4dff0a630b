import type { FastifyInstance } from 'fastify';
import { createOrder, getCreatedOrder } from '../../../src/contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { pricingSettings, readingSession, shopperOf, writingSession } from '../cart/index';
import { createOrderService } from './service';

export async function orderRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createOrderService({ db, settings: pricingSettings(config), holdMinutes: config.checkout.orderHoldMinutes, publicUrl: config.publicUrl, now: api.clock });

  registerCall(api, createOrder, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.create(shopperOf(session))) };
  });

  registerCall(api, getCreatedOrder, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await readingSession(request, reply);
    return { success: true as const, order: await service.created(shopperOf(session), request.params.hash) };
  });
}
