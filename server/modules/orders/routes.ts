import type { FastifyInstance } from 'fastify';
import { createOrder, getCreatedOrder } from '../../../src/contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { readingSession, writingSession } from '../../plugins/session';
import { pricingSettings, shopperOf } from '../cart/index';
import type { StockSearch } from '../catalogue/index';
import { createOrderVehicleSnapshots } from '../garage/index';
import { createOrderService } from './service';

export async function orderRoutes(api: FastifyInstance, { db, config, stock }: { db: Database; config: Config; stock: StockSearch }): Promise<void> {
  const service = createOrderService({ db, settings: pricingSettings(config), holdMinutes: config.checkout.orderHoldMinutes, publicUrl: config.publicUrl, now: api.clock });

  const snapshots = createOrderVehicleSnapshots(stock);

  registerCall(api, createOrder, async (request) => {
    const session = await writingSession(request);
    const created = await service.create(shopperOf(session));
    // Issue 17: each line keeps the member's current garage vehicle and the fit shown then.
    await snapshots.record(db, created.order.hash);
    return { success: true as const, ...created };
  });

  registerCall(api, getCreatedOrder, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await readingSession(request, reply);
    return { success: true as const, order: await service.created(shopperOf(session), request.params.hash) };
  });
}
