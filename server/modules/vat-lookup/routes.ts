import type { FastifyInstance } from 'fastify';
import { lookupVatNumber } from '../../../src/contract/vat';
import type { Config } from '../../config';
import { registerCall } from '../../http/route';
import type { VatLookup } from '../../integrations/vat-lookup';
import { createVatLookupService } from './service';

export async function vatLookupRoutes(api: FastifyInstance, { config, vatLookup }: { config: Config; vatLookup: VatLookup }): Promise<void> {
  const service = createVatLookupService({ vatLookup });
  registerCall(
    api,
    lookupVatNumber,
    async (request, reply) => {
      const answer = await service.report(request.params.nip, (reason) => request.log.warn({ reason }, 'VAT lookup unavailable'));
      // The register changes seldom; the same person asking again (a re-rendered form) need not cost a lookup.
      reply.header('cache-control', 'private, max-age=3600');
      return { success: true as const, ...answer };
    },
    // Asked while registering, before any account or session exists. Each lookup may cost an HMRC
    // request: limited per address like the public forms (RATE_LIMIT_FORMS_MAX a minute).
    { session: false, rateLimit: { max: config.rateLimits.forms, timeWindow: '1 minute' } },
  );
}
