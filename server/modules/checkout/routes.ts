import type { FastifyInstance } from 'fastify';
import { getCountries, getRecentAddresses, lookupAddresses, updateShipping } from '../../../src/contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import type { PostcodeLookup } from '../../integrations/postcode-lookup';
import { readingSession, rotateSession, writingSession } from '../../plugins/session';
import { joinCartsAtSignIn, pricingSettings, shopperOf } from '../cart/index';
import { createCheckoutService } from './service';

/** Every lookup may cost the shop a provider's credit: a person needs a few, a scraper many. */
const LOOKUPS_PER_MINUTE = 30;

export async function checkoutRoutes(api: FastifyInstance, { db, config, postcodeLookup }: { db: Database; config: Config; postcodeLookup: PostcodeLookup }): Promise<void> {
  const service = createCheckoutService({ db, settings: pricingSettings(config), companyAccount: () => config.flags.companyAccount === 1, postcodeLookup, now: api.clock });

  registerCall(api, updateShipping, async (request, reply) => {
    const session = await writingSession(request);
    const result = await service.updateShipping(shopperOf(session), request.body);
    let shopper = shopperOf(session);
    if (result.registered) {
      // Registered during checkout: signed in now, with a new session; the cart comes along.
      const signedIn = await rotateSession(request, reply, result.memberId);
      await joinCartsAtSignIn(db, { previousSessionId: session.id, newSessionId: signedIn.id, memberId: result.memberId });
      shopper = shopperOf(signedIn);
    }
    return {
      success: true as const,
      msg: result.msg,
      cart: await service.cart(shopper),
      id: result.memberId,
      first_name: result.firstName,
      last_name: result.lastName,
      is_guest: result.isGuest,
      signed_in: result.registered,
    };
  });

  registerCall(api, getRecentAddresses, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await readingSession(request, reply);
    return { success: true as const, data: await service.recent(shopperOf(session)) };
  });

  registerCall(
    api,
    getCountries,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { success: true as const, data: await service.countries() };
    },
    { session: false },
  );

  registerCall(
    api,
    lookupAddresses,
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return { success: true as const, ...(await service.lookup(request.query.postcode)) };
    },
    { rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
  );
}
