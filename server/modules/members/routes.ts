import type { FastifyInstance } from 'fastify';
import { login, logout } from '../../../src/contract/members';
import { loginFormSchema } from '../../../src/domain/checkout-form';
import { t } from '../../../src/domain/messages';
import type { Database } from '../../db/client';
import { parseFields } from '../../http/fields';
import { registerCall } from '../../http/route';
import { rotateSession } from '../../plugins/session';
import { joinCartsAtSignIn, writingSession } from '../cart/index';
import { createMemberService } from './service';

export async function memberRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const service = createMemberService(db);

  registerCall(
    api,
    login,
    async (request, reply) => {
      const previous = await writingSession(request);
      const form = parseFields(loginFormSchema, request.body);
      const member = await service.authenticate(form.email, form.password);
      // A new session (and CSRF token) at sign-in: a token planted before is worthless after it.
      const session = await rotateSession(request, reply, member.id);
      await joinCartsAtSignIn(db, { previousSessionId: previous.id, newSessionId: session.id, memberId: member.id });
      return {
        success: true as const,
        msg: t('members.logged_in', { name: member.firstName }),
        redirect: null,
        id: member.id,
        first_name: member.firstName,
        last_name: member.lastName,
      };
    },
    // Password guessing: the rate-limit plugin gives sign-in its own strict count (RATE_LIMIT_SIGN_IN_MAX).
  );

  registerCall(api, logout, async (request, reply) => {
    await writingSession(request);
    // The member's cart stays with the member; the browser carries on as a new visitor.
    await rotateSession(request, reply, null);
    return { success: true as const, msg: t('members.logged_out'), redirect: '/' };
  });
}
