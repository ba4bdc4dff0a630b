import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors';
import { currentSession, ensureSession, type Session } from '../../plugins/session';
import type { Shopper } from './repository';

export const shopperOf = (session: Session): Shopper => ({ sessionId: session.id, memberId: session.memberId });

/** The session of a write: the CSRF check let it through only with a live one. */
export async function writingSession(request: FastifyRequest): Promise<Session> {
  const session = await currentSession(request);
  if (!session) throw forbidden();
  return session;
}

/** The session of a read (the CSRF plugin has started one if there was none). */
export function readingSession(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  return ensureSession(request, reply);
}
