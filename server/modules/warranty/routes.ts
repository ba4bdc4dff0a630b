import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failureResponse } from '../../../src/contract/define';
import { getWarrantyCertificate, warrantyCertificateFileName, warrantyCertificatePdf } from '../../../src/contract/warranty';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { renderCertificatePdf } from './certificate-pdf';
import { createWarrantyService, type OrderOwner } from './service';

/** The request's session and its member; null without a session (these calls never start one). */
async function ownerOf(request: FastifyRequest): Promise<OrderOwner | null> {
  const session = await currentSession(request);
  return session ? { sessionId: session.id, memberId: session.memberId } : null;
}

export async function warrantyRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createWarrantyService({ db, shop: config.shop, publicUrl: config.publicUrl, now: api.clock });

  // A PDF, not JSON: a plain route as the invoice's; failures still answer the §7 envelope.
  api.route({
    method: warrantyCertificatePdf.method,
    url: warrantyCertificatePdf.path,
    schema: { params: warrantyCertificatePdf.params, summary: "A paid order line's warranty certificate (PDF), for the order's owner", tags: ['orders'], response: { '4xx': failureResponse } },
    config: { session: false, fileAnswer: 'application/pdf' },
    handler: async (request, reply) => {
      const { hash, line } = request.params as { hash: string; line: number };
      const certificate = await service.certificate(await ownerOf(request), hash, line);
      const pdf = await renderCertificatePdf(certificate);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${warrantyCertificateFileName(certificate.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  registerCall(
    api,
    getWarrantyCertificate,
    async (request, reply) => {
      // Whether it is still in warranty changes with the clock: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { success: true as const, certificate: await service.publicCertificate(request.params.number) };
    },
    { session: false },
  );
}
