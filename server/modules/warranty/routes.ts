import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failureResponse } from '../../../src/contract/define';
import { getWarrantyCertificate, warrantyCertificateFileName, warrantyCertificatePdf } from '../../../src/contract/warranty';
import { createWarrantyClaim, getClaimReasons, getWarrantyClaim, getWarrantyClaims, replyWarrantyClaim, warrantyClaimFile } from '../../../src/contract/warranty-claims';
import { CLAIM_TEXTS } from '../../../src/domain/warranty-claims';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { unauthorised } from '../../errors';
import { attachmentDisposition } from '../../http/attachment';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { CLAIM_UPLOAD_LIMITS, readClaimRequest } from './claim-upload';
import { type ClaimsService, createClaimsService } from './claims-service';
import { createWarrantyService, type OrderOwner } from './service';

/** The request's session and its member; null without a session (these calls never start one). */
async function ownerOf(request: FastifyRequest): Promise<OrderOwner | null> {
  const session = await currentSession(request);
  return session ? { sessionId: session.id, memberId: session.memberId } : null;
}

export async function warrantyRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createWarrantyService({ db, shop: config.shop, publicUrl: config.publicUrl, now: api.clock });
  await claimRoutes(api, createClaimsService({ db, now: api.clock, publicUrl: config.publicUrl, labourCap: config.claimLabourCap, issuer: service.issuer }));

  // A PDF, not JSON: a plain route as the invoice's; failures still answer the §7 envelope.
  api.route({
    method: warrantyCertificatePdf.method,
    url: warrantyCertificatePdf.path,
    schema: { params: warrantyCertificatePdf.params, summary: "A paid order line's warranty certificate (PDF), for the order's owner", tags: ['orders'], response: { '4xx': failureResponse } },
    config: { session: false, fileAnswer: 'application/pdf' },
    handler: async (request, reply) => {
      const { hash, line } = request.params as { hash: string; line: number };
      const certificate = await service.certificate(await ownerOf(request), hash, line);
      // pdfkit and bwip-js (about 14 MB resident, docs/performance.md) are loaded by the first
      // certificate asked for, not by every API process at start.
      const { renderCertificatePdf } = await import('./certificate-pdf');
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

/** The member's id on this request's session, or null (signed out, or only a guest's session). */
async function signedInMember(request: FastifyRequest): Promise<number | null> {
  return (await currentSession(request))?.memberId ?? null;
}

/**
 * Calls of src/contract/warranty-claims.ts for members. Multipart parsing is registered in the
 * create call's own scope only, so no other call accepts a multipart body.
 */
async function claimRoutes(api: FastifyInstance, claims: ClaimsService): Promise<void> {
  registerCall(api, getClaimReasons, async () => ({ success: true as const, ...claims.reasons() }), { session: false });

  await api.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: CLAIM_UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerCall(uploads, createWarrantyClaim, async (request) => {
      // Before a byte of the body is read: a signed-out visitor's files are never decoded.
      const memberId = await signedInMember(request);
      if (memberId === null) throw unauthorised(CLAIM_TEXTS.signIn);
      return { success: true as const, msg: CLAIM_TEXTS.created, claim: await claims.create(memberId, await readClaimRequest(request)) };
    });
  });

  registerCall(api, getWarrantyClaims, async (request) => ({ success: true as const, claims: await claims.list(await signedInMember(request)) }), { session: false });
  registerCall(api, getWarrantyClaim, async (request) => ({ success: true as const, claim: await claims.get(await signedInMember(request), request.params.id) }), { session: false });
  registerCall(api, replyWarrantyClaim, async (request) => ({
    success: true as const,
    msg: CLAIM_TEXTS.replied,
    claim: await claims.reply(await signedInMember(request), request.params.id, request.body.message),
  }));

  // A photo or a PDF, not JSON: a plain route; failures still answer the §7 envelope.
  api.route({
    method: warrantyClaimFile.method,
    url: warrantyClaimFile.path,
    schema: { params: warrantyClaimFile.params, summary: "A photo or the invoice of the member's own warranty claim", tags: ['warranty'], response: { '4xx': failureResponse } },
    config: { session: false, fileAnswer: 'application/octet-stream' },
    handler: async (request, reply) => {
      const { id, fileId } = request.params as { id: number; fileId: number };
      const file = await claims.file(await signedInMember(request), id, fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });
}
