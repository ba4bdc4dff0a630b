import type { FastifyInstance } from 'fastify';
import { checkSession } from '../../../src/contract/session';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';

export async function sessionRoutes(api: FastifyInstance): Promise<void> {
  registerCall(
    api,
    checkSession,
    // Asking must neither start a session nor count as activity, or an open tab polling every
    // 60 s would keep an idle session alive forever.
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: (await currentSession(request, { touch: false })) !== null };
    },
    { session: false },
  );
}
