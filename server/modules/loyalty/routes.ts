import type { FastifyInstance } from 'fastify';
import { getDiscountThresholds, getDiscountThresholdStatics, getMemberProgress } from '../../../src/contract/loyalty';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createLoyaltyService } from './service';

/** The levels and texts are the same for everyone; staff change them in the back office and the page shows it at once. */
const PUBLIC = 'public, no-cache';

export async function loyaltyRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createLoyaltyService({ db, settings: {
      // Read at each call: staff may switch the flag in the back office (config.flags is live).
      get enabled() {
        return config.flags.discountThresholds === 1;
      },
    }, });

  // Public reads: no session is read or started (the /loyalty-program page is open to anyone).
  registerCall(
    api,
    getDiscountThresholds,
    async (_request, reply) => {
      const thresholds = await service.thresholds();
      reply.header('cache-control', PUBLIC);
      return { success: true as const, thresholds };
    },
    { session: false },
  );

  registerCall(
    api,
    getDiscountThresholdStatics,
    async (_request, reply) => {
      const statics = await service.statics();
      reply.header('cache-control', PUBLIC);
      return { success: true as const, statics };
    },
    { session: false },
  );

  // A member's own figures: read from the session, never starting one (signed out is 401).
  registerCall(
    api,
    getMemberProgress,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await currentSession(request);
      return { success: true as const, data: await service.progress(session?.memberId ?? null, request.params.memberId) };
    },
    { session: false },
  );
}
