/**
 * The back office's sign-in, staff accounts and audit log under /web-api/admin, each registered by
 * `registerAdminCall` (admin-calls.ts) with the access its `defineAdminCall` gives it: the sign-in
 * steps are open, every other call checks the staff session and the role first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminAuditLog,
  adminMe,
  adminPasswordChange,
  adminSignIn,
  adminSignInTotp,
  adminSignOut,
  adminStaffCreate,
  adminStaffDisable,
  adminStaffList,
  adminStaffRole,
  adminTotpConfirm,
} from '../../../../src/contract/admin';
import { permissionsOf } from '../../../../src/domain/staff-permissions';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { StaffSessionStage } from '../../../db/schema';
import { DomainError, unauthorised } from '../../../errors';
import { HttpError } from '../../../http/http-error';
import { advanceStaffSession, currentStaffSession, renewStaffSession, type StaffSession } from '../../../plugins/staff-session';
import { createSignInThrottle, SIGN_IN_WINDOW_MS } from '../../members/index';
import type { StaffRow } from './repository';
import { adminCalls, staffOf } from './admin-calls';
import { periodicRounds } from '../../../plugins/periodic-rounds';
import { createStaffService, STAFF_MESSAGES, toStaffRecord } from './service';
import { secretBox } from './totp';
import { totpKeyOf } from './totp-key';

const meOf = (row: StaffRow) => ({ id: row.id, name: row.name, email: row.email, role: row.role, permissions: permissionsOf(row.role) });

export async function staffRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const now = () => api.clock();
  const service = createStaffService({ db, now, box: secretBox(totpKeyOf(config)), issuer: config.shop.name });
  const throttle = createSignInThrottle(db, now);
  // The members' throttle's table, its accounts marked as staff's so the two never mix.
  const attemptOf = (email: string, request: FastifyRequest) => ({ email: `staff:${email.trim().toLowerCase()}`, address: request.ip });

  const { registerAdminCall } = adminCalls(api, { db, config, service });

  /** Refuses a sign-in step while this address has failed too often for this account. */
  async function throttled(attempt: { email: string; address: string }, reply: FastifyReply): Promise<void> {
    const wait = await throttle.retryAfter(attempt);
    if (wait === null) return;
    reply.header('retry-after', String(wait));
    throw new HttpError(429, `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  }

  /** Runs a sign-in step, counting a 401 as a failure of the account from this address. */
  async function counted<T>(attempt: { email: string; address: string }, step: () => Promise<T>): Promise<T> {
    try {
      const result = await step();
      await throttle.succeeded(attempt);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthorised') await throttle.failed(attempt);
      throw error;
    }
  }

  /** Moves the session on, or 401 when another request moved it first. */
  async function advance(request: FastifyRequest, reply: FastifyReply, stage: StaffSessionStage, staffId: number): Promise<StaffSession> {
    const session = await advanceStaffSession(request, reply, stage, staffId);
    if (!session) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
    return session;
  }

  /** The account whose password step this session holds, in the stage given; 401 otherwise. */
  async function pending(request: FastifyRequest, stage: 'second-factor' | 'enrol'): Promise<StaffRow> {
    const session = await currentStaffSession(request);
    if (!session || session.stage !== stage || session.staffId === null) throw unauthorised(STAFF_MESSAGES.noSignInWaiting);
    return service.pendingAccount(session.staffId);
  }

  periodicRounds(api, { name: 'old failed staff sign-ins purge', intervalMs: SIGN_IN_WINDOW_MS, timeLimitMs: 60_000, round: () => throttle.purge() });

  registerAdminCall(adminSignIn, async (request, reply) => {
    const attempt = attemptOf(request.body.email, request);
    await throttled(attempt, reply);
    const row = await counted(attempt, () => service.authenticate(request.body.email, request.body.password));
    if (row.totpConfirmedAt) {
      await advance(request, reply, 'second-factor', row.id);
      return { success: true as const, msg: STAFF_MESSAGES.secondFactor, second_factor: true, enrolment: null };
    }
    await advance(request, reply, 'enrol', row.id);
    return { success: true as const, msg: STAFF_MESSAGES.enrol, second_factor: false, enrolment: await service.beginEnrolment(row) };
  });

  registerAdminCall(adminSignInTotp, async (request, reply) => {
    const row = await pending(request, 'second-factor');
    const attempt = attemptOf(row.email, request);
    await throttled(attempt, reply);
    await counted(attempt, () => service.completeSignIn(row.id, request.body.code));
    await advance(request, reply, 'signed-in', row.id);
    return { success: true as const, msg: STAFF_MESSAGES.signedIn, staff: meOf(row) };
  });

  registerAdminCall(adminTotpConfirm, async (request, reply) => {
    const row = await pending(request, 'enrol');
    const attempt = attemptOf(row.email, request);
    await throttled(attempt, reply);
    const { recoveryCodes } = await counted(attempt, () => service.confirmEnrolment(row.id, request.body.code));
    await advance(request, reply, 'signed-in', row.id);
    reply.header('cache-control', 'no-store');
    return { success: true as const, msg: STAFF_MESSAGES.enrolled, staff: meOf(row), recovery_codes: recoveryCodes };
  });

  registerAdminCall(adminSignOut, async (request, reply) => {
    const row = staffOf(request);
    await service.signedOut(row.id);
    const session = await advanceStaffSession(request, reply, 'anonymous', null);
    if (!session) throw unauthorised(STAFF_MESSAGES.signInRequired);
    return { success: true as const, msg: STAFF_MESSAGES.signedOut };
  });

  registerAdminCall(adminMe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, staff: meOf(staffOf(request)) };
  });

  registerAdminCall(adminPasswordChange, async (request, reply) => {
    const row = await service.changePassword(staffOf(request).id, request.body.current_password, request.body.new_password);
    await renewStaffSession(request, reply, row.id);
    return { success: true as const, msg: STAFF_MESSAGES.passwordChanged };
  });

  registerAdminCall(adminStaffList, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, records: (await service.list()).map(toStaffRecord) };
  });

  registerAdminCall(adminStaffCreate, async (request) => {
    const row = await service.create(staffOf(request).id, request.body);
    return { success: true as const, msg: STAFF_MESSAGES.created, record: toStaffRecord(row) };
  });

  registerAdminCall(adminStaffRole, async (request) => {
    const row = await service.changeRole(staffOf(request).id, request.params.id, request.body.role);
    return { success: true as const, msg: STAFF_MESSAGES.roleChanged, record: toStaffRecord(row) };
  });

  registerAdminCall(adminStaffDisable, async (request) => {
    const row = await service.disable(staffOf(request).id, request.params.id);
    await request.server.staffSessions.endForStaff(row.id);
    return { success: true as const, msg: STAFF_MESSAGES.disabled, record: toStaffRecord(row) };
  });

  registerAdminCall(adminAuditLog, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { page = 1, staff_id: staffId, entity } = request.query;
    return { success: true as const, ...(await service.auditLog({ staffId, entity }, page)) };
  });
}
