/**
 * How every back-office module registers its calls: `registerAdminCall` wraps the handler in the
 * access check of the call's `defineAdminCall` rule (401 without a signed-in staff session, 403
 * when the role lacks the permission), run before the input is validated and however the handler is reached; routes
 * carry `staff: true`, so their CSRF token is the staff session's. `audit` writes the one audit
 * entry of a change, in the change's own transaction; `auditByShop` that of a change no member of
 * staff made (the shop's background jobs).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ACCESS, type AdminAccess } from '../../../../src/contract/admin-access';
import type { CallDefinition } from '../../../../src/contract/define';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { unauthorised } from '../../../errors';
import { type CallHandler, registerCall } from '../../../http/route';
import { currentStaffSession } from '../../../plugins/staff-session';
import { createAuditRepository } from './audit-repository';
import type { StaffRow } from './repository';
import { createStaffService, STAFF_MESSAGES, type StaffService } from './service';
import { secretBox } from './totp';
import { totpKeyOf } from './totp-key';

const signedIn = new WeakMap<FastifyRequest, StaffRow>();

/** The member of staff the access check let through for this request. */
export function staffOf(request: FastifyRequest): StaffRow {
  const row = signedIn.get(request);
  if (!row) throw unauthorised(STAFF_MESSAGES.signInRequired);
  return row;
}

/** The check before every back-office call but the sign-in steps. */
function requireStaff(service: StaffService, access: Exclude<AdminAccess, 'sign-in'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await currentStaffSession(request);
    if (!session || session.stage !== 'signed-in' || session.staffId === null) throw unauthorised(STAFF_MESSAGES.signInRequired);
    signedIn.set(request, await service.authorise(session.staffId, access));
  };
}

export interface AuditChange {
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AdminCalls {
  registerAdminCall<C extends CallDefinition>(call: C, handler: CallHandler<C>): void;
  /** Writes the audit entry of a change made by this request's member of staff, in `tx`. */
  audit(tx: Database, request: FastifyRequest, change: AuditChange): Promise<void>;
}

/**
 * Writes the audit entry of a change the shop made by itself, with no member of staff (a
 * background job finishing what staff asked for), in `tx`: no staff id, so the log names nobody.
 */
export async function auditByShop(tx: Database, change: AuditChange, at: Date): Promise<void> {
  await createAuditRepository(tx).insert({ staffId: null, ...change, at });
}

export function adminCalls(api: FastifyInstance, { db, config, service }: { db: Database; config: Config; service?: StaffService }): AdminCalls {
  const staffService = service ?? createStaffService({ db, now: () => api.clock(), box: secretBox(totpKeyOf(config)), issuer: config.shop.name });
  return {
    registerAdminCall(call, handler) {
      const access = ADMIN_ACCESS.get(call);
      if (!access) throw new Error(`${call.method} ${call.path} is not made by defineAdminCall`);
      const check = access === 'sign-in' ? null : requireStaff(staffService, access);
      registerCall(
        api,
        call,
        async (request, reply) => {
          // Checked before validation already (so a visitor gets 401, not 422); again here only
          // when the handler is reached some other way.
          if (check && !signedIn.has(request)) await check(request);
          return handler(request, reply);
        },
        { staff: true, signedIn: check !== null },
        check ?? undefined,
      );
    },
    async audit(tx, request, change) {
      await createAuditRepository(tx).insert({ staffId: staffOf(request).id, ...change, at: api.clock() });
    },
  };
}
