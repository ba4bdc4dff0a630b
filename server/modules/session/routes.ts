import type { FastifyInstance } from 'fastify';
import { checkSession } from '../../../src/contract/session';
import { t } from '../../../src/domain/messages';
import { unauthorised } from '../../errors';
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
      // SPEC §4: the check runs while signed in; a session that is no member's (ended, expired,
      // signed out in another tab) is the failure that sends the page to /logout.
      const session = await currentSession(request, { touch: false });
      if (session?.memberId == null) throw unauthorised(t('members.sign_in_required'));
      return { success: true };
    },
    { session: false },
  );
}
