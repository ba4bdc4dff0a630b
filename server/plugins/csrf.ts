/**
 * Registered inside the /web-api scope. Reads start a session when the visitor has none (so the
 * CSRF cookie exists before the first write); every state-changing call must send X-CSRF-Token
 * equal to its session's token. A write without a live session is refused rather than given a
 * new session, so anonymous floods of writes cost no database rows. Back-office calls (route config
 * `staff: true`) do the same with the staff session and its own token (plugins/staff-session.ts):
 * a member's token never passes for a staff write, nor a staff token for a member's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../src/contract/app-props';
import { HttpError, MESSAGES } from '../http/http-error';
import { currentSession, ensureSession } from './session';
import { currentStaffSession, ensureStaffSession } from './staff-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the call neither needs nor starts a session (public answers that shared caches keep). */
    session?: false;
    /**
     * false: no CSRF check. Only for the payment providers' webhooks (payments module), which a
     * provider's server sends without any session and which prove themselves by their signature.
     */
    csrf?: false;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Constant-time comparison; hashing first makes both sides the same length. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

export const csrfProtection = fp(
  async (api: FastifyInstance) => {
    // preValidation: after the rate limit (onRequest), before the body is validated, so a forged
    // request is refused with 403 rather than told which fields are wrong.
    api.addHook('preValidation', async (request, reply) => {
      if (request.routeOptions.config?.csrf === false) return;
      if (request.routeOptions.config?.staff === true) {
        if (!STATE_CHANGING.has(request.method)) {
          await ensureStaffSession(request, reply);
          return;
        }
        const session = await currentStaffSession(request);
        const sent = request.headers[CSRF_HEADER];
        if (!session || typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) throw new HttpError(403, MESSAGES.sessionExpired);
        return;
      }
      if (!STATE_CHANGING.has(request.method)) {
        // An unknown path gets its 404 without a session: probing costs no database rows.
        if (!request.is404 && request.routeOptions.config?.session !== false) await ensureSession(request, reply);
        return;
      }
      const session = await currentSession(request);
      const sent = request.headers[CSRF_HEADER];
      if (!session || typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
        throw new HttpError(403, MESSAGES.sessionExpired);
      }
    });
  },
  { name: 'csrf', dependencies: ['sessions', 'staff-sessions'] },
);
