/**
 * The product pages' forms (SPEC §7): POST /web-api/product-notifications, and the enquiry's
 * POST /form-messages/save.json, which the spec puts outside /web-api ("no API prefix"). Both are
 * registered from their contract calls, so the same schemas validate them and the same 422
 * envelope answers bad input; both need the session's CSRF token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { saveEnquiry, submitProductNotification } from '../../../src/contract/product-forms';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { idempotencyScope, markReplay } from '../../http/idempotency';
import { registerCall } from '../../http/route';
import { csrfProtection } from '../../plugins/csrf';
import { currentSession } from '../../plugins/session';
import { createProductFormService, type FormCaller } from './service';

export interface ProductFormRoutesOptions {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'shopEmail'>;
}

/** The caller of a write the CSRF check let through (so a live session exists). */
async function callerOf(request: FastifyRequest): Promise<FormCaller> {
  const session = await currentSession(request);
  if (!session) throw forbidden();
  return { sessionId: session.id, memberId: session.memberId, idempotency: idempotencyScope(request, session.id) };
}

/** Registered inside the /web-api scope (its CSRF check and not-found handler apply). */
export async function productNotificationRoutes(api: FastifyInstance, { db, config }: ProductFormRoutesOptions): Promise<void> {
  const service = createProductFormService({ db, publicUrl: config.publicUrl, shopEmail: config.shopEmail });
  registerCall(
    api,
    submitProductNotification,
    async (request, reply) => {
      const { answer, replayed } = await service.notify(request.body, await callerOf(request));
      markReplay(reply, replayed);
      // A replay stored before the service left the envelope to the route carries `success` too: the same answer.
      return { success: true as const, ...answer };
    },
    // A public form that writes and sends mail: the rate-limit plugin counts it strictly (RATE_LIMIT_FORMS_MAX).
  );
}

/**
 * Registered at the root: the enquiry call lives outside /web-api, in its own scope with the same
 * CSRF check the /web-api scope has.
 */
export async function enquiryRoutes(app: FastifyInstance, { db, config }: ProductFormRoutesOptions): Promise<void> {
  const service = createProductFormService({ db, publicUrl: config.publicUrl, shopEmail: config.shopEmail });
  await app.register(async (scope) => {
    await scope.register(csrfProtection);
    registerCall(
      scope,
      saveEnquiry,
      async (request, reply) => {
        const { answer, replayed } = await service.enquire(request.body, await callerOf(request));
        markReplay(reply, replayed);
        return { status: 'success' as const, ...answer };
      },
    );
  });
}
