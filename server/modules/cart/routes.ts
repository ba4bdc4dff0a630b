import type { FastifyInstance } from 'fastify';
import {
  addCartItem,
  checkDiscountCode,
  deleteCartItem,
  getAvailableDeliveryPrices,
  getCart,
  holdCartItemAgain,
  updateCartItem,
  updateRegionAndDelivery,
  validatePostcode,
} from '../../../src/contract/cart';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { pricingSettings } from './pricing';
import { createCartService } from './service';
import { readingSession, writingSession } from '../../plugins/session';
import { shopperOf } from './shopper';

/** Guessing discount codes is the one thing here worth automating: far fewer tries than the API's limit. */
const CODE_CHECKS_PER_MINUTE = 20;

export async function cartRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createCartService({ db, settings: pricingSettings(config), holdMinutes: config.checkout.cartHoldMinutes, now: api.clock });
  const noStore = { 'cache-control': 'no-store' };

  registerCall(api, getCart, async (request, reply) => {
    reply.headers(noStore);
    const session = await readingSession(request, reply);
    return { success: true as const, cart: await service.get(shopperOf(session)) };
  });

  registerCall(api, addCartItem, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.addItem(shopperOf(session), request.body.product)) };
  });

  registerCall(api, updateCartItem, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.updateItem(shopperOf(session), request.body.product)) };
  });

  registerCall(api, deleteCartItem, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.deleteItem(shopperOf(session), request.params.id)) };
  });

  registerCall(api, holdCartItemAgain, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.holdAgain(shopperOf(session), request.params.id)) };
  });

  registerCall(api, getAvailableDeliveryPrices, async (request, reply) => {
    reply.headers(noStore);
    const session = await readingSession(request, reply);
    return { success: true as const, ...(await service.deliveryOptions(shopperOf(session))) };
  });

  registerCall(api, validatePostcode, async (request) => {
    await writingSession(request);
    return { success: true as const, ...(await service.validatePostcode(request.body)) };
  });

  registerCall(api, updateRegionAndDelivery, async (request) => {
    const session = await writingSession(request);
    return { success: true as const, ...(await service.updateRegionAndDelivery(shopperOf(session), request.body)) };
  });

  registerCall(
    api,
    checkDiscountCode,
    async (request) => {
      const session = await writingSession(request);
      return { success: true as const, ...(await service.checkDiscountCode(shopperOf(session), request.body)) };
    },
    { rateLimit: { max: CODE_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
  );
}
