import { failureResponse } from '../../../src/contract/define';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createReturn, getReturnReason, getReturnReasons, returnFile } from '../../../src/contract/returns';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { unauthorised } from '../../errors';
import { idempotencyScope, markReplay } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createReturnsService } from './service';
import { readReturnRequest, RETURN_UPLOAD_LIMITS } from './upload';

/** The reasons and their forms change only with a deployment's seed: browsers may keep them a while. */
const REASONS_CACHE = 'public, max-age=300';

/** The member signed in on this request's session, or null (signed out, or only a guest's session). */
async function signedInMember(request: FastifyRequest): Promise<number | null> {
  return (await currentSession(request))?.memberId ?? null;
}

/**
 * Calls of src/contract/returns.ts. The reasons are public reference data (no session). Creating
 * a return and reading its photos are for the signed-in member; multipart parsing is registered
 * in the create call's own scope only, so no other call accepts a multipart body.
 */
export async function returnRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createReturnsService({ db, now: api.clock, windowDays: config.returnsWindowDays, ordersUrl: `${config.publicUrl}/panel/#/client/orders` });

  registerCall(
    api,
    getReturnReasons,
    async (_request, reply) => {
      reply.header('cache-control', REASONS_CACHE);
      return { success: true as const, return_reasons: await service.reasons() };
    },
    { session: false },
  );

  registerCall(
    api,
    getReturnReason,
    async (request, reply) => {
      reply.header('cache-control', REASONS_CACHE);
      return { success: true as const, details: await service.reason(request.params.id) };
    },
    { session: false },
  );

  await api.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: RETURN_UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerCall(uploads, createReturn, async (request, reply) => {
      // Before a byte of the body is read: a signed-out visitor's photos are never decoded.
      const session = await currentSession(request);
      if (!session || session.memberId === null) throw unauthorised(t('return.sign_in'));
      const scope = idempotencyScope(request, session.id);
      const { answer, replayed } = await service.create(session.memberId, await readReturnRequest(request), scope);
      markReplay(reply, replayed);
      return { success: true as const, msg: t('return.created'), return: answer };
    });
  });

  // Image bytes, not JSON: a plain route; failures still answer the §7 envelope (error handler).
  api.route({
    method: returnFile.method,
    url: returnFile.path,
    schema: { params: returnFile.params, summary: "A photo of the member's own return", tags: ['returns'], response: { '4xx': failureResponse } },
    config: { session: false, fileAnswer: 'image/*' },
    handler: async (request, reply) => {
      const { id, fileId } = request.params as { id: number; fileId: number };
      const file = await service.file(await signedInMember(request), id, fileId);
      return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(file.data);
    },
  });
}
