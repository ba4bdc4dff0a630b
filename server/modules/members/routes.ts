import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePassword,
  changePasswordWithToken,
  deleteAccount,
  forgottenPassword,
  getDeletionReasons,
  getMemberDetails,
  getSignUpStatics,
  guestRegister,
  login,
  logout,
  register,
  saveMemberDetails,
} from '../../../src/contract/members';
import { loginFormSchema } from '../../../src/domain/checkout-form';
import { ACCOUNT_ORDERS_PATH, forgottenPasswordFormSchema, LOGOUT_PATH } from '../../../src/domain/member-forms';
import { t } from '../../../src/domain/messages';
import type { Config } from '../../config';
import type { CardGateway } from '../../integrations/payments/port';
import type { Database } from '../../db/client';
import { DomainError, unauthorised } from '../../errors';
import { parseFields } from '../../http/fields';
import { HttpError } from '../../http/http-error';
import { registerCall } from '../../http/route';
import { currentSession, rotateSession, type Session, writingSession } from '../../plugins/session';
import { joinCartsAtSignIn } from '../cart/index';
import { periodicRounds } from '../../plugins/periodic-rounds';
import { createAccountService, type MemberErasureStep } from './account-service';
import { createMemberService } from './service';
import { createSignInThrottle, SIGN_IN_WINDOW_MS } from './sign-in-throttle';

/** The signed-in member's session; 401 for a visitor (SPEC §6: the account area is for members). */
async function memberSession(request: FastifyRequest): Promise<Session & { memberId: number }> {
  const session = await currentSession(request);
  if (!session || session.memberId === null) throw unauthorised(t('members.sign_in_required'));
  return session as Session & { memberId: number };
}

/** Signs the request's browser in as the member: a new session (and CSRF token), the visitor's cart joined. */
async function signIn(db: Database, request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  const previous = await writingSession(request);
  const session = await rotateSession(request, reply, memberId);
  await joinCartsAtSignIn(db, { previousSessionId: previous.id, newSessionId: session.id, memberId });
}

export interface MemberRoutesOptions {
  db: Database;
  config: Config;
  card: Pick<CardGateway, 'deleteCustomer'>;
  /** The other modules' parts of an account's deletion (server/app.ts lists them). */
  erasureSteps: readonly MemberErasureStep[];
}

export async function memberRoutes(api: FastifyInstance, { db, config, card, erasureSteps }: MemberRoutesOptions): Promise<void> {
  const now = api.clock;
  const service = createMemberService(db, now);
  const accounts = createAccountService({ db, companyAccount: () => config.flags.companyAccount === 1, publicUrl: config.publicUrl, now, card, log: api.log, erasureSteps });
  const throttle = createSignInThrottle(db, now);

  // Failed sign-ins older than the window count for nothing: purged off the request path.
  periodicRounds(api, { name: 'old failed sign-ins purge', intervalMs: SIGN_IN_WINDOW_MS, timeLimitMs: 60_000, round: () => throttle.purge() });
  // Forgotten-password work runs after the answer (the same answer, in the same time, for any
  // address); closing the app waits for it.
  const pending = new Set<Promise<void>>();
  api.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  registerCall(api, login, async (request, reply) => {
    const previous = await writingSession(request);
    const form = parseFields(loginFormSchema, request.body);
    const attempt = { email: form.email, address: request.ip };
    const wait = await throttle.retryAfter(attempt);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, t('members.too_many_sign_ins', { minutes: Math.ceil(wait / 60) }));
    }
    let member;
    try {
      member = await service.authenticate(form.email, form.password);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthorised') await throttle.failed(attempt);
      throw error;
    }
    await throttle.succeeded(attempt);
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
  });

  registerCall(api, logout, async (request, reply) => {
    await writingSession(request);
    // The member's cart stays with the member; the browser carries on as a new visitor.
    await rotateSession(request, reply, null);
    return { success: true as const, msg: t('members.logged_out'), redirect: '/' };
  });

  registerCall(api, register, async (request, reply) => {
    await writingSession(request);
    const member = await accounts.register(request.body);
    await signIn(db, request, reply, member.id);
    return { success: true as const, msg: t('members.registered', { name: member.firstName }), redirect: ACCOUNT_ORDERS_PATH, id: member.id, first_name: member.firstName, last_name: member.lastName };
  });

  registerCall(api, forgottenPassword, async (request, reply) => {
    const form = parseFields(forgottenPasswordFormSchema, request.body);
    // The account's work starts once the answer has been written (the response's 'finish', or
    // 'close' if the browser went first), and one turn of the event loop later: on embedded
    // PGlite its queries run on this thread, and started any earlier they held the answer back
    // for a member's address (an unknown one has no work), which would tell the two apart.
    const written = new Promise<void>((resolve) => {
      const later = () => setTimeout(resolve, 0);
      reply.raw.once('finish', later);
      reply.raw.once('close', later);
    });
    const work = written
      .then(() => {
        // The mark the test reads to see that the answer was out first, for every address.
        request.log.debug('forgotten-password work starts');
        return accounts.requestPasswordReset(form.email);
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'a password reset request failed'))
      .finally(() => pending.delete(work));
    pending.add(work);
    return { success: true as const, msg: t('members.reset_sent') };
  });

  registerCall(api, changePassword, async (request, reply) => {
    const session = await memberSession(request);
    await accounts.changePassword(session.memberId, request.body);
    // Whoever else holds a session of this member is signed out; this browser keeps going on a new one.
    await request.server.sessions.endMemberSessions(session.memberId, session);
    await signIn(db, request, reply, session.memberId);
    return { success: true as const, msg: t('members.password_changed'), redirect: LOGOUT_PATH };
  });

  registerCall(api, changePasswordWithToken, async (request) => {
    const member = await accounts.resetPassword(request.params.token, request.body);
    await request.server.sessions.endMemberSessions(member.id);
    return { success: true as const, msg: t('members.password_changed'), redirect: LOGOUT_PATH };
  });

  registerCall(api, guestRegister, async (request) => {
    await accounts.guestRegister(request.params.token, request.body);
    return { success: true as const, msg: t('members.guest_registered'), redirect: LOGOUT_PATH };
  });

  registerCall(api, getMemberDetails, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await memberSession(request);
    return { success: true as const, memberDetails: await accounts.details(session.memberId) };
  });

  registerCall(api, saveMemberDetails, async (request) => {
    const session = await memberSession(request);
    return { success: true as const, msg: t('members.details_saved'), memberDetails: await accounts.saveDetails(session.memberId, request.body) };
  });

  registerCall(api, deleteAccount, async (request, reply) => {
    const session = await memberSession(request);
    await accounts.deleteAccount(session.memberId, request.body.reason_for_deletion_id);
    await request.server.sessions.endMemberSessions(session.memberId);
    // The browser carries on as a new visitor.
    await rotateSession(request, reply, null);
    return { success: true as const, msg: t('members.account_deleted'), redirect: '/' };
  });

  registerCall(
    api,
    getDeletionReasons,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { success: true as const, data: await accounts.deletionReasons() };
    },
    { session: false },
  );

  registerCall(
    api,
    getSignUpStatics,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { success: true as const, data: await accounts.signUpStatics() };
    },
    { session: false },
  );
}
